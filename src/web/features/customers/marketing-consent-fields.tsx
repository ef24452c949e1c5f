import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ConsentInput } from '../../../shared/campaigns';
import { formatDate } from '../../../shared/time';
import { useBusinessTimeZone } from '../../api/scheduling';
import { api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';

const SOURCES: Record<string, string> = {
  booking_form: 'on the booking form',
  owner: 'by you',
  unsubscribe_link: 'by the unsubscribe link',
  sms_keyword: 'by a text reply',
};

const consentQuery = (id: string) => ({
  queryKey: queryKeys.customers.consent(id),
  queryFn: () => unwrap(api.api['customer-consent'][':id'].$get({ param: { id } })),
});

/** Saves the consent the owner recorded (only a change is stored, with source "owner" and the time). */
export async function saveMarketingConsent(customerId: string, values: ConsentInput) {
  await unwrap(api.api['customer-consent'][':id'].$put({ param: { id: customerId }, json: values }));
  await queryClient.invalidateQueries({ queryKey: queryKeys.customers.consent(customerId) });
  await queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.all });
}

/**
 * Email and SMS marketing consent on the customer form: email is on until the customer unsubscribes (CAN-SPAM); SMS
 * needs the customer's own agreement (TCPA), which the owner records here. Reports changes through onChange.
 */
export function MarketingConsentFields({
  customerId,
  open,
  onChange,
}: {
  customerId: string | null;
  open: boolean;
  onChange: (values: ConsentInput | null) => void;
}) {
  const timeZone = useBusinessTimeZone();
  const consent = useQuery({ ...consentQuery(customerId ?? ''), enabled: open && customerId !== null });
  const [values, setValues] = useState<ConsentInput>({ emailMarketing: true, smsMarketing: false });

  useEffect(() => {
    if (!open) return;
    onChange(null);
    setValues(
      consent.data
        ? { emailMarketing: consent.data.emailMarketing, smsMarketing: consent.data.smsMarketing }
        : { emailMarketing: true, smsMarketing: false },
    );
  }, [open, consent.data, onChange]);

  const set = (key: keyof ConsentInput, value: boolean) => {
    const next = { ...values, [key]: value };
    setValues(next);
    onChange(next);
  };
  const d = consent.data;
  return (
    <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:col-span-2">
      <legend className="px-1 text-sm font-medium text-slate-800">Marketing consent</legend>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-[var(--color-accent)]"
          checked={values.emailMarketing}
          onChange={(e) => set('emailMarketing', e.target.checked)}
        />
        <span>
          Marketing e-mails: on until the customer unsubscribes
          {d?.emailSource && (
            <span className="block text-xs text-slate-500">
              Changed {SOURCES[d.emailSource] ?? d.emailSource}
              {d.emailUpdatedAt &&
                ` on ${formatDate(d.emailUpdatedAt, timeZone, { weekday: false, month: 'numeric' })}`}
            </span>
          )}
        </span>
      </label>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-[var(--color-accent)]"
          checked={values.smsMarketing}
          onChange={(e) => set('smsMarketing', e.target.checked)}
        />
        <span>
          Marketing texts: the customer agreed to receive them
          {d?.smsBlocked && (
            <span className="block text-xs text-amber-700">
              This number replied STOP: no texts until it replies START.
            </span>
          )}
          {d?.smsSource && (
            <span className="block text-xs text-slate-500">
              Recorded {SOURCES[d.smsSource] ?? d.smsSource}
              {d.smsUpdatedAt &&
                ` on ${formatDate(d.smsUpdatedAt, timeZone, { weekday: false, month: 'numeric' })}`}
            </span>
          )}
        </span>
      </label>
    </fieldset>
  );
}
