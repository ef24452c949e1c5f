import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { BookingFormInput } from '../../../../shared/booking.schemas';
import { canBookNow } from '../../../../shared/booking-ready';
import { encodeSlotVehicles, vehicleLine } from '../../../../shared/booking-vehicles';
import type { VehicleType } from '../../../../shared/constants';
import type { RepeatWeeks } from '../../../../shared/series';
import { repeatDiscountPercent } from '../../../../shared/series';
import { BrandBand, PoweredBy } from '../../../components/brand-mark';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { AddOnsField, useOfferedAddOns } from './add-ons-field';
import { type BookingOptions, useRepeatTerms, useSlots, zipInAddress } from './booking-queries';
import { Section } from './booking-section';
import { BookingTip } from './booking-tip';
import { loadBookingValidation } from './booking-validation';
import { CheckoutNotice } from './checkout-notice';
import { AreaLabel } from './choose-business';
import { ExtraVehiclesField, type ExtraVehicleValue, extraVehiclesReady } from './extra-vehicles-field';
import { restoreBookingForm } from './kept-form';
import { landingPathOf } from './landing-path';
import { type ChosenReward, LoyaltyRedeemEntry } from './loyalty-redeem-entry';
import { PlanMemberBanner, planTermsFor, useMemberToken, usePlanMember } from './plan-member';
import { PriceSummary } from './price-summary';
import { type AppliedPromo, PromoCodeField } from './promo-code-field';
import { RepeatChoice } from './repeat-choice';
import { ContactStep } from './steps/contact-step';
import { LocationStep } from './steps/location-step';
import { ScheduleStep } from './steps/schedule-step';
import { ServiceStep } from './steps/service-step';
import { VehicleStep } from './steps/vehicle-step';
import { useBookNow } from './use-book-now';
import { useBookingForm } from './use-booking-form';

/** The booking form: the spec's six sections and Book Now. Rendered on the server too, so nothing here reads the window while rendering. */
export function BookingFormView({
  options,
  zip,
  go,
  framed,
}: {
  options: BookingOptions;
  zip?: string;
  go: (path: string) => void;
  framed?: boolean;
}) {
  const businessId = options.business?.id;
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const [reward, setReward] = useState<ChosenReward | null>(null);
  const [repeatWeeks, setRepeatWeeks] = useState<RepeatWeeks | null>(null);
  const repeatTerms = useRepeatTerms(businessId);
  const form = useBookingForm({
    businessId: businessId ?? null,
    serviceId: '',
    date: '',
    time: '',
    location: '',
    zip: zip ?? '',
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    vehicleMake: '',
    vehicleModel: '',
    vehicleYear: '',
    vehicleColor: '',
    notes: '',
    smsMarketingOptIn: false,
    photoConsent: false,
    landingPath: undefined,
    extraVehicles: [],
  });
  // After the first render (the server's markup is hydrated as it is): where the customer came from, and what they
  // typed before a cancelled checkout (issue 16's "keep the form").
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for this business's form
  useEffect(() => {
    // A service tapped in the server's markup before this script ran: hydration leaves the tap in the page, and the
    // next render of the controlled radios would clear it, so the form takes it up first.
    const tapped = document.querySelector<HTMLInputElement>('input[type="radio"][name="serviceId"]:checked');
    if (tapped && options.services.some((s) => s.id === tapped.value))
      form.setValue('serviceId', tapped.value);
    form.setValue(
      'landingPath',
      landingPathOf(window.location.search, document.referrer, window.location.origin),
    );
    const kept = restoreBookingForm(businessId);
    if (Object.keys(kept).length > 0) form.reset({ ...form.getValues(), ...kept });
  }, []);
  const values = form.values as Partial<Record<keyof BookingFormInput, string>>;
  const service = options.services.find((s) => s.id === values.serviceId);
  const vehicleType = values.vehicleType as VehicleType | undefined;
  // Where the job is: the street address's zip refines the zip the customer arrived with (decision 1248).
  const placeZip =
    zipInAddress(values.location) ?? (/^\d{5}$/.test(values.zip ?? '') ? values.zip : undefined);
  // A plan member's link (decision 1260): included services with a credit, others at the plan's discount.
  const memberToken = useMemberToken();
  const member = usePlanMember(memberToken);
  const plan = planTermsFor(member.data, values.serviceId, vehicleType);
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the link's token is read
  useEffect(() => {
    if (memberToken) form.setValue('memberToken', memberToken);
  }, [memberToken]);
  const terms = memberToken
    ? null
    : (repeatTerms.data?.items.find((t) => t.serviceId === values.serviceId) ?? null);
  const repeat =
    terms && repeatWeeks ? { weeks: repeatWeeks, percent: repeatDiscountPercent(terms, repeatWeeks) } : null;
  // The service's add-ons (decision 1255): their price joins the summary, their minutes the slots. Repeat visits
  // (decision 1257) and plan visits (decision 1260) are the service alone, so add-ons go with ordinary bookings only.
  const offeredAddOns = useOfferedAddOns({
    businessId,
    serviceId: values.serviceId,
    vehicleType,
    email: values.email,
  });
  const addOnsOffered = !repeat && !memberToken;
  const addOns = addOnsOffered
    ? offeredAddOns.filter((a) => (form.values.addOnIds ?? []).includes(a.id))
    : [];
  // The household's other vehicles (decision 1325): ordinary bookings only, as add-ons are.
  const extraVehicles =
    addOnsOffered && businessId ? ((form.values.extraVehicles ?? []) as ExtraVehicleValue[]) : [];
  const extraVehiclesPriced = extraVehicles.map((v) => ({
    service: options.services.find((s) => s.id === v.serviceId),
    vehicleType: (v.vehicleType || undefined) as VehicleType | undefined,
    addOns: v.shownAddOns ?? [],
  }));
  const slots = useSlots({
    business: businessId,
    location: options.location?.id,
    serviceId: values.serviceId,
    date: values.date,
    zip: placeZip,
    needsPlace: options.needsPlace,
    addOns: addOns.map((a) => a.id),
    vehicles: encodeSlotVehicles(extraVehicles),
  });
  const { bookNow, checkout, checkoutState, pending } = useBookNow({
    form,
    businessId,
    promo: plan?.useCredit ? null : promo,
    reward: plan?.useCredit ? null : reward,
    go,
    repeatWeeks: repeat ? repeat.weeks : null,
    locationId: options.location?.id ?? null,
  });

  // A time that is no longer offered (another service, another date, just taken) is cleared.
  useEffect(() => {
    if (!values.time || !slots.data) return;
    const slot = slots.data.slots.find((s) => s.time === values.time);
    if (!slot?.available) form.setValue('time', '');
  }, [slots.data, values.time, form]);

  const closed = options.mode === 'business' && options.business && !options.business.acceptsOnlineBookings;
  const ready = canBookNow(values) && extraVehiclesReady(extraVehicles) && !closed;
  const branding = options.business?.branding ?? null;
  const heading = branding?.displayName || (options.business?.name ?? 'Book a Detail');

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (ready && !pending) void bookNow();
      }}
      onFocusCapture={() => void loadBookingValidation()}
      className="space-y-5"
    >
      {/* Under the business's own header (decision 1340) the band would only repeat it. */}
      {branding && !framed && <BrandBand branding={branding} />}
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-accent">Book a Detail</p>
        <h1 className="mt-1 flex flex-wrap items-center gap-2 text-3xl font-bold tracking-tight">
          {heading}
          {options.business?.verified && (
            <Badge tone="green">
              <ShieldCheck className="size-3.5" aria-hidden="true" /> Verified
            </Badge>
          )}
        </h1>
        {options.business?.tagline && <p className="mt-1 text-slate-600">{options.business.tagline}</p>}
        {options.mode === 'lead' && (
          <p className="mt-1 text-slate-600">
            Tell us what you need and when. We'll match your booking with a trusted ShineRoute detailer near
            you.
          </p>
        )}
        <AreaLabel area={options.area} />
      </div>

      {closed && (
        <div
          role="alert"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
        >
          {options.business?.name ?? 'This business'} is not taking online bookings yet.
          {options.business?.phone && ` Call ${options.business.phone} to book.`}
        </div>
      )}

      {memberToken && <PlanMemberBanner member={member.data} failed={member.isError} />}
      <ServiceStep
        form={form}
        services={options.services}
        isIncluded={
          member.data?.status === 'active'
            ? (id) =>
                member.data!.plan.includedServiceIds.length === 0 ||
                member.data!.plan.includedServiceIds.includes(id)
            : undefined
        }
      />
      {addOnsOffered && <AddOnsField form={form} offered={offeredAddOns} />}
      <VehicleStep form={form}>
        {addOnsOffered && businessId && options.services.length > 0 && (
          <ExtraVehiclesField form={form} services={options.services} businessId={businessId} />
        )}
      </VehicleStep>
      <ScheduleStep
        form={form}
        options={options}
        slots={slots}
        serviceId={values.serviceId}
        date={values.date}
        placeZip={placeZip}
      />
      <LocationStep form={form} />
      <ContactStep form={form} />

      <Section n={6} title="Price Summary">
        {terms && extraVehicles.length === 0 && (
          <RepeatChoice terms={terms} value={repeatWeeks} onChange={setRepeatWeeks} />
        )}
        {options.business && !repeat && !plan?.useCredit && (
          <PromoCodeField
            businessId={options.business.id}
            serviceId={values.serviceId}
            vehicleType={vehicleType}
            email={values.email}
            onChange={setPromo}
          />
        )}
        {options.business?.offersLoyalty && !repeat && !plan?.useCredit && (
          <LoyaltyRedeemEntry businessId={options.business.id} email={values.email} onChange={setReward} />
        )}
        <PriceSummary
          service={service}
          vehicleType={vehicleType}
          promo={plan?.useCredit ? null : promo}
          reward={plan?.useCredit ? null : reward}
          addOns={addOns}
          repeat={repeat}
          plan={plan}
          extraVehicles={extraVehiclesPriced}
        />
        {!repeat && !plan?.useCredit && (
          <BookingTip
            control={form.control}
            service={service}
            vehicleType={vehicleType}
            addOnsCents={
              addOns.reduce((sum, a) => sum + a.priceCents, 0) +
              extraVehiclesPriced.reduce(
                (sum, v) =>
                  sum +
                  (v.service && v.vehicleType
                    ? vehicleLine({ service: v.service, vehicleType: v.vehicleType, addOns: v.addOns })
                        .priceCents
                    : 0),
                0,
              )
            }
            discounts={{ promo, reward }}
          />
        )}
      </Section>

      {checkout && <CheckoutNotice url={checkout.url} state={checkoutState} />}

      <div className="sticky bottom-0 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={!ready}
          loading={pending}
          style={
            branding?.color
              ? { backgroundColor: branding.color, color: branding.textColor ?? undefined }
              : undefined
          }
        >
          {repeat ? 'Book repeat visits' : 'Book Now'}
        </Button>
        {!ready && !closed && (
          <p className="mt-2 text-center text-xs text-slate-500">
            Choose a service, vehicle type, date and time, and enter your address, name and email to book.
            {extraVehicles.length > 0 && ' Each added vehicle needs its type and service.'}
          </p>
        )}
      </div>
      {options.mode === 'business' && !branding && <PoweredBy />}
    </form>
  );
}
