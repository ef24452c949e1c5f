import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings, checkoutSessions, leadAssignments, profiles, serviceAreas } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { afterCursor, cursorText, pageOf } from '../../http/lists';
import { recordAudit } from '../admin-users/audit.service';
import { customerForCheckout, upsertVehicle } from '../bookings/book/checkout.service';
import { recordLeadCharge } from '../payouts/ledger.service';
import { leadPriceCents } from './lead-price';

export const LEAD_TEXT = {
  notFound: 'This lead could not be found',
  business: 'This business could not be found',
  noZip: 'This lead has no zip code, so no service area can cover it',
  notCovered: (zip: string) =>
    `This business has no active service area covering ${zip}. Choose a business that serves this zip.`,
  taken: 'This lead is already assigned to another business',
} as const;

const leadColumns = {
  id: bookings.id,
  serviceName: bookings.serviceName,
  scheduledAt: bookings.scheduledAt,
  locationAddress: bookings.locationAddress,
  zipCode: bookings.zipCode,
  priceCents: bookings.quotedPriceCents,
  status: bookings.status,
  createdAt: bookings.createdAt,
  firstName: checkoutSessions.firstName,
  lastName: checkoutSessions.lastName,
  email: checkoutSessions.email,
  phone: checkoutSessions.phone,
  timeZone: checkoutSessions.timeZone,
  assignedBusinessId: leadAssignments.businessId,
  assignedBusinessName: profiles.businessName,
  assignedAt: leadAssignments.assignedAt,
  chargedCents: leadAssignments.priceCents,
};

/** Leads, newest first: open ones (no business yet), assigned ones, or both. */
export async function listLeads(
  db: Database,
  q: { state: 'open' | 'assigned' | 'all'; limit: number; cursor?: string },
) {
  const state =
    q.state === 'open'
      ? isNull(bookings.businessId)
      : q.state === 'assigned'
        ? sql`${leadAssignments.bookingId} is not null`
        : or(isNull(bookings.businessId), sql`${leadAssignments.bookingId} is not null`);
  const after = afterCursor(
    q.cursor,
    [
      { column: bookings.createdAt, kind: 'timestamp' },
      { column: bookings.id, kind: 'uuid' },
    ],
    'desc',
  );
  const rows = await db
    .select({ ...leadColumns, at: cursorText(bookings.createdAt) })
    .from(bookings)
    .leftJoin(checkoutSessions, eq(checkoutSessions.bookingId, bookings.id))
    .leftJoin(leadAssignments, eq(leadAssignments.bookingId, bookings.id))
    .leftJoin(profiles, eq(profiles.id, leadAssignments.businessId))
    .where(and(state, after))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(q.limit + 1);
  const page = pageOf(rows, q.limit, (r) => [r.at, r.id]);
  return { items: page.items.map(toLead), nextCursor: page.nextCursor };
}

function toLead(r: Awaited<ReturnType<typeof leadRow>>) {
  return {
    id: r.id,
    serviceName: r.serviceName,
    scheduledAt: r.scheduledAt.toISOString(),
    timeZone: r.timeZone ?? 'America/Chicago',
    locationAddress: r.locationAddress,
    zipCode: r.zipCode,
    priceCents: r.priceCents,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    customer: {
      firstName: r.firstName ?? '',
      lastName: r.lastName ?? '',
      email: r.email ?? '',
      phone: r.phone ?? null,
    },
    assignment: r.assignedBusinessId
      ? {
          businessId: r.assignedBusinessId,
          businessName: r.assignedBusinessName,
          assignedAt: r.assignedAt!.toISOString(),
          chargedCents: r.chargedCents ?? 0,
        }
      : null,
  };
}

async function leadRow(db: Database, id: string) {
  const [row] = await db
    .select({ ...leadColumns, at: cursorText(bookings.createdAt) })
    .from(bookings)
    .leftJoin(checkoutSessions, eq(checkoutSessions.bookingId, bookings.id))
    .leftJoin(leadAssignments, eq(leadAssignments.bookingId, bookings.id))
    .leftJoin(profiles, eq(profiles.id, leadAssignments.businessId))
    .where(
      and(
        eq(bookings.id, id),
        or(isNull(bookings.businessId), sql`${leadAssignments.bookingId} is not null`),
      ),
    );
  if (!row) throw notFound(LEAD_TEXT.notFound);
  return row;
}

export async function getLead(db: Database, id: string) {
  return toLead(await leadRow(db, assertUuid(id, LEAD_TEXT.notFound)));
}

/** Businesses whose active service areas cover the lead's zip: the ones it may be given to. */
export async function eligibleBusinesses(db: Database, id: string) {
  const lead = await leadRow(db, assertUuid(id, LEAD_TEXT.notFound));
  const leadPrice = await leadPriceCents(db);
  if (!lead.zipCode) return { zipCode: null, leadPriceCents: leadPrice, items: [], nextCursor: null };
  const items = await db
    .selectDistinct({
      id: profiles.id,
      name: profiles.businessName,
      city: serviceAreas.city,
      stateCode: serviceAreas.stateCode,
    })
    .from(serviceAreas)
    .innerJoin(profiles, eq(profiles.id, serviceAreas.businessId))
    .where(and(eq(serviceAreas.zipCode, lead.zipCode), eq(serviceAreas.isActive, true)))
    .orderBy(profiles.businessName, profiles.id);
  return { zipCode: lead.zipCode, leadPriceCents: leadPrice, items, nextCursor: null };
}

/**
 * Gives a lead to a business whose active service areas cover its zip (docs/decisions/0831): the booking becomes the
 * business's (with its customer and vehicle), and the business's ledger is charged the lead price — once. The
 * booking row is locked, so concurrent assignments run one after the other: the first assigns and charges, a repeat
 * for the same business is a no-op, another business gets 409.
 */
export async function assignLead(
  db: Database,
  input: { leadId: string; businessId: string; admin: { id: string; email: string } },
) {
  const leadId = assertUuid(input.leadId, LEAD_TEXT.notFound);
  const outcome = await db.transaction(async (tx) => {
    const [booking] = await tx
      .select({
        id: bookings.id,
        businessId: bookings.businessId,
        zipCode: bookings.zipCode,
        serviceName: bookings.serviceName,
      })
      .from(bookings)
      .where(eq(bookings.id, leadId))
      .for('update');
    const [done] = await tx.select().from(leadAssignments).where(eq(leadAssignments.bookingId, leadId));
    if (!booking || (booking.businessId && !done)) throw notFound(LEAD_TEXT.notFound);
    if (done) {
      if (done.businessId !== input.businessId) throw conflict(LEAD_TEXT.taken);
      return { created: false };
    }
    const [business] = await tx
      .select({ id: profiles.id, name: profiles.businessName })
      .from(profiles)
      .where(eq(profiles.id, input.businessId));
    if (!business) throw notFound(LEAD_TEXT.business);
    if (!booking.zipCode) throw conflict(LEAD_TEXT.noZip);
    const [covers] = await tx
      .select({ id: serviceAreas.id })
      .from(serviceAreas)
      .where(
        and(
          eq(serviceAreas.businessId, input.businessId),
          eq(serviceAreas.zipCode, booking.zipCode),
          eq(serviceAreas.isActive, true),
        ),
      )
      .limit(1);
    if (!covers) throw conflict(LEAD_TEXT.notCovered(booking.zipCode));

    // The customer and vehicle the booking form collected, now the business's (matched by email like a booking).
    const [checkout] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.bookingId, leadId));
    let customerId: string | null = null;
    let vehicleId: string | null = null;
    if (checkout) {
      const row = { ...checkout, businessId: input.businessId };
      customerId = (await customerForCheckout(tx, row)).id;
      vehicleId = await upsertVehicle(tx, row, customerId);
    }
    await tx
      .update(bookings)
      .set({ businessId: input.businessId, customerId, customerVehicleId: vehicleId })
      .where(eq(bookings.id, leadId));
    const price = await leadPriceCents(tx);
    await tx.insert(leadAssignments).values({
      bookingId: leadId,
      businessId: input.businessId,
      assignedBy: input.admin.id,
      priceCents: price,
    });
    const who = checkout ? ` — ${checkout.firstName} ${checkout.lastName}` : '';
    // The audit log (admin users, docs/decisions/0811), in the same transaction as the assignment.
    await recordAudit(tx, {
      actor: input.admin,
      action: 'lead.assign',
      targetType: 'booking',
      targetId: leadId,
      targetLabel: `${booking.serviceName}${who}`,
      before: { businessId: null },
      after: { businessId: input.businessId, businessName: business.name, chargedCents: price },
    });
    await recordLeadCharge(tx, {
      businessId: input.businessId,
      leadId,
      amountCents: price,
      description: `Lead: ${booking.serviceName}${who}`,
    });
    return { created: true };
  });
  return { ...outcome, lead: await getLead(db, leadId) };
}
