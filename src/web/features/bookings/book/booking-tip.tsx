import type { VehicleType } from '../../../../shared/constants';
import {
  applyDiscounts,
  bookingTipCents,
  type PromoTerms,
  type RewardTerms,
} from '../../../../shared/discounts';
import type { TipChoice } from '../../../../shared/document-money';
import { formatCents } from '../../../../shared/money';
import { servicePriceCents } from '../../../../shared/pricing';
import { TipSelector } from '../../../components/domain/tip-selector';
import { type BookingFormApi, Controller } from './steps/booking-form-api';

/** The booking's tip (its own line, charged with the price) and the amount the checkout will charge. */
export function BookingTip({
  control,
  service,
  vehicleType,
  discounts,
  addOnsCents = 0,
}: {
  control: BookingFormApi;
  /** The chosen add-ons' prices (decision 1255), part of what the tip is a percentage of. */
  addOnsCents?: number;
  /** The promo code and reward of the Price Summary: the charge is the discounted price plus the tip. */
  discounts?: { promo?: PromoTerms | null; reward?: RewardTerms | null };
  service?: Parameters<typeof servicePriceCents>[0];
  vehicleType?: VehicleType;
}) {
  if (!service || !vehicleType) return null;
  // What the customer pays for the service after discounts: the base of the tip suggestions (decision 0947).
  const total = applyDiscounts(servicePriceCents(service, vehicleType) + addOnsCents, discounts).totalCents;
  return (
    <Controller
      control={control}
      name="tip"
      render={({ field }) => {
        const choice = (field.value ?? { kind: 'none' }) as TipChoice;
        const tip = bookingTipCents(choice, { totalCents: total });
        return (
          <div className="mt-4 grid gap-3 border-t border-slate-200 pt-4">
            <TipSelector value={choice} onChange={field.onChange} baseCents={total} idPrefix="booking-tip" />
            {tip > 0 && (
              <p className="flex justify-between text-sm" data-testid="charge-total">
                <span className="text-slate-600">Tip {formatCents(tip)} · charged now</span>
                <span className="font-semibold tabular-nums">{formatCents(total + tip)}</span>
              </p>
            )}
          </div>
        );
      }}
    />
  );
}
