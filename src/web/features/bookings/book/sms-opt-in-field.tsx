import type * as React from 'react';

/**
 * The SMS marketing opt-in on the booking form: unchecked until the customer ticks it (TCPA needs their own consent;
 * booking texts such as reminders do not depend on it). Spreads react-hook-form's register().
 */
export function SmsOptInField(props: React.ComponentProps<'input'>) {
  return (
    <label className="flex items-start gap-2 text-sm text-slate-700 sm:col-span-2">
      <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-[var(--color-accent)]" {...props} />
      <span>
        Text me offers and news from this business (optional). Message frequency varies; msg &amp; data rates
        may apply. Reply STOP to opt out, HELP for help.
      </span>
    </label>
  );
}
