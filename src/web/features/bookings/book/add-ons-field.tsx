import { Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatDuration } from '../../../../shared/clock-labels';
import { formatCents } from '../../../../shared/money';
import type { OfferedAddOn } from '../../../../shared/service-add-ons';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import type { api } from '../../../lib/api';
import { endpoint, unwrap } from '../../../lib/api-fetch';
import { useRemote } from '../../../lib/use-remote';
import type { BookingFormApi } from './steps/booking-form-api';

const postOffered = endpoint<(typeof api.api.public)['add-ons']['offered']['$post']>(
  'POST',
  '/api/public/add-ons/offered',
);

/** The add-ons offered for the chosen service and vehicle (and the email's history), for /book's add-ons and totals. */
export function useOfferedAddOns(q: {
  businessId?: string;
  serviceId?: string;
  vehicleType?: string;
  email?: string;
}) {
  const email =
    q.email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(q.email) ? q.email.trim().toLowerCase() : undefined;
  const offered = useRemote(
    q.businessId && q.serviceId ? ['booking-add-ons', q.businessId, q.serviceId, q.vehicleType, email] : null,
    () =>
      unwrap(
        postOffered({
          json: {
            businessId: q.businessId ?? '',
            serviceId: q.serviceId ?? '',
            vehicleType: q.vehicleType as never,
            email,
          },
        }),
      ),
    { staleMs: 30_000 },
  );
  // Typing the email asks again (suggestions read the customer's history); meanwhile the service's list as last read
  // stands, so the add-ons already ticked are not dropped while it loads.
  const listOf = q.businessId && q.serviceId ? `${q.businessId}/${q.serviceId}/${q.vehicleType ?? ''}` : null;
  const last = useRef<{ listOf: string | null; items: OfferedAddOn[] }>({ listOf: null, items: [] });
  if (offered.data) last.current = { listOf, items: offered.data.items as OfferedAddOn[] };
  return (offered.data?.items ??
    (last.current.listOf === listOf ? last.current.items : [])) as OfferedAddOn[];
}

/**
 * /book's add-ons (docs/decisions/1255): once a service is chosen, its add-ons for the vehicle, suggestions first,
 * each a checkbox with its price and extra time. Only ids go to the server, which prices them again.
 */
export function AddOnsField({ form, offered }: { form: BookingFormApi; offered: OfferedAddOn[] }) {
  const chosen = (form.values.addOnIds ?? []) as string[];
  // An add-on no longer offered (another service or vehicle type) is dropped.
  useEffect(() => {
    const kept = chosen.filter((id) => offered.some((a) => a.id === id));
    if (kept.length !== chosen.length) form.setValue('addOnIds', kept);
  }, [offered, chosen, form]);
  if (offered.length === 0) return null;
  const sorted = [...offered].sort((a, b) => Number(Boolean(b.suggestion)) - Number(Boolean(a.suggestion)));
  const toggle = (id: string, on: boolean) =>
    form.setValue('addOnIds', on ? [...chosen, id] : chosen.filter((x) => x !== id));
  return (
    <Card>
      <section aria-labelledby="section-add-ons">
        <CardHeader>
          <h2 id="section-add-ons" className="flex items-center gap-3 text-lg font-semibold text-slate-900">
            <span
              className="flex size-7 items-center justify-center rounded-full bg-accent text-sm text-white"
              aria-hidden="true"
            >
              +
            </span>
            Add-ons
          </h2>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2">
            {sorted.map((a) => {
              const id = `add-on-${a.id}`;
              const on = chosen.includes(a.id);
              return (
                <li key={a.id}>
                  <label
                    htmlFor={id}
                    className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 ${
                      on ? 'border-navy-900 bg-slate-50' : 'border-slate-200'
                    }`}
                  >
                    <input
                      id={id}
                      type="checkbox"
                      className="mt-1 size-4 accent-navy-900"
                      checked={on}
                      onChange={(e) => toggle(a.id, e.target.checked)}
                    />
                    <span className="grid flex-1 gap-0.5">
                      <span className="flex flex-wrap items-baseline justify-between gap-2">
                        <span className="font-medium text-slate-900">{a.name}</span>
                        <span className="tabular-nums text-slate-900">+{formatCents(a.priceCents)}</span>
                      </span>
                      {a.extraMinutes > 0 && (
                        <span className="text-xs text-slate-600">Adds {formatDuration(a.extraMinutes)}</span>
                      )}
                      {a.suggestion && (
                        <span className="flex items-center gap-1 text-xs font-medium text-green-800">
                          <Sparkles className="size-3.5" aria-hidden="true" /> {a.suggestion}
                        </span>
                      )}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </section>
    </Card>
  );
}
