import { z } from 'zod';
import { VEHICLE_TYPES, type VehicleType } from '../../../shared/constants';
import { dollarsToCents, formatMoney } from '../../../shared/money';
import {
  type OwnerBookingEdit,
  type OwnerBookingInput,
  ownerBookingEditSchema,
  ownerBookingInputSchema,
} from '../../../shared/owner-bookings';
import type { OwnerSeriesInput } from '../../../shared/series.schemas';
import { todayInZone, utcToZoned } from '../../../shared/time';
import type { BookingDetail } from '../../api/bookings';
import type { OwnerExtraVehicle } from './owner-extra-vehicles';

// The owner's New booking and Edit form: its fields, and the request each makes of them, checked with the server's
// own schema (src/shared/owner-bookings.ts, decision 0431) before it is sent.

export interface BookingFormValues {
  customerMode: 'existing' | 'new';
  customerId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** A saved vehicle's id, 'new' for another vehicle, or '' for none chosen. */
  vehicleId: string;
  make: string;
  model: string;
  year: string;
  color: string;
  vehicleType: VehicleType;
  serviceId: string;
  date: string;
  time: string;
  locationAddress: string;
  notes: string;
  changePrice: boolean;
  price: string;
  priceReason: string;
  paidOffline: boolean;
  /** Every 1, 2 or 4 weeks for a repeatable service (issue 32); '' books once. */
  repeatWeeks: '' | '1' | '2' | '4';
  /** The service's add-ons (decision 1255): ids only, the server prices them. */
  addOnIds: string[];
  /** The household's other vehicles (decisions 1325, 1343): New booking's, and Edit's after the first. */
  extraVehicles: OwnerExtraVehicle[];
  /** New booking's location (decision 1280); '' = the one serving the address's zip. */
  locationId?: string;
  /** "Any time today" (decisions 1334, 1350): the route optimiser may place it any time in the technician's day. */
  arrivalAnyTime: boolean;
}

/** What the request depends on besides the fields: the chosen customer's saved vehicles, and New or Edit. */
export interface BookingFormContext {
  editing: boolean;
  vehicles: ReadonlyArray<{ id: string; vehicleType: VehicleType }>;
}

export const PRICE_INVALID = 'Please enter a valid price';

export function initialBookingValues(timeZone: string, booking?: BookingDetail): BookingFormValues {
  const when = booking ? utcToZoned(new Date(booking.scheduledAt), timeZone) : null;
  return {
    customerMode: 'new',
    customerId: booking?.customer?.id ?? '',
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    vehicleId: '',
    make: '',
    model: '',
    year: '',
    color: '',
    vehicleType: booking?.vehicle?.vehicleType ?? 'sedan',
    serviceId: booking?.service.id ?? '',
    date: when?.date ?? todayInZone(timeZone),
    time: when?.time ?? '',
    locationAddress: booking?.locationAddress ?? '',
    notes: booking?.specialInstructions ?? '',
    changePrice: false,
    price: booking ? formatMoney(booking.quotedPriceCents) : '',
    priceReason: '',
    paidOffline: false,
    repeatWeeks: '',
    addOnIds: [],
    arrivalAnyTime: booking?.arrivalAnyTime ?? false,
    // Edit: the vehicles after the first as booked (decision 1343), each its service, type and add-ons.
    extraVehicles:
      booking && booking.vehicles.length > 1
        ? booking.vehicles.slice(1).map((x) => ({
            vehicleType: x.vehicleType ?? '',
            serviceId: x.serviceId ?? '',
            vehicleMake: x.make ?? '',
            vehicleModel: x.model ?? '',
            vehicleColor: x.color ?? '',
            addOnIds: x.addOns.map((a) => a.id),
            addOnCents: x.addOns.reduce((sum, a) => sum + a.priceCents, 0),
            booked: {
              serviceId: x.serviceId ?? '',
              vehicleType: x.vehicleType ?? '',
              servicePriceCents: x.servicePriceCents,
              addOns: x.addOns.map((a) => ({ id: a.id, priceCents: a.priceCents })),
            },
          }))
        : [],
  };
}

/** A further vehicle as the request carries it: the add-ons' shown total stays in the form. */
const extraVehicleInput = ({ addOnCents: _shown, booked: _booked, ...x }: OwnerExtraVehicle) => ({
  ...x,
  vehicleType: x.vehicleType as VehicleType,
  addOnIds: x.addOnIds ?? [],
});

/** A saved vehicle brings its type: the booking is priced by it and never rewrites it (issue 25). */
const vehicleTypeOf = (f: BookingFormValues, ctx: BookingFormContext) =>
  ctx.vehicles.find((x) => x.id === f.vehicleId)?.vehicleType ?? f.vehicleType;

/** The vehicle typed in: when "Another vehicle…" is chosen, or a new booking's customer has none saved. */
const newVehicleOf = (f: BookingFormValues, ctx: BookingFormContext) =>
  f.vehicleId === 'new' || (!ctx.editing && ctx.vehicles.length === 0)
    ? { make: f.make, model: f.model, year: f.year || null, color: f.color || null }
    : null;

const priceCentsOf = (f: BookingFormValues) => (f.changePrice ? dollarsToCents(f.price) : null);

const savedVehicleId = (f: BookingFormValues) =>
  f.vehicleId && f.vehicleId !== 'new' ? f.vehicleId : undefined;

/** POST /api/bookings: a new booking for an existing or a new customer. */
export function toCreateInput(f: BookingFormValues, ctx: BookingFormContext): OwnerBookingInput {
  const vehicleId = savedVehicleId(f);
  return {
    ...(f.customerMode === 'existing'
      ? { customerId: f.customerId || null }
      : { customer: { firstName: f.firstName, lastName: f.lastName, email: f.email, phone: f.phone } }),
    ...(vehicleId ? { vehicleId } : { vehicle: newVehicleOf(f, ctx) }),
    vehicleType: vehicleTypeOf(f, ctx),
    serviceId: f.serviceId,
    date: f.date,
    time: f.time,
    locationAddress: f.locationAddress,
    notes: f.notes,
    priceCents: priceCentsOf(f),
    priceReason: f.priceReason,
    paidOffline: f.paidOffline,
    // A series is the service alone at its frequency's price (decision 1255).
    addOnIds: f.repeatWeeks ? [] : f.addOnIds,
    // A series is one vehicle's service (decision 1325).
    extraVehicles: f.repeatWeeks ? [] : f.extraVehicles.map(extraVehicleInput),
    ...(f.locationId ? { locationId: f.locationId } : {}),
    arrivalAnyTime: f.arrivalAnyTime,
  };
}

/** The customer and saved vehicle a series is booked for, from the chosen customer's record. */
export interface SeriesCustomer {
  customer: { firstName: string; lastName: string; email: string | null; phone: string | null } | null;
  vehicle: { make: string; model: string; year: number | null; color: string | null } | null;
}

/** POST /api/series: the owner's New booking every 1, 2 or 4 weeks (issue 32), for the same customer and vehicle. */
export function toOwnerSeriesInput(
  f: BookingFormValues,
  ctx: BookingFormContext,
  chosen: SeriesCustomer,
): OwnerSeriesInput {
  const typed = newVehicleOf(f, ctx);
  const vehicle = chosen.vehicle && f.vehicleId !== 'new' ? chosen.vehicle : typed;
  const person =
    f.customerMode === 'existing' && chosen.customer
      ? chosen.customer
      : { firstName: f.firstName, lastName: f.lastName, email: f.email, phone: f.phone };
  return {
    serviceId: f.serviceId,
    vehicleType: vehicleTypeOf(f, ctx),
    date: f.date,
    time: f.time,
    location: f.locationAddress,
    zip: f.locationAddress.match(/\b\d{5}(?=(-\d{4})?\b)/g)?.at(-1) ?? null,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email ?? '',
    phone: person.phone ?? '',
    vehicleMake: vehicle?.make ?? '',
    vehicleModel: vehicle?.model ?? '',
    vehicleYear: vehicle?.year ?? null,
    vehicleColor: vehicle?.color ?? '',
    notes: f.notes,
    repeatWeeks: Number(f.repeatWeeks) as 1 | 2 | 4,
  };
}

/** PATCH /api/bookings/:id: the booking's service, vehicle, time, address, notes and, when changed, its price. */
export function toEditInput(f: BookingFormValues, ctx: BookingFormContext): OwnerBookingEdit {
  const vehicleId = savedVehicleId(f);
  const newVehicle = newVehicleOf(f, ctx);
  const priceCents = priceCentsOf(f);
  return {
    serviceId: f.serviceId || undefined,
    vehicleType: vehicleTypeOf(f, ctx),
    ...(vehicleId ? { vehicleId } : {}),
    ...(newVehicle ? { vehicle: newVehicle } : {}),
    date: f.date,
    time: f.time,
    locationAddress: f.locationAddress,
    notes: f.notes,
    ...(priceCents !== null ? { priceCents, priceReason: f.priceReason } : {}),
    // The vehicles after the first, as the dialog leaves them (decision 1343); as booked, nothing changes.
    extraVehicles: f.extraVehicles.map(extraVehicleInput),
    arrivalAnyTime: f.arrivalAnyTime,
  };
}

/** An API issue's path as the form field it concerns: `customer.email` → `email`, `priceCents` → `price`. */
function fieldOf(path: readonly PropertyKey[]): string {
  const last = String(path.at(-1) ?? 'root');
  return last === 'priceCents' ? 'price' : last;
}

const fields = z.object({
  customerMode: z.enum(['existing', 'new']),
  customerId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  vehicleId: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.string(),
  color: z.string(),
  vehicleType: z.enum(VEHICLE_TYPES),
  serviceId: z.string(),
  date: z.string(),
  time: z.string(),
  locationAddress: z.string(),
  notes: z.string(),
  changePrice: z.boolean(),
  price: z.string(),
  priceReason: z.string(),
  paidOffline: z.boolean(),
  repeatWeeks: z.enum(['', '1', '2', '4']),
  addOnIds: z.array(z.string()),
  arrivalAnyTime: z.boolean(),
  // New booking's Location picker (decision 1317): '' or absent is "By the address's zip". Without it here the
  // resolver dropped the pick and the server chose by zip.
  locationId: z.string().optional(),
  extraVehicles: z.array(
    z.object({
      vehicleType: z.enum([...VEHICLE_TYPES, '']),
      serviceId: z.string(),
      vehicleMake: z.string(),
      vehicleModel: z.string(),
      vehicleColor: z.string().optional(),
      addOnIds: z.array(z.string()).optional(),
      addOnCents: z.number().optional(),
      booked: z
        .object({
          serviceId: z.string(),
          vehicleType: z.enum([...VEHICLE_TYPES, '']),
          servicePriceCents: z.number(),
          addOns: z.array(z.object({ id: z.string(), priceCents: z.number() })),
        })
        .optional(),
    }),
  ),
}) satisfies z.ZodType<BookingFormValues>;

/**
 * The form's resolver schema: another price must read as dollars; then the request the form would send is checked
 * with the server's schema, each issue on the field it concerns. The values themselves pass through unchanged, so
 * what is sent is exactly `toCreateInput` / `toEditInput` of them. `context` is read at each check (the customer's
 * vehicles load after the form opens).
 */
export function bookingFormSchema(context: () => BookingFormContext) {
  return fields.superRefine((f, issues) => {
    if (f.changePrice && priceCentsOf(f) === null) {
      issues.addIssue({ code: 'custom', message: PRICE_INVALID, path: ['price'] });
      return;
    }
    const ctx = context();
    const parsed = ctx.editing
      ? ownerBookingEditSchema.safeParse(toEditInput(f, ctx))
      : ownerBookingInputSchema.safeParse(toCreateInput(f, ctx));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      issues.addIssue({ code: 'custom', message: issue.message, path: [fieldOf(issue.path)] });
    }
  });
}

/** The first message of a failed check: the form shows one, where the server's answer shows. */
export function firstMessage(errors: Record<string, { message?: unknown } | undefined>): string | null {
  for (const error of Object.values(errors)) {
    if (typeof error?.message === 'string' && error.message) return error.message;
  }
  return null;
}

/**
 * Edit's list price as the server computes it (decision 1343): the first vehicle keeps the price it was booked at (and
 * its add-ons) while its service and type stay, a one-vehicle booking's being what it was quoted less its add-ons; a
 * new service or type is today's list price (`listedCents`). The other vehicles add `others.cents`.
 */
export function editListPriceCents(
  booking: Pick<BookingDetail, 'service' | 'vehicle' | 'vehicles' | 'addOns' | 'quotedPriceCents'>,
  chosen: { serviceId: string; vehicleType: VehicleType },
  listedCents: number,
  others: { count: number; cents: number },
): number {
  const first = booking.vehicles.length > 1 ? booking.vehicles[0]! : null;
  const several = others.count > 0;
  const sameService = chosen.serviceId === booking.service.id;
  const sameType = chosen.vehicleType === booking.vehicle?.vehicleType;
  const addOns = sameService ? (first ? first.addOns : several ? booking.addOns : []) : [];
  const addOnsCents = addOns.reduce((sum, a) => sum + a.priceCents, 0);
  const firstCents =
    !sameService || !sameType
      ? listedCents
      : first
        ? first.servicePriceCents
        : several
          ? Math.max(0, booking.quotedPriceCents - addOnsCents)
          : listedCents;
  return several || first ? firstCents + addOnsCents + others.cents : firstCents;
}
