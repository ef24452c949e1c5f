import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarX, CheckCircle2, ExternalLink, Info, MapPin, ShieldCheck, Store } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  type BookingForm,
  type BookingFormInput,
  bookingFormSchema,
  canBookNow,
} from '../../../shared/booking.schemas';
import { VEHICLE_TYPES, type VehicleType } from '../../../shared/constants';
import { VEHICLE_TYPE_LABELS } from '../../../shared/pricing';
import { formatDuration, formatSlot } from '../../../shared/time';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input, Textarea } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { EmptyState, ErrorState } from '../../components/ui/list-states';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { useErrorToast } from '../../lib/use-error-toast';
import { useBookingOptions, useCheckoutStatus, useCreatePayment, useSlots } from './booking-queries';
import { BookingTip } from './booking-tip';
import { forgetBookingForm, keepBookingForm, restoreBookingForm } from './kept-form';
import { landingPathOf } from './landing-path';
import { NotBookable } from './not-bookable';
import { SmsOptInField } from './sms-opt-in-field';
import { PriceSummary } from './price-summary';
import { type AppliedPromo, PromoCodeField } from './promo-code-field';
import { type ChosenReward, LoyaltyRedeemEntry } from './loyalty-redeem-entry';

type Options = NonNullable<ReturnType<typeof useBookingOptions>['data']>;

/** /book (§2): Select Service, Vehicle Information, Schedule, Service Location, Contact Information, Price Summary, Book Now. */
export function BookPage() {
  const [params, setParams] = useSearchParams();
  // /book/{slug} (the readable link) or the old /book?business=<id>.
  const business = useParams().slug ?? params.get('business') ?? undefined;
  const zipParam = params.get('zip') ?? '';
  const zip = /^\d{5}$/.test(zipParam) ? zipParam : undefined;
  const options = useBookingOptions({ business, zip });
  useErrorToast(options.isError, 'Failed to load booking information', options.errorUpdatedAt);

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        {params.get('cancelled') && (
          <div
            role="status"
            className="mb-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
          >
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>Payment cancelled — nothing was charged. You can change your booking and try again.</p>
          </div>
        )}
        {options.isPending ? (
          <BookSkeleton />
        ) : options.isError ? (
          <>
            <h1 className="mb-6 text-3xl font-bold tracking-tight">Book a Detail</h1>
            <ErrorState
              message="Failed to load booking information"
              onRetry={() => options.refetch()}
              retrying={options.isFetching}
            />
          </>
        ) : options.data.mode === 'choose' ? (
          <ChooseBusiness
            options={options.data}
            onChoose={(id) =>
              setParams((p) => {
                p.set('business', id);
                return p;
              })
            }
          />
        ) : options.data.business && !options.data.business.acceptsOnlineBookings ? (
          <NotBookable name={options.data.business.name} phone={options.data.business.phone} />
        ) : (
          <BookingFormView key={business ?? 'lead'} options={options.data} zip={zip} />
        )}
      </div>
    </div>
  );
}

function BookSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading booking information" className="space-y-4">
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-5 w-1/2" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-40 w-full rounded-xl" />
      ))}
    </div>
  );
}

function AreaLabel({ area }: { area: Options['area'] }) {
  if (!area) return null;
  return (
    <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-sm font-medium text-slate-700 ring-1 ring-slate-200">
      <MapPin className="size-4 text-accent" aria-hidden="true" />
      Service area: {[area.city, area.state].filter(Boolean).join(', ')} {area.zip}
    </p>
  );
}

function ChooseBusiness({ options, onChoose }: { options: Options; onChoose: (id: string) => void }) {
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">Book a Detail</h1>
      <p className="mt-2 text-slate-600">
        These detailers serve your area. Choose one to see their services and prices.
      </p>
      <AreaLabel area={options.area} />
      <ul className="mt-6 grid gap-3">
        {options.businesses.map((b) => (
          <li key={b.id}>
            <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex gap-3">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-soft">
                  <Store className="size-5 text-accent" aria-hidden="true" />
                </span>
                <div>
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                    {b.name ?? 'Mobile detailer'}
                    {b.verified && (
                      <Badge tone="green">
                        <ShieldCheck className="size-3.5" aria-hidden="true" /> Verified
                      </Badge>
                    )}
                  </p>
                  {b.tagline && <p className="text-sm text-slate-600">{b.tagline}</p>}
                </div>
              </div>
              <Button onClick={() => onChoose(b.id)} aria-label={`Choose ${b.name ?? 'this detailer'}`}>
                Choose
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}

function Section({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  const id = `section-${n}`;
  return (
    <Card>
      <section aria-labelledby={id}>
        <CardHeader>
          {/* h2: the sections follow the page's h1 (heading order). */}
          <CardTitle asHeading="h2" id={id} className="flex items-center gap-3 text-lg">
            <span
              className="flex size-7 items-center justify-center rounded-full bg-navy-900 text-sm text-white"
              aria-hidden="true"
            >
              {n}
            </span>
            {title}
          </CardTitle>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}

function BookingFormView({ options, zip }: { options: Options; zip?: string }) {
  const queryClient = useQueryClient();
  const createPayment = useCreatePayment();
  const navigate = useNavigate();
  const [checkout, setCheckout] = useState<{ url: string; sessionId: string } | null>(null);
  const checkoutUrl = checkout?.url ?? null;
  const checkoutStatus = useCheckoutStatus(checkout?.sessionId ?? null);
  const checkoutState = checkoutStatus.data?.state;
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const [reward, setReward] = useState<ChosenReward | null>(null);
  const [kept] = useState(() => restoreBookingForm(options.business?.id));
  const form = useForm<BookingFormInput, unknown, BookingForm>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: {
      businessId: options.business?.id ?? null,
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
      landingPath: landingPathOf(window.location.search, document.referrer, window.location.origin),
      ...kept,
    },
  });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control }) as Partial<Record<keyof BookingFormInput, string>>;
  const service = options.services.find((s) => s.id === values.serviceId);
  const vehicleType = values.vehicleType as VehicleType | undefined;
  const slots = useSlots({ business: options.business?.id, serviceId: values.serviceId, date: values.date });

  // Paid in the other tab: this tab shows the confirmation too (the success page completes idempotently).
  useEffect(() => {
    if (!checkout || !checkoutState) return;
    if (checkoutState === 'paid' || checkoutState === 'booked' || checkoutState === 'refunded') {
      forgetBookingForm(options.business?.id);
      navigate(`/booking-success?session_id=${encodeURIComponent(checkout.sessionId)}`);
    }
  }, [checkout, checkoutState, navigate, options.business?.id]);

  // A time that is no longer offered (another service, another date, just taken) is cleared.
  useEffect(() => {
    if (!values.time || !slots.data) return;
    const slot = slots.data.slots.find((s) => s.time === values.time);
    if (!slot?.available) form.setValue('time', '');
  }, [slots.data, values.time, form]);

  const closed = options.mode === 'business' && options.business && !options.business.acceptsOnlineBookings;
  const ready = canBookNow(values) && !closed;

  const onBookNow = async () => {
    const parsed = bookingFormSchema.safeParse(form.getValues());
    if (!parsed.success) {
      await form.trigger();
      toast.error('Error', { description: parsed.error.issues[0]?.message ?? 'Failed to create booking' });
      return;
    }
    keepBookingForm(options.business?.id, form.getValues());
    // Opened now, inside the click, so that browsers do not block it; it is pointed at the checkout once ready.
    const tab = window.open('', '_blank');
    if (tab) {
      tab.document.title = 'Opening secure checkout…';
      tab.document.body.innerHTML =
        '<p style="font-family:system-ui,sans-serif;padding:2rem;color:#334155">Opening secure checkout…</p>';
    }
    createPayment.mutate(
      {
        ...form.getValues(),
        promoCode: promo?.code,
        loyaltyToken: reward?.token,
        rewardId: reward?.rewardId,
        totalPrice: undefined,
      },
      {
        onSuccess: ({ url, sessionId, amountCents }) => {
          // Nothing to pay (decision 710): the booking is already made; its confirmation opens here.
          if (amountCents === 0 && url.includes('/booking-success?')) {
            tab?.close();
            window.location.assign(url);
            return;
          }
          setCheckout({ url, sessionId });
          if (tab) {
            tab.opener = null;
            tab.location.href = url;
          }
        },
        onError: (error) => {
          tab?.close();
          toast.error('Error', { description: error.message || 'Failed to create booking' });
          if (error instanceof ApiError && error.status === 409) {
            queryClient.invalidateQueries({ queryKey: ['booking-slots'] });
          }
        },
      },
    );
  };

  const today = options.today;
  const heading = options.business?.name ?? 'Book a Detail';
  const slotList = slots.data?.slots ?? [];
  const noTimesLeft = slots.data && slotList.every((s) => !s.available);
  const serviceFields = options.services;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (ready && !createPayment.isPending) void onBookNow();
      }}
      className="space-y-5"
    >
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

      <Section n={1} title="Select Service">
        {serviceFields.length === 0 ? (
          <EmptyState
            icon={CalendarX}
            title="No services to book yet"
            description="This detailer has not published any services. Please check back soon."
            action={
              <Button asChild variant="outline">
                <Link to="/book">See other options</Link>
              </Button>
            }
          />
        ) : (
          <Controller
            control={form.control}
            name="serviceId"
            render={({ field }) => (
              <div role="radiogroup" aria-label="Service" className="grid gap-3">
                {serviceFields.map((s) => {
                  const checked = field.value === s.id;
                  return (
                    <label
                      key={s.id}
                      className={`flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${checked ? 'border-accent bg-accent-soft' : 'border-slate-200 hover:border-slate-300'}`}
                    >
                      <input
                        type="radio"
                        name="serviceId"
                        value={s.id}
                        checked={checked}
                        onChange={() => field.onChange(s.id)}
                        className="mt-1 size-4 accent-[var(--color-accent)]"
                      />
                      <span className="flex-1">
                        <span className="flex flex-wrap items-baseline justify-between gap-2">
                          <span className="font-semibold text-slate-900">{s.name}</span>
                          <span className="font-semibold tabular-nums text-slate-900">
                            from ${(s.basePriceCents / 100).toFixed(2)}
                          </span>
                        </span>
                        {s.description && (
                          <span className="mt-0.5 block text-sm text-slate-600">{s.description}</span>
                        )}
                        <span className="mt-1 block text-xs text-slate-500">
                          {formatDuration(s.durationMinutes)}
                        </span>
                      </span>
                    </label>
                  );
                })}
              </div>
            )}
          />
        )}
        {errors.serviceId && (
          <p className="mt-2 text-xs font-medium text-red-600">{errors.serviceId.message}</p>
        )}
      </Section>

      <Section n={2} title="Vehicle Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="vehicleType" label="Vehicle type" error={errors.vehicleType?.message}>
            <Controller
              control={form.control}
              name="vehicleType"
              render={({ field }) => (
                <Select value={field.value ?? ''} onValueChange={field.onChange}>
                  <SelectTrigger id="vehicleType" aria-invalid={!!errors.vehicleType}>
                    <SelectValue placeholder="Choose your vehicle type" />
                  </SelectTrigger>
                  <SelectContent>
                    {VEHICLE_TYPES.map((t) => (
                      <SelectItem key={t} value={t}>
                        {VEHICLE_TYPE_LABELS[t]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>
          <Field id="vehicleYear" label="Year" error={errors.vehicleYear?.message}>
            <Input
              inputMode="numeric"
              placeholder="e.g. 2021"
              maxLength={4}
              {...form.register('vehicleYear')}
            />
          </Field>
          <Field id="vehicleMake" label="Make">
            <Input id="vehicleMake" placeholder="e.g. Toyota" {...form.register('vehicleMake')} />
          </Field>
          <Field id="vehicleModel" label="Model">
            <Input id="vehicleModel" placeholder="e.g. Camry" {...form.register('vehicleModel')} />
          </Field>
          <Field id="vehicleColor" label="Color">
            <Input id="vehicleColor" placeholder="e.g. Silver" {...form.register('vehicleColor')} />
          </Field>
        </div>
      </Section>

      <Section n={3} title="Schedule">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="date" label="Date" error={errors.date?.message}>
            <Input
              type="date"
              min={today}
              max={options.maxDate}
              {...form.register('date')}
            />
          </Field>
          <Field
            id="time"
            label="Time"
            error={errors.time?.message}
            hint={
              !values.serviceId || !values.date
                ? 'Choose a service and a date first'
                : slots.data?.closed
                  ? 'Closed on this day — try another date'
                  : noTimesLeft
                    ? 'No times left on this day — try another date'
                  : undefined
            }
          >
            <Controller
              control={form.control}
              name="time"
              render={({ field }) => (
                <Select
                  value={field.value || ''}
                  onValueChange={field.onChange}
                  disabled={!slots.data || noTimesLeft}
                >
                  <SelectTrigger id="time" aria-invalid={!!errors.time}>
                    <SelectValue placeholder={slots.isFetching ? 'Loading times…' : 'Choose a time'} />
                  </SelectTrigger>
                  <SelectContent>
                    {slotList.map((s) => (
                      <SelectItem key={s.time} value={s.time} disabled={!s.available}>
                        {formatSlot(s.time)}
                        {s.state === 'taken' ? ' — booked' : s.state === 'past' ? ' — passed' : ''}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>
        </div>
        <p className="mt-3 text-xs text-slate-500">
          Times are local to the detailer ({options.timeZone.replace('_', ' ')}). Rescheduling needs at least
          24 hours' notice.
        </p>
      </Section>

      <Section n={4} title="Service Location">
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <Field id="location" label="Address" error={errors.location?.message}>
            <Input
              required
              autoComplete="street-address"
              placeholder="Street address, city"
              {...form.register('location')}
            />
          </Field>
          <Field id="zip" label="Zip code" error={errors.zip?.message}>
            <Input
              inputMode="numeric"
              maxLength={5}
              autoComplete="postal-code"
              {...form.register('zip')}
            />
          </Field>
        </div>
      </Section>

      <Section n={5} title="Contact Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="firstName" label="First name" error={errors.firstName?.message}>
            <Input
              required
              autoComplete="given-name"
              {...form.register('firstName')}
            />
          </Field>
          <Field id="lastName" label="Last name" error={errors.lastName?.message}>
            <Input
              required
              autoComplete="family-name"
              {...form.register('lastName')}
            />
          </Field>
          <Field id="email" label="Email" error={errors.email?.message}>
            <Input
              type="email"
              required
              autoComplete="email"
              {...form.register('email')}
            />
          </Field>
          <Field id="phone" label="Phone">
            <Input id="phone" type="tel" autoComplete="tel" {...form.register('phone')} />
          </Field>
          <SmsOptInField {...form.register('smsMarketingOptIn')} />
          <div className="sm:col-span-2">
            <Field id="notes" label="Special instructions">
              <Textarea
                rows={3}
                placeholder="Gate code, parking, pets…"
                {...form.register('notes')}
              />
            </Field>
          </div>
        </div>
      </Section>

      <Section n={6} title="Price Summary">
        {options.business && (
          <PromoCodeField businessId={options.business.id} serviceId={values.serviceId} vehicleType={vehicleType} email={values.email} onChange={setPromo} />
        )}
        {options.business?.offersLoyalty && <LoyaltyRedeemEntry businessId={options.business.id} email={values.email} onChange={setReward} />}
        <PriceSummary service={service} vehicleType={vehicleType} promo={promo} reward={reward} />
        <BookingTip control={form.control} service={service} vehicleType={vehicleType} discounts={{ promo, reward }} />
      </Section>

      {checkoutUrl && (checkoutState === 'cancelled' || checkoutState === 'expired') && (
        <div
          role="status"
          className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            {checkoutState === 'cancelled'
              ? 'Payment cancelled — nothing was charged.'
              : 'The payment page expired — nothing was charged.'}{' '}
            You can change your booking and press Book Now again.
          </p>
        </div>
      )}
      {checkoutUrl && checkoutState !== 'cancelled' && checkoutState !== 'expired' && (
        <div
          role="status"
          className="flex flex-col gap-2 rounded-xl border border-green-300 bg-green-50 p-4 text-sm text-green-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-center gap-2">
            <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" /> Complete your payment in the new
            tab to confirm your booking. This page shows your confirmation as soon as you have paid.
          </p>
          <a
            href={checkoutUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-semibold underline"
          >
            Open payment page <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        </div>
      )}

      <div className="sticky bottom-0 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={!ready}
          loading={createPayment.isPending}
        >
          Book Now
        </Button>
        {!ready && !closed && (
          <p className="mt-2 text-center text-xs text-slate-500">
            Choose a service, vehicle type, date and time, and enter your address, name and email to book.
          </p>
        )}
      </div>
    </form>
  );
}
