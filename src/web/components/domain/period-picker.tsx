import { type ReactNode, useState } from 'react';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Input } from '../ui/input';
import { Field } from '../ui/label';

export interface Period {
  from: string;
  to: string;
}

export interface PeriodPreset {
  id: string;
  label: string;
  period: Period;
}

/**
 * A period of days for a report: quick periods (the one shown is pressed), two date inputs and Show. The owner's and
 * the admin's analytics both use it; each page validates a period its own way (`validate` returns the message).
 */
export function PeriodPicker({
  period,
  onChange,
  validate,
  error,
  presets,
  max,
  children,
}: {
  period: Period;
  onChange: (p: Period) => void;
  validate: (p: Period) => string | null;
  /** Why the period asked for (in the address) was not taken. */
  error?: string | null;
  presets: readonly PeriodPreset[];
  max?: string;
  children?: ReactNode;
}) {
  const [draft, setDraft] = useState(period);
  const draftError = validate(draft);
  const active = presets.find((p) => p.period.from === period.from && p.period.to === period.to);
  const choose = (p: Period) => {
    setDraft(p);
    onChange(p);
  };
  return (
    <Card className="mb-6 p-4">
      <fieldset className="mb-3 flex flex-wrap gap-2">
        <legend className="sr-only">Period</legend>
        {presets.map((p) => (
          <Button
            key={p.id}
            type="button"
            size="sm"
            variant={active?.id === p.id ? 'navy' : 'outline'}
            aria-pressed={active?.id === p.id}
            onClick={() => choose(p.period)}
          >
            {p.label}
          </Button>
        ))}
      </fieldset>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (!draftError) onChange(draft);
        }}
      >
        {/* One column on a phone: a date input will not shrink below its own width. */}
        <div className="grid gap-3 sm:flex">
          <Field id="analytics-from" label="From">
            <Input
              type="date"
              value={draft.from}
              max={max}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
          </Field>
          <Field id="analytics-to" label="To">
            <Input
              type="date"
              value={draft.to}
              max={max}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            />
          </Field>
        </div>
        <Button type="submit" disabled={Boolean(draftError)}>
          Show
        </Button>
      </form>
      {(draftError || error) && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-600">
          {draftError ?? error}
        </p>
      )}
      {children}
    </Card>
  );
}
