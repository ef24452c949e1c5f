import type { VehicleType } from '../../../shared/constants';
import { formatCents } from '../../../shared/money';
import { REPEAT_LABELS, REPEAT_WEEKS, repeatDiscountPercent, repeatVisitPrice } from '../../../shared/series';
import { addOnsTotal } from '../../../shared/service-add-ons';
import { useRepeatTerms } from '../../api/series';
import { useServiceAddOns } from '../../api/service-add-ons';
import { Checkbox } from '../../components/ui/checkbox';
import { Field, InlineField } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

type Weeks = '' | '1' | '2' | '4';
const ONCE = 'once';

/**
 * The owner's New booking, after the service (issue 32, decision 1255): how often (a repeatable service every 1, 2 or
 * 4 weeks at the owner's discount, booked as a series as /book does) and the service's add-ons for a one-off. The
 * server prices both; what shows here is the same rule (src/shared/series.ts, the add-ons' own prices).
 */
export function BookingExtrasFields({
  serviceId,
  vehicleType,
  listPriceCents,
  repeatWeeks,
  onRepeatWeeks,
  addOnIds,
  onAddOnIds,
}: {
  serviceId: string;
  vehicleType: VehicleType;
  listPriceCents: number | null;
  repeatWeeks: Weeks;
  onRepeatWeeks: (weeks: Weeks) => void;
  addOnIds: string[];
  onAddOnIds: (ids: string[]) => void;
}) {
  const terms = useRepeatTerms(Boolean(serviceId));
  // Add-ons are Pro's (decision 1255): on Starter the list answers 402 and nothing is offered.
  const addOns = useServiceAddOns(serviceId || null);
  const t = terms.data?.items.find((x) => x.serviceId === serviceId && x.repeatable);
  const offered = (addOns.data?.items ?? []).filter(
    (a) => a.isActive && (a.vehicleTypes.length === 0 || a.vehicleTypes.includes(vehicleType)),
  );
  const chosen = offered.filter((a) => addOnIds.includes(a.id));
  const extra = addOnsTotal(chosen);
  const repeat =
    t && repeatWeeks
      ? repeatVisitPrice(listPriceCents ?? 0, repeatDiscountPercent(t, Number(repeatWeeks) as 1 | 2 | 4))
      : null;
  if (!t && offered.length === 0) return null;
  return (
    <div className="grid gap-3">
      {t && (
        <Field
          id="bf-repeat"
          label="How often"
          hint={
            repeat
              ? `${formatCents(repeat.visitCents)} a visit (${repeat.percent}% off), charged to the saved card after each completed visit`
              : undefined
          }
        >
          <Select
            value={repeatWeeks || ONCE}
            onValueChange={(v) => onRepeatWeeks(v === ONCE ? '' : (v as Weeks))}
          >
            <SelectTrigger id="bf-repeat">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ONCE}>Just once</SelectItem>
              {REPEAT_WEEKS.map((w) => (
                <SelectItem key={w} value={String(w)}>
                  {REPEAT_LABELS[w]} ({repeatDiscountPercent(t, w)}% off)
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      )}
      {!repeatWeeks && offered.length > 0 && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-900">Add-ons</legend>
          {offered.map((a) => (
            <InlineField
              key={a.id}
              id={`bf-addon-${a.id}`}
              label={`${a.name} (+${formatCents(a.priceCents)}${a.extraMinutes ? `, +${a.extraMinutes} min` : ''})`}
            >
              <Checkbox
                checked={addOnIds.includes(a.id)}
                onCheckedChange={(checked) =>
                  onAddOnIds(checked ? [...addOnIds, a.id] : addOnIds.filter((x) => x !== a.id))
                }
              />
            </InlineField>
          ))}
          {chosen.length > 0 && listPriceCents !== null && (
            <p className="text-sm text-slate-700" data-testid="bf-addons-total">
              With add-ons:{' '}
              <span className="font-semibold tabular-nums">
                {formatCents(listPriceCents + extra.priceCents)}
              </span>
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
}
