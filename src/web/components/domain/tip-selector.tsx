import { useState } from 'react';
import { TIP_PERCENTS, type TipChoice, tipCents } from '../../../shared/document-money';
import { dollarsToCents, formatCents, formatMoney } from '../../../shared/money';
import { cn } from '../../lib/class-merge';
import { Input } from '../ui/input';

/**
 * The tip choices of the pay pages: none, 15 / 20 / 25 % of the price before tax, or a custom amount. The tip is
 * its own line (docs/decisions/0501); the invoice pay page offers the same choices in plain HTML.
 */
export function TipSelector({
  value,
  onChange,
  baseCents,
  idPrefix = 'tip',
}: {
  value: TipChoice;
  onChange: (choice: TipChoice) => void;
  baseCents: number;
  idPrefix?: string;
}) {
  const [custom, setCustom] = useState(value.kind === 'custom' ? formatMoney(value.cents) : '');
  const options: { key: string; label: string; choice: TipChoice }[] = [
    { key: 'none', label: 'No tip', choice: { kind: 'none' } },
    ...TIP_PERCENTS.map((percent) => ({
      key: String(percent),
      label: `${percent}% (${formatCents(tipCents({ kind: 'percent', percent }, baseCents))})`,
      choice: { kind: 'percent', percent } as TipChoice,
    })),
    { key: 'custom', label: 'Custom', choice: { kind: 'custom', cents: dollarsToCents(custom) ?? 0 } },
  ];
  const selected = value.kind === 'percent' ? String(value.percent) : value.kind;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-semibold text-slate-900">Add a tip?</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {options.map((o) => (
          <label
            key={o.key}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
              // One border colour or the other: /book's island joins classes without tailwind-merge (decision 914).
              selected === o.key ? 'border-accent bg-accent-soft font-semibold' : 'border-slate-300',
            )}
          >
            <input
              type="radio"
              name={`${idPrefix}-choice`}
              className="accent-current"
              checked={selected === o.key}
              onChange={() => onChange(o.choice)}
            />
            {o.label}
          </label>
        ))}
      </div>
      {value.kind === 'custom' && (
        <div className="grid max-w-48 gap-1">
          <label htmlFor={`${idPrefix}-custom`} className="text-sm font-medium text-slate-800">
            Custom tip ($)
          </label>
          <Input
            id={`${idPrefix}-custom`}
            inputMode="decimal"
            placeholder="0.00"
            value={custom}
            onChange={(e) => {
              setCustom(e.target.value);
              onChange({ kind: 'custom', cents: dollarsToCents(e.target.value) ?? 0 });
            }}
          />
        </div>
      )}
    </fieldset>
  );
}
