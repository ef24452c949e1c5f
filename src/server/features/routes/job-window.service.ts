import { and, eq } from 'drizzle-orm';
import { type JobWindow, type JobWindowInput, jobWindowInputSchema } from '../../../shared/route-plans';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema';
import { notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';

// A job's arrival window (decision 1334): its booked hour, or — the owner's say — any time in the technician's day.
// The optimiser and the owner's own order then place it anywhere in the shift; Apply tells the customer the new time.

const JOB_NOT_FOUND = 'This job was not found.';

export async function setJobWindow(
  db: Database,
  businessId: string,
  bookingId: string,
  body: JobWindowInput,
): Promise<JobWindow> {
  assertUuid(bookingId, JOB_NOT_FOUND);
  const { anyTime } = jobWindowInputSchema.parse(body);
  const [row] = await db
    .update(bookings)
    .set({ arrivalAnyTime: anyTime })
    .where(and(eq(bookings.id, bookingId), eq(bookings.businessId, businessId)))
    .returning({ bookingId: bookings.id, anyTime: bookings.arrivalAnyTime });
  if (!row) throw notFound(JOB_NOT_FOUND);
  return row;
}
