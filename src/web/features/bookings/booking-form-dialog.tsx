import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { encodeSlotVehicles } from '../../../shared/booking-vehicles';
import { VEHICLE_TYPES } from '../../../shared/constants';
import { formatCents } from '../../../shared/money';
import { OWNER_BOOKING_TEXT } from '../../../shared/owner-bookings';
import { planIncludes } from '../../../shared/plan-features';
import { servicePriceCents, VEHICLE_TYPE_LABELS } from '../../../shared/pricing';
import { ROUTES_TEXT } from '../../../shared/route-plans';
import { formatSlot } from '../../../shared/time';
import { useBilling } from '../../api/billing';
import { type BookingDetail, useCreateBooking, useEditBooking } from '../../api/bookings';
import { useCustomerDetail, useCustomerSearch } from '../../api/customers';
import { useOwnerSlots } from '../../api/scheduling';
import { useCreateOwnerSeries } from '../../api/series';
import { useServiceOptions } from '../../api/services';
import { vehicleText } from '../../components/domain/vehicle-text';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input, Textarea } from '../../components/ui/input';
import { Field, Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { BookingExtrasFields } from './booking-extras-fields';
import {
  type BookingFormContext,
  type BookingFormValues,
  bookingFormSchema,
  editListPriceCents,
  firstMessage,
  initialBookingValues,
  toCreateInput,
  toEditInput,
  toOwnerSeriesInput,
} from './booking-form-values';
import { BookingLocationField } from './booking-location-field';
import { extraVehiclesCents, OwnerExtraVehicles } from './owner-extra-vehicles';

/** New booking (phone-in) and Edit, one dialog: the time list comes from the business's slot rules. */
export function BookingFormDialog({
  open,
  onOpenChange,
  timeZone,
  booking,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timeZone: string;
  booking?: BookingDetail;
  onSaved?: (saved: BookingDetail) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{booking ? 'Edit Booking' : 'New Booking'}</DialogTitle>
        </DialogHeader>
        {open && (
          <BookingForm
            timeZone={timeZone}
            booking={booking}
            onDone={(saved) => {
              onOpenChange(false);
              onSaved?.(saved);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function BookingForm({
  timeZone,
  booking,
  onDone,
}: {
  timeZone: string;
  booking?: BookingDetail;
  onDone: (saved: BookingDetail) => void;
}) {
  const editing = Boolean(booking);
  // The resolver reads the latest context: the chosen customer's vehicles arrive after the form opens.
  const context = useRef<BookingFormContext>({ editing, vehicles: [] });
  const form = useForm<BookingFormValues>({
    defaultValues: initialBookingValues(timeZone, booking),
    resolver: zodResolver(bookingFormSchema(() => context.current)),
  });
  const v = form.watch();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  // The server searches; the picker shows its first six matches.
  const customers = useCustomerSearch(debounced, 6, !editing);
  const customerList = customers.data?.items ?? [];
  const customerId = editing
    ? (booking?.customer?.id ?? '')
    : v.customerMode === 'existing'
      ? v.customerId
      : '';
  const detail = useCustomerDetail(customerId || null);
  const vehicles = detail.data?.vehicles ?? [];
  context.current = { editing, vehicles };
  // A saved vehicle brings its type: the booking is priced by it and never rewrites it (issue 25).
  const savedVehicle = vehicles.find((x) => x.id === v.vehicleId);
  const listVehicleType = savedVehicle?.vehicleType ?? v.vehicleType;
  // "Any time today" is route optimisation's (Pro and Elite, decision 1350); one set before a downgrade can be unset.
  const billing = useBilling();
  const anyTimeShown =
    Boolean(billing.data && planIncludes(billing.data.plan, 'route_optimizer')) ||
    Boolean(booking?.arrivalAnyTime);
  const services = useServiceOptions();
  const serviceList = services.data?.items ?? [];
  const service = serviceList.find((s) => s.id === v.serviceId);
  const slots = useOwnerSlots({
    serviceId: v.serviceId,
    date: v.date,
    excludeBookingId: booking?.id,
    // A new booking's address decides which technician can get there (decision 1248); an edit keeps its technician.
    zip: editing ? undefined : v.locationAddress?.match(/\b\d{5}(?=(-\d{4})?\b)/g)?.at(-1),
    // The length the server will book (decision 1328): the add-ons and the household's other vehicles; an edit's
    // other vehicles are read from the booking by the server.
    addOns: editing || v.repeatWeeks ? undefined : v.addOnIds.join(','),
    // An edit sends the vehicles after the first as the dialog has them ("none": all removed; decision 1343).
    vehicles: v.repeatWeeks
      ? undefined
      : encodeSlotVehicles(v.extraVehicles) || (editing ? 'none' : undefined),
  });
  // An edit (decisions 1328, 1343): the price the server will charge, each vehicle kept at what it was booked at
  // while its service and type stay, the first's add-ons with it; a new service or vehicle at its list price.
  const several = v.extraVehicles.length > 0;
  const othersCents = extraVehiclesCents(v.extraVehicles, serviceList);
  const listPrice = service
    ? booking
      ? editListPriceCents(
          booking,
          { serviceId: v.serviceId, vehicleType: listVehicleType },
          servicePriceCents(service, listVehicleType),
          { count: v.extraVehicles.length, cents: othersCents },
        )
      : servicePriceCents(service, listVehicleType)
    : null;
  const create = useCreateBooking();
  const edit = useEditBooking();
  const createSeries = useCreateOwnerSeries();
  // A series starts once the customer's card is saved (decision 1258): its card page, after Create.
  const [cardPage, setCardPage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // A chosen customer's address fills an empty service address.
  const chosen = customerList.find((c) => c.id === v.customerId);
  useEffect(() => {
    if (!editing && chosen?.address && !form.getValues('locationAddress'))
      form.setValue('locationAddress', chosen.address);
  }, [chosen, editing, form]);

  const slotList = slots.data?.slots ?? [];
  const timeHint = !v.serviceId
    ? 'Choose a service first'
    : slots.data?.closed
      ? 'Closed on this day — try another date'
      : slots.isError
        ? slots.error.message
        : slots.data && slotList.every((s) => s.state !== 'available')
          ? 'No times left on this day — try another date'
          : undefined;

  const submit = form.handleSubmit(
    async (f) => {
      setError(null);
      try {
        if (booking) {
          const saved = await edit.mutateAsync({ id: booking.id, body: toEditInput(f, context.current) });
          toast.success('Success', { description: OWNER_BOOKING_TEXT.updated });
          onDone(saved);
        } else if (f.repeatWeeks) {
          const series = await createSeries.mutateAsync(
            toOwnerSeriesInput(f, context.current, {
              customer: f.customerMode === 'existing' ? (detail.data?.customer ?? null) : null,
              vehicle: savedVehicle ?? null,
            }),
          );
          toast.success('Success', { description: 'Repeat visits created: save the card to book them' });
          setCardPage(series.url);
        } else {
          const saved = await create.mutateAsync(toCreateInput(f, context.current));
          toast.success('Success', { description: OWNER_BOOKING_TEXT.created });
          onDone(saved);
        }
      } catch (e) {
        setError((e as Error).message);
      }
    },
    (errors) => setError(firstMessage(errors)),
  );

  const showNewVehicle = v.vehicleId === 'new' || (!editing && vehicles.length === 0);
  const vehicleOptions = useMemo(
    () => vehicles.map((x) => ({ id: x.id, label: vehicleText(x) })),
    [vehicles],
  );

  if (cardPage)
    return (
      <DialogBody className="grid gap-3" data-testid="series-card-page">
        <p className="text-sm text-slate-700">
          The repeat visits are booked once the customer’s card is saved; nothing is charged until a visit is
          completed. Open the card page with the customer on the phone, or send them the link.
        </p>
        <p className="break-all rounded-md bg-slate-50 px-3 py-2 font-mono text-xs text-slate-700">
          {cardPage}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <a href={cardPage} target="_blank" rel="noopener">
              Open the card page
            </a>
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              navigator.clipboard
                ?.writeText(cardPage)
                .then(() => toast.success('Link copied'))
                .catch(() => undefined)
            }
          >
            Copy the link
          </Button>
        </div>
      </DialogBody>
    );

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogBody className="grid gap-5">
        {editing ? (
          <p className="text-sm text-slate-700">
            Customer:{' '}
            <span className="font-medium">
              {booking?.customer
                ? `${booking.customer.firstName} ${booking.customer.lastName}`
                : 'Customer removed'}
            </span>
          </p>
        ) : (
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-semibold text-slate-900">Customer</legend>
            <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Customer">
              {(['new', 'existing'] as const).map((mode) => (
                <Button
                  key={mode}
                  type="button"
                  size="sm"
                  role="radio"
                  aria-checked={v.customerMode === mode}
                  variant={v.customerMode === mode ? 'default' : 'outline'}
                  onClick={() => {
                    form.setValue('customerMode', mode);
                    form.setValue('vehicleId', '');
                  }}
                >
                  {mode === 'new' ? 'New customer' : 'Existing customer'}
                </Button>
              ))}
            </div>
            {v.customerMode === 'new' ? (
              <div className="grid gap-3 sm:grid-cols-2">
                <Field id="bf-first" label="First name">
                  <Input autoComplete="off" {...form.register('firstName')} />
                </Field>
                <Field id="bf-last" label="Last name">
                  <Input autoComplete="off" {...form.register('lastName')} />
                </Field>
                <Field id="bf-email" label="Email">
                  <Input type="email" autoComplete="off" {...form.register('email')} />
                </Field>
                <Field id="bf-phone" label="Phone">
                  <Input type="tel" autoComplete="off" {...form.register('phone')} />
                </Field>
              </div>
            ) : (
              <div className="grid gap-2">
                <Field id="bf-search" label="Find a customer">
                  <Input
                    type="search"
                    placeholder="Name or email"
                    value={search}
                    onChange={(e) => setSearch(e.target.value)}
                  />
                </Field>
                <ul className="grid gap-1" aria-label="Matching customers">
                  {customerList.map((c) => (
                    <li key={c.id}>
                      <label className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent/5">
                        <input
                          type="radio"
                          value={c.id}
                          checked={v.customerId === c.id}
                          onChange={() => {
                            form.setValue('customerId', c.id);
                            form.setValue('vehicleId', '');
                          }}
                        />
                        <span className="min-w-0 truncate">
                          {c.firstName} {c.lastName} <span className="text-slate-500">· {c.email}</span>
                        </span>
                      </label>
                    </li>
                  ))}
                  {customers.data && customerList.length === 0 && (
                    <li className="text-sm text-slate-500">No customers match.</li>
                  )}
                </ul>
              </div>
            )}
          </fieldset>
        )}

        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Vehicle</legend>
          {vehicles.length > 0 && (
            <Field id="bf-vehicle" label="Vehicle">
              <Controller
                control={form.control}
                name="vehicleId"
                render={({ field }) => (
                  <Select
                    value={field.value}
                    onValueChange={(id) => {
                      field.onChange(id);
                      const saved = vehicles.find((x) => x.id === id);
                      if (saved) form.setValue('vehicleType', saved.vehicleType);
                    }}
                  >
                    <SelectTrigger id="bf-vehicle">
                      <SelectValue placeholder={editing ? 'Keep the current vehicle' : 'Choose a vehicle'} />
                    </SelectTrigger>
                    <SelectContent>
                      {vehicleOptions.map((o) => (
                        <SelectItem key={o.id} value={o.id}>
                          {o.label}
                        </SelectItem>
                      ))}
                      <SelectItem value="new">Another vehicle…</SelectItem>
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
          )}
          {showNewVehicle && (
            <div className="grid gap-3 sm:grid-cols-2">
              <Field id="bf-make" label="Make">
                <Input placeholder="e.g. Toyota" {...form.register('make')} />
              </Field>
              <Field id="bf-model" label="Model">
                <Input placeholder="e.g. Camry" {...form.register('model')} />
              </Field>
              <Field id="bf-year" label="Year">
                <Input inputMode="numeric" maxLength={4} {...form.register('year')} />
              </Field>
              <Field id="bf-color" label="Color">
                <Input {...form.register('color')} />
              </Field>
            </div>
          )}
          <Field
            id="bf-type"
            label="Vehicle type"
            hint={savedVehicle ? 'As saved with this vehicle' : undefined}
          >
            <Controller
              control={form.control}
              name="vehicleType"
              render={({ field }) => (
                <Select
                  value={savedVehicle?.vehicleType ?? field.value}
                  onValueChange={field.onChange}
                  disabled={Boolean(savedVehicle)}
                >
                  <SelectTrigger id="bf-type">
                    <SelectValue />
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
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Service and time</legend>
          <Field id="bf-service" label="Service">
            <Controller
              control={form.control}
              name="serviceId"
              render={({ field }) => (
                <Select
                  value={field.value}
                  onValueChange={(id) => {
                    field.onChange(id);
                    form.setValue('time', editing ? form.getValues('time') : '');
                    form.setValue('repeatWeeks', '');
                    form.setValue('addOnIds', []);
                  }}
                >
                  <SelectTrigger id="bf-service">
                    <SelectValue placeholder="Choose a service" />
                  </SelectTrigger>
                  <SelectContent>
                    {serviceList.map((s) => (
                      <SelectItem key={s.id} value={s.id}>
                        {s.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>
          {!editing && v.serviceId && (
            <BookingExtrasFields
              serviceId={v.serviceId}
              vehicleType={listVehicleType}
              listPriceCents={listPrice}
              repeatWeeks={v.repeatWeeks}
              onRepeatWeeks={(w) => form.setValue('repeatWeeks', w)}
              addOnIds={v.addOnIds}
              onAddOnIds={(ids) => form.setValue('addOnIds', ids)}
            />
          )}
          {editing && several && (
            <p className="text-sm text-slate-700" data-testid="bf-booked-vehicles">
              This booking has {v.extraVehicles.length + 1} vehicles. The vehicle and service above are
              Vehicle 1’s; change, add or remove the others below. The time and price are their sums.
            </p>
          )}
          {!v.repeatWeeks && v.serviceId && (
            <OwnerExtraVehicles
              value={v.extraVehicles}
              onChange={(next) => form.setValue('extraVehicles', next)}
            />
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="bf-date" label="Date">
              <Input type="date" {...form.register('date')} />
            </Field>
            <Field id="bf-time" label="Time" hint={timeHint}>
              <Controller
                control={form.control}
                name="time"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange} disabled={!slots.data}>
                    <SelectTrigger id="bf-time">
                      <SelectValue placeholder={slots.isFetching ? 'Loading times…' : 'Choose a time'} />
                    </SelectTrigger>
                    <SelectContent>
                      {slotList.map((s) => (
                        <SelectItem key={s.time} value={s.time} disabled={s.state !== 'available'}>
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
          <p className="text-xs text-slate-500">Times are in {timeZone.replaceAll('_', ' ')}.</p>
          <Field id="bf-address" label="Service address">
            <Input autoComplete="off" {...form.register('locationAddress')} />
          </Field>
          {!editing && <BookingLocationField form={form} />}
          {anyTimeShown && !v.repeatWeeks && (
            <div className="flex items-start gap-2">
              <Controller
                control={form.control}
                name="arrivalAnyTime"
                render={({ field }) => (
                  <Checkbox
                    id="bf-any-time"
                    className="mt-0.5"
                    aria-describedby="bf-any-time-hint"
                    checked={field.value}
                    onCheckedChange={(c) => field.onChange(c === true)}
                  />
                )}
              />
              <div>
                <Label htmlFor="bf-any-time">{ROUTES_TEXT.anyTime}</Label>
                <p id="bf-any-time-hint" className="text-xs text-slate-500">
                  {ROUTES_TEXT.anyTimeHint}
                </p>
              </div>
            </div>
          )}
          <Field id="bf-notes" label="Notes">
            <Textarea rows={2} {...form.register('notes')} />
          </Field>
        </fieldset>

        {!v.repeatWeeks && (
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-semibold text-slate-900">Price and payment</legend>
            <p className="text-sm text-slate-700">
              {editing ? 'Current price: ' : 'Price: '}
              <span className="font-semibold tabular-nums">
                {editing && booking
                  ? formatCents(booking.quotedPriceCents)
                  : listPrice !== null
                    ? formatCents(listPrice)
                    : '—'}
              </span>
              {listPrice !== null && (
                <span className="text-slate-500">
                  {' '}
                  (list price for{' '}
                  {editing && several
                    ? 'these vehicles'
                    : `a ${VEHICLE_TYPE_LABELS[listVehicleType].toLowerCase()}`}
                  : {formatCents(listPrice)})
                </span>
              )}
            </p>
            <div className="flex items-center gap-2">
              <Controller
                control={form.control}
                name="changePrice"
                render={({ field }) => (
                  <Checkbox
                    id="bf-change-price"
                    checked={field.value}
                    onCheckedChange={(c) => field.onChange(c === true)}
                  />
                )}
              />
              <Label htmlFor="bf-change-price">Set another price</Label>
            </div>
            {v.changePrice && (
              <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
                <Field id="bf-price" label="Price ($)">
                  <Input inputMode="decimal" {...form.register('price')} />
                </Field>
                <Field id="bf-reason" label="Reason for the price">
                  <Input {...form.register('priceReason')} />
                </Field>
              </div>
            )}
            {!editing && (
              <div className="flex items-center gap-2">
                <Controller
                  control={form.control}
                  name="paidOffline"
                  render={({ field }) => (
                    <Checkbox
                      id="bf-paid"
                      checked={field.value}
                      onCheckedChange={(c) => field.onChange(c === true)}
                    />
                  )}
                />
                <Label htmlFor="bf-paid">
                  Paid offline (cash, card reader) — otherwise collect later with an invoice
                </Label>
              </div>
            )}
          </fieldset>
        )}
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </DialogBody>
      <DialogFooter>
        <Button type="submit" loading={create.isPending || edit.isPending || createSeries.isPending}>
          {editing ? 'Save Changes' : v.repeatWeeks ? 'Create Repeat Visits' : 'Create Booking'}
        </Button>
      </DialogFooter>
    </form>
  );
}
