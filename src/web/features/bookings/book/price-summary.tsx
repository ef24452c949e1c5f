import { Fragment } from 'react';
import { vehicleLine } from '../../../../shared/booking-vehicles';
import { formatDuration } from '../../../../shared/clock-labels';
import type { VehicleType } from '../../../../shared/constants';
import { applyDiscounts, type PromoTerms, type RewardTerms } from '../../../../shared/discounts';
import { formatCents } from '../../../../shared/money';
import { multiplierFor, servicePriceCents, VEHICLE_TYPE_LABELS } from '../../../../shared/pricing';
import { REPEAT_LABELS, type RepeatWeeks, repeatVisitPrice } from '../../../../shared/series';
import { type PlanTerms, planDeductionCents } from './plan-member';

interface PricedService {
  name: string;
  basePriceCents: number;
  durationMinutes: number;
  vehicleTypeMultipliers: Partial<Record<string, number>>;
}

/** Base × vehicle multiplier, rounded to whole dollars — the same rule the server charges (§9). */
export function PriceSummary({
  service,
  vehicleType,
  promo,
  reward,
  addOns = [],
  repeat,
  plan,
  extraVehicles = [],
}: {
  service?: PricedService;
  /** The household's further vehicles (decision 1325): each its service at §9's price and its add-ons, in the total. */
  extraVehicles?: readonly {
    service?: PricedService;
    vehicleType?: VehicleType;
    addOns: readonly { id: string; name: string; priceCents: number; extraMinutes: number }[];
  }[];
  /** The chosen add-ons (decision 1255): each its own line, added before discounts, their minutes to the duration. */
  addOns?: readonly { id: string; name: string; priceCents: number; extraMinutes: number }[];
  /** Repeat visits: the frequency and its discount; the total is then per visit (promo and reward do not apply). */
  repeat?: { weeks: RepeatWeeks; percent: number } | null;
  vehicleType?: VehicleType;
  /** A checked promo code: its discount line, in the shared order of discounts (src/shared/discounts.ts). */
  promo?: (PromoTerms & { code: string }) | null;
  /** A chosen loyalty reward, after the code (decision 710). */
  reward?: (RewardTerms & { name: string }) | null;
  /** A plan member's credit or discount (decision 1260), before any code or reward. */
  plan?: PlanTerms | null;
}) {
  if (!service) return <p className="text-sm text-slate-600">Choose a service to see your price.</p>;
  const multiplier = vehicleType ? multiplierFor(service.vehicleTypeMultipliers, vehicleType) : null;
  const addOnsCents = addOns.reduce((sum, a) => sum + a.priceCents, 0);
  const addOnsMinutes = addOns.reduce((sum, a) => sum + a.extraMinutes, 0);
  const others = extraVehicles.map((v) =>
    v.service && v.vehicleType
      ? { ...v, line: vehicleLine({ service: v.service, vehicleType: v.vehicleType, addOns: v.addOns }) }
      : { ...v, line: null },
  );
  const othersCents = others.reduce((sum, v) => sum + (v.line?.priceCents ?? 0), 0);
  const othersMinutes = others.reduce((sum, v) => sum + (v.line?.durationMinutes ?? 0), 0);
  const listed = vehicleType ? servicePriceCents(service, vehicleType) : null;
  const planCents = listed === null ? 0 : planDeductionCents(listed, plan ?? null);
  const price =
    listed === null
      ? null
      : applyDiscounts(listed - planCents + addOnsCents + othersCents, repeat ? {} : { promo, reward });
  const visit = repeat && listed !== null ? repeatVisitPrice(listed, repeat.percent) : null;
  const total = visit ? visit.visitCents : price ? price.totalCents : null;
  return (
    <dl className="grid gap-2 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{service.name}</dt>
        <dd className="tabular-nums">{formatCents(service.basePriceCents)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">
          Vehicle {vehicleType ? `(${VEHICLE_TYPE_LABELS[vehicleType]})` : ''}
        </dt>
        <dd className="tabular-nums">{multiplier === null ? 'Choose a vehicle type' : `× ${multiplier}`}</dd>
      </div>
      {addOns.map((a) => (
        <div key={a.id} className="flex justify-between gap-4" data-testid="price-add-on">
          <dt className="text-slate-600">Add-on: {a.name}</dt>
          <dd className="tabular-nums">+{formatCents(a.priceCents)}</dd>
        </div>
      ))}
      {others.map((v, i) => (
        <Fragment key={i}>
          <div className="flex justify-between gap-4" data-testid="price-vehicle">
            <dt className="text-slate-600">
              Vehicle {i + 2}: {v.service?.name ?? 'Choose a service'}
              {v.vehicleType ? ` (${VEHICLE_TYPE_LABELS[v.vehicleType]})` : ''}
            </dt>
            <dd className="tabular-nums">
              {v.line ? formatCents(v.line.serviceCents) : 'Choose a vehicle type'}
            </dd>
          </div>
          {v.addOns.map((a) => (
            <div key={a.id} className="flex justify-between gap-4">
              <dt className="text-slate-600">Add-on: {a.name}</dt>
              <dd className="tabular-nums">+{formatCents(a.priceCents)}</dd>
            </div>
          ))}
        </Fragment>
      ))}
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">Duration</dt>
        <dd>{formatDuration(service.durationMinutes + addOnsMinutes + othersMinutes)}</dd>
      </div>
      {repeat && visit && (
        <div className="flex justify-between gap-4 text-green-800" data-testid="price-repeat">
          <dt>
            {REPEAT_LABELS[repeat.weeks]} ({visit.percent}% off)
          </dt>
          <dd className="tabular-nums">−{formatCents(visit.discountCents)}</dd>
        </div>
      )}
      {plan && price && planCents > 0 && (
        <div className="flex justify-between gap-4 text-green-800" data-testid="price-plan">
          <dt>
            {plan.useCredit
              ? `Included in ${plan.name} (1 credit)`
              : `${plan.name}: ${plan.discountPercent}% off`}
          </dt>
          <dd className="whitespace-nowrap tabular-nums">−{formatCents(planCents)}</dd>
        </div>
      )}
      {!repeat && promo && price && price.promoDiscountCents > 0 && (
        <div className="flex justify-between gap-4 text-green-800" data-testid="price-promo">
          <dt>Promo code {promo.code}</dt>
          <dd className="tabular-nums">−{formatCents(price.promoDiscountCents)}</dd>
        </div>
      )}
      {!repeat && reward && price && (
        <div className="flex justify-between gap-4 text-green-800" data-testid="price-reward">
          <dt>Reward: {reward.name}</dt>
          <dd className="tabular-nums">
            {reward.category === 'product' ? 'At your visit' : `−${formatCents(price.rewardDiscountCents)}`}
          </dd>
        </div>
      )}
      <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-slate-200 pt-3">
        <dt className="text-base font-semibold text-slate-900">{repeat ? 'Each visit' : 'Total'}</dt>
        <dd className="text-2xl font-bold tabular-nums text-slate-900" data-testid="price-total">
          {total === null ? '—' : formatCents(total)}
        </dd>
      </div>
      {repeat && (
        <p className="text-xs text-slate-600">
          Nothing is charged today: each visit is charged after it is completed.
        </p>
      )}
    </dl>
  );
}
