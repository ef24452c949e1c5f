import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings, customers, profiles } from '../../db/schema';
import type { Geocoder, LatLng } from '../../providers/geo/geo';

// Coordinates for rows written before they were stored, or whose address the write path could not place
// (decision 1215): the configured geocoder fills them, a batch at a time; rows it cannot place stay null.

const BATCH = 200;

/** Geocodes each distinct address once per call (a day's jobs often share a street or a zip code). */
function memo(geocoder: Geocoder) {
  const seen = new Map<string, Promise<LatLng | null>>();
  return (address: string | null, zip?: string | null) => {
    const key = `${address ?? ''}|${zip ?? ''}`;
    let hit = seen.get(key);
    if (!hit) {
      hit = geocoder.geocode({ address, zip }).catch(() => null);
      seen.set(key, hit);
    }
    return hit;
  };
}

export interface BackfillCounts {
  bookings: number;
  customers: number;
  businesses: number;
}

/**
 * Fills missing coordinates of bookings, customers and business bases; `businessId` narrows it to one business.
 * `signal` stops it between two rows: a draining instance aborts it before closing its pool, so the start-up back-fill
 * never queries a closed pool; what is left is filled by the next start.
 */
export async function backfillCoordinates(
  db: Database,
  geocoder: Geocoder,
  opts: { businessId?: string; bookingIds?: string[]; signal?: AbortSignal } = {},
): Promise<BackfillCounts> {
  const locate = memo(geocoder);
  const stopped = () => opts.signal?.aborted === true;
  const counts: BackfillCounts = { bookings: 0, customers: 0, businesses: 0 };
  for (;;) {
    const rows = await db
      .select({ id: bookings.id, address: bookings.locationAddress, zip: bookings.zipCode })
      .from(bookings)
      .where(
        and(
          isNull(bookings.latitude),
          opts.businessId ? eq(bookings.businessId, opts.businessId) : undefined,
          opts.bookingIds ? inArray(bookings.id, opts.bookingIds) : undefined,
        ),
      )
      .limit(BATCH);
    let placed = 0;
    for (const r of rows) {
      if (stopped()) return { ...counts, bookings: counts.bookings + placed };
      const p = await locate(r.address, r.zip);
      if (!p || stopped()) continue;
      await db.update(bookings).set({ latitude: p.lat, longitude: p.lng }).where(eq(bookings.id, r.id));
      placed++;
    }
    counts.bookings += placed;
    if (rows.length < BATCH || placed === 0) break;
  }
  for (;;) {
    const rows = await db
      .select({ id: customers.id, address: customers.address })
      .from(customers)
      .where(
        and(
          isNull(customers.latitude),
          isNotNull(customers.address),
          opts.businessId ? eq(customers.businessId, opts.businessId) : undefined,
        ),
      )
      .limit(BATCH);
    let placed = 0;
    for (const r of rows) {
      if (stopped()) return { ...counts, customers: counts.customers + placed };
      const p = await locate(r.address);
      if (!p || stopped()) continue;
      await db.update(customers).set({ latitude: p.lat, longitude: p.lng }).where(eq(customers.id, r.id));
      placed++;
    }
    counts.customers += placed;
    if (rows.length < BATCH || placed === 0) break;
  }
  if (stopped()) return counts;
  const bases = await db
    .select({ id: profiles.id, address: profiles.businessAddress })
    .from(profiles)
    .where(
      and(
        or(isNull(profiles.baseLatitude), isNull(profiles.baseLongitude)),
        isNotNull(profiles.businessAddress),
        opts.businessId ? eq(profiles.id, opts.businessId) : undefined,
      ),
    );
  for (const b of bases) {
    if (stopped()) return counts;
    const p = await locate(b.address);
    if (!p || stopped()) continue;
    await db.update(profiles).set({ baseLatitude: p.lat, baseLongitude: p.lng }).where(eq(profiles.id, b.id));
    counts.businesses++;
  }
  return counts;
}
