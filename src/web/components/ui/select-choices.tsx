import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';
import type { SelectOnDemandProps } from './select-on-demand';

/** The Radix Select behind SelectOnDemand, loaded on first use (opened at once when the look-alike was pressed). */
export function SelectChoices({
  id,
  value,
  onValueChange,
  placeholder,
  choices,
  disabled,
  defaultOpen,
  ...rest
}: SelectOnDemandProps & { defaultOpen: boolean }) {
  return (
    <Select value={value} onValueChange={onValueChange} disabled={disabled} defaultOpen={defaultOpen}>
      <SelectTrigger id={id} aria-invalid={rest['aria-invalid']}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {choices.map((c) => (
          <SelectItem key={c.value} value={c.value} disabled={c.disabled}>
            {c.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
