import { and, eq, gt, isNull, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, customers } from '../../db/schema';
import type { LatLng } from '../../providers/geo/geo';
import { greatCircleKm } from '../../providers/geo/great-circle';

// A technician's GPS at check-in refines where a job is (issue 27, decision 1247). A zip centroid can be kilometres
// off; the technician standing at the car is not. Only a good fix near the stored point counts: a poor fix is
// noise, and one far from the stored point is a check-in made from somewhere else (the van, the last job).

/** A fix counts when the device reports at most this accuracy (metres, the 68 % radius browsers report). */
export const REFINE_MAX_ACCURACY_M = 100;
/** …and it lies at most this far from the point stored for the job (zip centroid or geocoded address). */
export const REFINE_MAX_DISTANCE_KM = 5;

export interface CheckInFix {
  lat?: number;
  lng?: number;
  accuracyM?: number;
}

export interface Refined {
  booking: boolean;
  customer: boolean;
}

const pointOf = (lat: number | null, lng: number | null): LatLng | null =>
  lat !== null && lng !== null ? { lat, lng } : null;

const sameAddress = (a: string | null, b: string | null) =>
  a !== null &&
  b !== null &&
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Moves the booking's point (and its customer's, when the job is at the customer's own address) to the check-in fix
 * when the fix is good and plausible and better than what is stored: a point from the address is always replaced,
 * a point from an earlier check-in only by a strictly more accurate fix. The update's own condition decides, so a
 * replayed or concurrent check-in with the same fix changes nothing.
 */
export async function refineFromCheckIn(
  db: DbOrTx,
  businessId: string,
  bookingId: string,
  fix: CheckInFix,
): Promise<Refined> {
  const none = { booking: false, customer: false };
  const { lat, lng, accuracyM } = fix;
  if (lat === undefined || lng === undefined || accuracyM === undefined) return none;
  if (!Number.isFinite(accuracyM) || accuracyM < 0 || accuracyM > REFINE_MAX_ACCURACY_M) return none;
  const [row] = await db
    .select({
      lat: bookings.latitude,
      lng: bookings.longitude,
      address: bookings.locationAddress,
      customerId: customers.id,
      customerLat: customers.latitude,
      customerLng: customers.longitude,
      customerAddress: customers.address,
    })
    .from(bookings)
    .innerJoin(
      customers,
      and(eq(customers.id, bookings.customerId), eq(customers.businessId, bookings.businessId)),
    )
    .where(and(eq(bookings.id, bookingId), eq(bookings.businessId, businessId)));
  if (!row) return none;
  const here = { lat, lng };
  const near = (p: LatLng | null) => p !== null && greatCircleKm(p, here) <= REFINE_MAX_DISTANCE_KM;
  const bookingPoint = pointOf(row.lat, row.lng) ?? pointOf(row.customerLat, row.customerLng);
  // With no stored point there is nothing to check the fix against: it is not taken on trust.
  if (!near(bookingPoint)) return none;
  const values = {
    latitude: lat,
    longitude: lng,
    coordinatesSource: 'check_in' as const,
    coordinatesAccuracyM: accuracyM,
  };
  const moved = await db
    .update(bookings)
    .set(values)
    .where(
      and(
        eq(bookings.id, bookingId),
        eq(bookings.businessId, businessId),
        or(
          isNull(bookings.coordinatesSource),
          ne(bookings.coordinatesSource, 'check_in'),
          gt(bookings.coordinatesAccuracyM, accuracyM),
        ),
      ),
    )
    .returning({ id: bookings.id });
  let customer = false;
  const customerPoint = pointOf(row.customerLat, row.customerLng) ?? bookingPoint;
  if (sameAddress(row.address, row.customerAddress) && near(customerPoint)) {
    const c = await db
      .update(customers)
      .set(values)
      .where(
        and(
          eq(customers.id, row.customerId),
          eq(customers.businessId, businessId),
          or(
            isNull(customers.coordinatesSource),
            ne(customers.coordinatesSource, 'check_in'),
            gt(customers.coordinatesAccuracyM, accuracyM),
          ),
        ),
      )
      .returning({ id: customers.id });
    customer = c.length > 0;
  }
  return { booking: moved.length > 0, customer };
}
