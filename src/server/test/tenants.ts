import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import {
  createBooking,
  createCustomer,
  createInventoryItem,
  createService,
  createServiceArea,
  createTestimonial,
  createVehicle,
} from '../db/factories';
import * as schema from '../db/schema';
import { createApiKey } from '../features/api-keys/api-keys.service';
import { businessFeedOf } from '../features/calendar-sync/calendar-feeds.service';
import { fingerprintOf, loadDay } from '../features/routes/route-day.service';
import { recordWebhookEvent } from '../features/webhooks/webhooks.service';

/** Every table with a business_id column: a tenant's rows, whatever feature added the table. */
export function tenantTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter(
    (value): value is PgTable => is(value, PgTable) && 'businessId' in getTableColumns(value as PgTable),
  );
}

/**
 * A business with one row of each kind a factory exists for; the marker is written into its names so that any
 * answer containing it has leaked this business's data. Add a line here when a feature adds a factory.
 */
export async function populateTenant(db: Database, businessId: string, marker: string) {
  const service = await createService(db, businessId, {
    name: `${marker} Service`,
    basePriceCents: 5000,
    durationMinutes: 60,
  });
  const customer = await createCustomer(db, businessId, {
    firstName: marker,
    lastName: 'Customer',
    email: `${marker.toLowerCase()}@example.com`,
  });
  const vehicle = await createVehicle(db, businessId, customer.id, {
    make: marker,
    model: 'Model',
    vehicleType: 'sedan',
  });
  await createBooking(db, businessId, {
    service: { id: service.id, name: service.name, durationMinutes: 60 },
    customerId: customer.id,
    customerVehicleId: vehicle.id,
    scheduledAt: new Date(Date.now() + 3 * 86_400_000),
    locationAddress: `${marker} Street 1`,
    quotedPriceCents: 5000,
    status: 'confirmed',
  });
  await createInventoryItem(db, businessId, { name: `${marker} Wax` });
  await createServiceArea(db, businessId, {
    zipCode: '78701',
    city: `${marker}ville`,
    state: 'Texas',
    stateCode: 'TX',
  });
  await createTestimonial(db, businessId, {
    customerName: `${marker} Fan`,
    testimonialText: `${marker} did great work`,
  });
  // Automated messages (decision 610): a sent reminder in the log and the business's automation settings.
  await db.insert(schema.messageSends).values({
    id: crypto.randomUUID(),
    businessId,
    customerId: customer.id,
    kind: 'reminder_24h',
    dedupeKey: `tenant:${businessId}`,
    channel: 'email',
    to: `${marker.toLowerCase()}@example.com`,
    subject: `${marker} reminder`,
    body: `${marker} reminder`,
    status: 'sent',
  });
  await db
    .insert(schema.messagingSettings)
    .values({ businessId, reviewLink: `https://example.com/${marker}`, winbackMessage: marker });
  // An own message template, so that a campaign body can name one (issue 24: ids in bodies).
  await db
    .insert(schema.messageTemplates)
    .values({ businessId, name: `${marker} Template`, type: 'email', content: `${marker} hello` });
  // The field app (issue 26): a checklist item of the service, and an hour on the owner's timesheet to correct.
  await db
    .insert(schema.serviceChecklistItems)
    .values({ businessId, serviceId: service.id, label: `${marker} check`, position: 0 });
  await db.insert(schema.timeEntries).values({
    businessId,
    technicianId: businessId,
    kind: 'shift',
    startedAt: new Date(Date.now() - 3 * 3_600_000),
    endedAt: new Date(Date.now() - 2 * 3_600_000),
  });
  // A key to the public API (decision 1200).
  await createApiKey(db, businessId, businessId, { name: `${marker} Key`, scopes: ['read'] });
  // A webhook endpoint with an event and its delivery (decision 1202).
  await db.insert(schema.webhookEndpoints).values({
    businessId,
    url: `https://example.com/${marker}`,
    events: ['customer.created'],
    secret: `whsec_${Buffer.from(marker).toString('base64')}`,
  });
  await recordWebhookEvent(db, businessId, 'customer.created', { firstName: marker });
  // The business's live calendar feed (decision 1220).
  await businessFeedOf(db, businessId);
  // The service repeatable every 1, 2 or 4 weeks (issue 32), so the owner's New booking can book it as a series.
  await db.insert(schema.repeatableServices).values({
    businessId,
    serviceId: service.id,
    weeklyPercent: 10,
    biweeklyPercent: 5,
    fourWeeklyPercent: 0,
  });
  // A maintenance plan with a member, a credit grant and a paid month (issue 32).
  const [plan] = await db
    .insert(schema.maintenancePlans)
    .values({
      businessId,
      name: `${marker} Plan`,
      monthlyPriceCents: 7900,
      includedCredits: 1,
      creditPeriod: 'month',
      vehicleTypes: ['sedan'],
      holdAllowed: true,
      maxHoldMonths: 4,
    })
    .returning();
  const [member] = await db
    .insert(schema.planMembers)
    .values({
      businessId,
      planId: plan!.id,
      customerId: customer.id,
      name: `${marker} Member`,
      email: `${marker.toLowerCase()}.member@example.com`,
      provider: 'test',
      status: 'active',
      startedAt: new Date(),
      nextChargeAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning();
  await db
    .insert(schema.planCreditEntries)
    .values({ businessId, memberId: member!.id, kind: 'grant', delta: 1, periodStart: '2030-01-01' });
  await db.insert(schema.planCharges).values({
    businessId,
    memberId: member!.id,
    periodStart: new Date(),
    attempt: 0,
    amountCents: 7900,
    status: 'paid',
  });
  // The owner's other calendar and one busy time of it (decision 1221).
  const [calendar] = await db
    .insert(schema.externalCalendars)
    .values({ businessId, userId: businessId, url: `https://example.com/${marker}.ics`, busyCount: 1 })
    .returning();
  await db.insert(schema.externalBusy).values({
    businessId,
    calendarId: calendar!.id,
    startsAt: new Date(Date.now() + 5 * 86_400_000),
    endsAt: new Date(Date.now() + 5 * 86_400_000 + 3_600_000),
  });
  // The owner's Google Calendar connection and one job written to it (decision 1252).
  const [googleCalendar] = await db
    .insert(schema.externalCalendars)
    .values({ businessId, userId: businessId, kind: 'google', url: null })
    .returning();
  const [google] = await db
    .insert(schema.googleCalendarConnections)
    .values({
      businessId,
      userId: businessId,
      calendarId: googleCalendar!.id,
      accountEmail: `${marker.toLowerCase()}@example.com`,
      accessToken: 'sealed:v1.none',
      refreshToken: 'sealed:v1.none',
      accessExpiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning();
  await db.insert(schema.googleCalendarEvents).values({
    businessId,
    connectionId: google!.id,
    bookingId: crypto.randomUUID(),
    eventId: `sr${marker.toLowerCase()}`,
    writtenSequence: 0,
  });
  await db.insert(schema.googleOauthStates).values({ businessId, userId: businessId });
  // A proposed route plan for an empty day, which applies (issue 27, decision 1216).
  const planDay = await loadDay(db, businessId, '2031-01-07');
  await db.insert(schema.routePlans).values({
    businessId,
    day: planDay.date,
    fingerprint: fingerprintOf(planDay),
    plan: { technicians: [], kept: [], changes: [] },
    beforeMinutes: 0,
    afterMinutes: 0,
  });
}

/** The ids of every row of the business, in every tenant table. */
export async function tenantIds(db: Database, businessId: string): Promise<string[]> {
  return [...(await tenantIdsByTable(db, businessId)).values()].flat();
}

/** The same ids by table name (`customers` → ids), oldest first, for a request that needs a row of one kind. */
export async function tenantIdsByTable(db: Database, businessId: string): Promise<Map<string, string[]>> {
  const ids = new Map<string, string[]>();
  for (const table of tenantTables()) {
    const columns = getTableColumns(table);
    if (!('id' in columns)) continue;
    const order = 'createdAt' in columns ? sql`created_at, id` : sql`id`;
    const rows = await db.execute<{ id: string }>(
      sql`select id::text as id from ${table} where business_id = ${businessId} order by ${order}`,
    );
    const found = (rows as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    if (found.length) ids.set(getTableName(table), found);
  }
  return ids;
}

/**
 * A stable picture of every row the business owns, to prove that nothing changed: each row as PostgreSQL's own JSON
 * of all its columns (timestamps to the microsecond), sorted, table by table — in one query, since the isolation
 * matrix takes two pictures for each of its routes and one round trip per table made that its largest cost.
 */
export async function tenantSnapshot(db: Database, businessId: string): Promise<string> {
  // The idempotency record of a refused write is the request's receipt (decision 1170), not a change of data.
  const tables = tenantTables().filter((table) => getTableName(table) !== 'idempotency_keys');
  const parts = tables.map(
    (table, i) =>
      sql`select ${i}::int as i, coalesce((select string_agg(row_to_json(r)::text, ${'\n'} order by row_to_json(r)::text collate "C") from ${table} r where r.business_id = ${businessId}), '') as rows`,
  );
  const result = await db.execute<{ i: number; rows: string }>(
    sql`${sql.join(parts, sql` union all `)} order by i`,
  );
  const rows = (result as unknown as { rows: { i: number; rows: string }[] }).rows;
  return rows.map((r) => `${getTableName(tables[r.i]!)}:${r.rows}`).join('\n\n');
}
