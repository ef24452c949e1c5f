import { and, eq } from 'drizzle-orm';
import type { BookingStatus } from '../../shared/constants';
import type { DbOrTx } from '../db/client';
import { bookingAssignments, invoices } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { assertUuid } from '../http/ids';

// What a technician may do (docs/decisions/1160-technician-permissions.md). Deny by default: requireUser refuses
// every signed-in route not listed here, so a route added later is the owner's until it is listed.

export const TECHNICIAN_FORBIDDEN_MESSAGE =
  'Technicians can see their own jobs, move them forward and take cash for them. Ask the business owner for anything else.';
export const TECHNICIAN_STATUS_MESSAGE =
  'Technicians can only start and complete their jobs; ask the business owner to cancel or mark a no-show.';
export const TECHNICIAN_CASH_MESSAGE = 'Technicians can only record cash taken on site.';

/** The routes a technician may call ("METHOD path"), each scoped to their own jobs by its handler. */
const TECHNICIAN_ROUTES: Array<[string, RegExp]> = [
  ['GET', /^\/api\/me\/role$/],
  // Accepting a team invitation (a used one answers 409 by its own rules).
  ['POST', /^\/api\/invitations\/[^/]+\/accept$/],
  // The business's name, plan and the user's role, which gate the app's screens; the charges are the owner's.
  ['GET', /^\/api\/billing\/?$/],
  // The business's hours and time zone: their calendar is drawn in the business's day.
  ['GET', /^\/api\/scheduling\/?$/],
  ['GET', /^\/api\/bookings\/?$/],
  ['GET', /^\/api\/bookings\/calendar$/],
  ['GET', /^\/api\/bookings\/[^/]+$/],
  ['PATCH', /^\/api\/bookings\/[^/]+\/status$/],
  // The invoice of their own job: its pay link for the customer, and cash taken on site.
  ['GET', /^\/api\/invoices\/[^/]+$/],
  ['POST', /^\/api\/invoices\/[^/]+\/payments$/],
  // Their own shifts, and their own hours (the handler scopes the timesheet to them; decision 1180).
  ['GET', /^\/api\/field\/shift\/?$/],
  ['POST', /^\/api\/field\/shift\/clock-(in|out)$/],
  ['GET', /^\/api\/timesheets\/?$/],
  // The field app (issue 26, decision 1171): their jobs, a job's writes in the field, its photos and signature.
  ['GET', /^\/api\/field\/jobs\/?$/],
  ['GET', /^\/api\/field\/jobs\/[^/]+$/],
  ['GET', /^\/api\/field\/jobs\/[^/]+\/signature$/],
  ['POST', /^\/api\/field\/jobs\/[^/]+\/(on-my-way|check-in|photos|materials|notes|complete|check-out)$/],
  ['PUT', /^\/api\/field\/jobs\/[^/]+\/checklist\/[^/]+$/],
  ['GET', /^\/api\/field\/photos\/[^/]+$/],
  ['GET', /^\/api\/bookings\/[^/]+\/field$/],
  // Their own calendar feed, and a new address for it (issue 28, decision 1220).
  ['GET', /^\/api\/calendar-sync\/feeds$/],
  ['POST', /^\/api\/calendar-sync\/feeds\/[^/]+\/rotate$/],
  // Their own other calendars, whose busy times block their slots (decision 1221).
  ['GET', /^\/api\/calendar-sync\/calendars$/],
  ['POST', /^\/api\/calendar-sync\/calendars$/],
  ['DELETE', /^\/api\/calendar-sync\/calendars\/[^/]+$/],
  // Their own Google Calendar connection (decision 1252): the service shows and disconnects only their own.
  ['GET', /^\/api\/calendar-sync\/google(\/callback)?$/],
  ['POST', /^\/api\/calendar-sync\/google\/connect$/],
  ['DELETE', /^\/api\/calendar-sync\/google\/[^/]+$/],
];

export function technicianMayCall(method: string, path: string): boolean {
  const m = method === 'HEAD' ? 'GET' : method;
  return TECHNICIAN_ROUTES.some(([allowed, re]) => allowed === m && re.test(path));
}

/** The statuses a technician may move their own job to: forward only (never cancelled, refunded or no-show). */
export const TECHNICIAN_STATUSES: readonly BookingStatus[] = ['in_progress', 'completed'];

export function assertTechnicianStatus(to: BookingStatus) {
  if (!TECHNICIAN_STATUSES.includes(to)) throw forbidden(TECHNICIAN_STATUS_MESSAGE);
}

export function assertTechnicianCash(method: string) {
  if (method !== 'cash') throw forbidden(TECHNICIAN_CASH_MESSAGE);
}

/** Who is asking: the owner sees every job of the business, a technician only the jobs assigned to them. */
export interface Viewer {
  businessId: string;
  userId: string;
  memberRole: 'owner' | 'technician';
  /** The field write's Idempotency-Key, when the request came through requireIdempotencyKey (decision 1332). */
  requestKey?: string;
}

/** The technician id to filter a booking list on: a technician's own, whatever the query asked for. */
export function ownJobsFilter(viewer: Viewer, asked: string | undefined): string | undefined {
  return viewer.memberRole === 'technician' ? viewer.userId : asked;
}

/** 404 (not visible) unless the booking is the technician's own job; the owner passes. */
export async function assertOwnJob(
  db: DbOrTx,
  viewer: Viewer,
  bookingId: string,
  message = 'Booking not found',
) {
  if (viewer.memberRole !== 'technician') return;
  assertUuid(bookingId, message);
  const [row] = await db
    .select({ id: bookingAssignments.bookingId })
    .from(bookingAssignments)
    .where(
      and(
        eq(bookingAssignments.bookingId, bookingId),
        eq(bookingAssignments.businessId, viewer.businessId),
        eq(bookingAssignments.technicianId, viewer.userId),
      ),
    );
  if (!row) throw notFound(message);
}

/** 404 (not visible) unless the invoice is of the technician's own job; the owner passes. */
export async function assertOwnJobInvoice(db: DbOrTx, viewer: Viewer, invoiceId: string) {
  if (viewer.memberRole !== 'technician') return;
  const message = 'Invoice not found';
  assertUuid(invoiceId, message);
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(bookingAssignments, eq(bookingAssignments.bookingId, invoices.bookingId))
    .where(
      and(
        eq(invoices.id, invoiceId),
        eq(invoices.businessId, viewer.businessId),
        eq(bookingAssignments.technicianId, viewer.userId),
      ),
    );
  if (!row) throw notFound(message);
}

/** The signed-in viewer of a request (after requireUser). */
export const viewerOf = (c: {
  var: {
    businessId: string;
    user: { id: string };
    memberRole: Viewer['memberRole'];
    idempotencyKey?: string;
  };
}) =>
  ({
    businessId: c.var.businessId,
    userId: c.var.user.id,
    memberRole: c.var.memberRole,
    ...(c.var.idempotencyKey === undefined ? {} : { requestKey: c.var.idempotencyKey }),
  }) satisfies Viewer;
