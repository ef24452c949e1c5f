import { Search } from 'lucide-react';
import { cn } from '../../lib/class-merge';
import { Input } from './input';
import { Label } from './label';

/**
 * A list's search box: a magnifier inside a search input. With an `id`, `label` is a label for screen readers;
 * without, the input's aria-label.
 */
export function SearchField({
  id,
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  id?: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={cn('relative', className)}>
      {id && (
        <Label htmlFor={id} className="sr-only">
          {label}
        </Label>
      )}
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        aria-label={id ? undefined : label}
        placeholder={placeholder}
        className="pl-9"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
