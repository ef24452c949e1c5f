import { LOCATIONS_TEXT } from '../../../shared/locations';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select';

export const ALL_LOCATIONS = 'all';

/** The location filter of an Elite business with two or more locations (decision 1280). */
export function LocationFilter({
  choices,
  value,
  onChange,
}: {
  choices: Array<{ id: string; name: string }>;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger aria-label="Location" className="w-full sm:w-56">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL_LOCATIONS}>{LOCATIONS_TEXT.allLocations}</SelectItem>
        {choices.map((l) => (
          <SelectItem key={l.id} value={l.id}>
            {l.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
