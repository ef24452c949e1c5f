import {
  REPEAT_LABELS,
  REPEAT_WEEKS,
  type RepeatDiscounts,
  type RepeatWeeks,
  repeatDiscountPercent,
} from '../../../../shared/series';

/** "How often": just once, or every 1, 2 or 4 weeks with the owner's discount (issue 32, decision 1257). */
export function RepeatChoice({
  terms,
  value,
  onChange,
}: {
  terms: RepeatDiscounts;
  value: RepeatWeeks | null;
  onChange: (weeks: RepeatWeeks | null) => void;
}) {
  const choices: { weeks: RepeatWeeks | null; label: string; note: string }[] = [
    { weeks: null, label: 'Just once', note: 'Pay now' },
    ...REPEAT_WEEKS.map((weeks) => {
      const percent = repeatDiscountPercent(terms, weeks);
      return {
        weeks,
        label: REPEAT_LABELS[weeks],
        note: percent > 0 ? `${percent}% off each visit` : 'Same price',
      };
    }),
  ];
  return (
    <fieldset className="mb-4">
      <legend className="mb-2 text-sm font-medium text-slate-900">How often</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {choices.map((c) => {
          const checked = value === c.weeks;
          return (
            <label
              key={c.label}
              className={`flex cursor-pointer flex-col rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-600 ${
                checked ? 'border-navy-900 bg-slate-50 ring-1 ring-navy-900' : 'border-slate-300 bg-white'
              }`}
            >
              <input
                type="radio"
                name="repeatWeeks"
                className="sr-only"
                checked={checked}
                onChange={() => onChange(c.weeks)}
              />
              <span className="font-medium text-slate-900">{c.label}</span>
              <span className={c.weeks && c.note.includes('off') ? 'text-green-800' : 'text-slate-600'}>
                {c.note}
              </span>
            </label>
          );
        })}
      </div>
      {value && (
        <p className="mt-2 text-xs text-slate-600">
          Same place, weekday and time. Your card is saved now and charged after each completed visit; skip a
          visit or cancel any time.
        </p>
      )}
    </fieldset>
  );
}
