import { and, eq } from 'drizzle-orm';
import { BOOKER_FIELDS, BOOKER_TEXT, type BookerField } from '../../../shared/booker-details';
import { samePhone } from '../../../shared/sms';
import type { Database } from '../../db/client';
import { bookings, customers } from '../../db/schema';
import { notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { pointColumns } from '../../providers/geo/zip-centroid';
import { recordConsent } from '../campaigns/consent.service';
import { recordHistory } from './booking-history.service';

export interface BookerChange {
  field: BookerField;
  /** What the person booking online entered. */
  booker: string;
  /** What the customer's record holds. */
  customer: string | null;
}

interface BookerRow {
  bookerFirstName: string | null;
  bookerLastName: string | null;
  bookerPhone: string | null;
  locationAddress: string;
  customerFirstName: string | null;
  customerLastName: string | null;
  customerPhone: string | null;
  customerAddress: string | null;
}

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ').trim();
const sameText = (a: string | null, b: string | null) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * Where what the booker entered online differs from the customer's record (decision 0936): shown to the owner on
 * the booking, who may update the customer from it. Empty for bookings the owner made (no booker details).
 */
export function bookerChanges(r: BookerRow): BookerChange[] {
  if (r.bookerFirstName === null) return [];
  const changes: BookerChange[] = [];
  const bookerName = fullName(r.bookerFirstName, r.bookerLastName);
  const customerName = fullName(r.customerFirstName, r.customerLastName);
  if (!sameText(bookerName, customerName))
    changes.push({ field: 'name', booker: bookerName, customer: customerName || null });
  if (
    r.bookerPhone &&
    !samePhone(r.bookerPhone, r.customerPhone) &&
    !sameText(r.bookerPhone, r.customerPhone)
  )
    changes.push({ field: 'phone', booker: r.bookerPhone, customer: r.customerPhone });
  if (!sameText(r.locationAddress, r.customerAddress))
    changes.push({ field: 'address', booker: r.locationAddress, customer: r.customerAddress });
  return changes;
}

/**
 * The owner's "Update customer": copies the booker's name, phone and/or address onto the booking's customer. A
 * new number carries the SMS opt-in its holder gave on the booking form, with that source and time; without one
 * the customer has no SMS consent for the new number (consent belongs to a number, decision 0936).
 */
export async function mergeBookerDetails(
  db: Database,
  businessId: string,
  bookingId: string,
  fields: readonly BookerField[] = BOOKER_FIELDS,
) {
  assertUuid(bookingId, BOOKER_TEXT.bookingNotFound);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        customerId: bookings.customerId,
        bookerFirstName: bookings.bookerFirstName,
        bookerLastName: bookings.bookerLastName,
        bookerPhone: bookings.bookerPhone,
        bookerSmsOptInAt: bookings.bookerSmsOptInAt,
        locationAddress: bookings.locationAddress,
        customerFirstName: customers.firstName,
        customerLastName: customers.lastName,
        customerPhone: customers.phone,
        customerAddress: customers.address,
      })
      .from(bookings)
      .leftJoin(customers, and(eq(customers.id, bookings.customerId), eq(customers.businessId, businessId)))
      .where(and(eq(bookings.id, bookingId), eq(bookings.businessId, businessId)))
      .for('update', { of: bookings });
    if (!row) throw notFound(BOOKER_TEXT.bookingNotFound);
    if (!row.customerId || row.customerFirstName === null) throw notFound(BOOKER_TEXT.customerNotFound);
    const wanted = bookerChanges(row).filter((c) => fields.includes(c.field));
    if (wanted.length === 0) return;
    const set: Partial<typeof customers.$inferInsert> = {};
    for (const c of wanted) {
      if (c.field === 'name')
        Object.assign(set, { firstName: row.bookerFirstName ?? '', lastName: row.bookerLastName ?? '' });
      if (c.field === 'phone') set.phone = row.bookerPhone;
      if (c.field === 'address')
        Object.assign(set, {
          address: row.locationAddress,
          ...pointColumns(row.locationAddress),
          coordinatesSource: null,
          coordinatesAccuracyM: null,
        });
    }
    await tx
      .update(customers)
      .set(set)
      .where(and(eq(customers.id, row.customerId), eq(customers.businessId, businessId)));
    if (set.phone && row.bookerSmsOptInAt)
      await recordConsent(
        tx,
        businessId,
        row.customerId,
        { sms: true, smsPhone: set.phone, source: 'booking_form' },
        row.bookerSmsOptInAt,
      );
    await recordHistory(tx, businessId, bookingId, [
      {
        field: 'customer',
        summary: `Customer updated from this booking: ${wanted.map((c) => BOOKER_TEXT.labels[c.field].toLowerCase()).join(', ')}`,
      },
    ]);
  });
}
