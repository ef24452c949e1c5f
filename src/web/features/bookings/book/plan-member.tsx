import { BadgeCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { planDiscountedCents, planIncludesService } from '../../../../shared/membership-prices';
import type { api } from '../../../lib/api';
import { endpoint, unwrap } from '../../../lib/api-fetch';
import { useRemote } from '../../../lib/use-remote';

// A plan member books from their member page: /book?business=…&member=<their link token> (decision 1260).

type MemberGet = (typeof api.api.public.memberships.member)[':token']['$get'];
const loadMember = (token: string) =>
  unwrap(
    endpoint<MemberGet>('GET', `/api/public/memberships/member/${encodeURIComponent(token)}`)({} as never),
  );
export type PlanMemberView = Awaited<ReturnType<typeof loadMember>>;

/** The member token of the page's URL, read after hydration (the server renders /book without it). */
export function useMemberToken() {
  const [token, setToken] = useState<string | undefined>();
  useEffect(() => {
    const found = new URLSearchParams(window.location.search).get('member');
    if (found && found.length <= 100) setToken(found);
  }, []);
  return token;
}

export const usePlanMember = (token: string | undefined) =>
  useRemote(token ? ['plan-member', token] : null, () => loadMember(token!), { staleMs: 15_000 });

/** What the plan does for this service and vehicle: a credit (free), or its discount. */
export interface PlanTerms {
  name: string;
  useCredit: boolean;
  discountPercent: number;
}
export function planTermsFor(
  member: PlanMemberView | undefined,
  serviceId: string | undefined,
  vehicleType: string | undefined,
): PlanTerms | null {
  if (member?.status !== 'active' || !serviceId || !vehicleType) return null;
  const included = planIncludesService(member.plan, serviceId, vehicleType);
  return {
    name: member.plan.name,
    useCredit: included && member.credits > 0,
    discountPercent: member.plan.discountPercent,
  };
}

/** The plan's part of a price: the whole price with a credit, else its discount. */
export const planDeductionCents = (priceCents: number, plan: PlanTerms | null) =>
  !plan
    ? 0
    : plan.useCredit
      ? priceCents
      : priceCents - planDiscountedCents(priceCents, plan.discountPercent);

/** The member's banner at the top of /book. */
export function PlanMemberBanner({ member, failed }: { member?: PlanMemberView; failed: boolean }) {
  if (failed)
    return (
      <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
        This plan link is not valid. You can still book and pay as usual.
      </div>
    );
  if (!member) return null;
  const active = member.status === 'active';
  return (
    <div
      role="status"
      data-testid="plan-banner"
      className={`flex gap-3 rounded-xl border p-4 text-sm ${active ? 'border-green-300 bg-green-50 text-green-900' : 'border-amber-300 bg-amber-50 text-amber-900'}`}
    >
      <BadgeCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <span className="font-semibold">{member.plan.name}</span>
        {active
          ? ` — ${member.credits} included visit${member.credits === 1 ? '' : 's'} left. Included services are paid with a credit${member.plan.discountPercent > 0 ? `; others are ${member.plan.discountPercent}% off` : ''}.`
          : ' is not active right now (on hold, unpaid or cancelled), so it books no visits. You can still book and pay as usual without it.'}
      </p>
    </div>
  );
}
