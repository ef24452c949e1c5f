import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { LEAD_SERVICES } from '../../../shared/booking.schemas';
import { pageSlug } from '../../../shared/seo.constants';
import { addDays, DEFAULT_TIME_ZONE, todayInZone, zonedTimeToUtc } from '../../../shared/time';
import type { Database } from '../../db/client';
import { bookings, checkoutSessions } from '../../db/schema';
import { zipCheckCounts } from './analytics.schema';

const DAY = 24 * 60 * 60 * 1000;

/** A paid booking made where no business served (a platform lead), with its checkout, as /book would leave it. */
export async function createLeadBooking(
  db: Database,
  lead: {
    serviceIndex: number;
    scheduledAt: Date;
    createdAt: Date;
    zipCode: string;
    locationAddress: string;
    firstName: string;
    lastName: string;
    email: string;
    landingPath?: string | null;
  },
) {
  const service = LEAD_SERVICES[lead.serviceIndex]!;
  const sessionId = `test_seed_${randomUUID()}`;
  const [booking] = await db
    .insert(bookings)
    .values({
      businessId: null,
      serviceName: service.name,
      durationMinutes: service.durationMinutes,
      scheduledAt: lead.scheduledAt,
      locationAddress: lead.locationAddress,
      zipCode: lead.zipCode,
      quotedPriceCents: service.basePriceCents,
      finalPriceCents: service.basePriceCents,
      paymentSessionId: sessionId,
      createdAt: lead.createdAt,
    })
    .returning({ id: bookings.id });
  await db.insert(checkoutSessions).values({
    provider: 'test',
    providerSessionId: sessionId,
    businessId: null,
    serviceName: service.name,
    durationMinutes: service.durationMinutes,
    vehicleType: 'sedan',
    scheduledAt: lead.scheduledAt,
    timeZone: 'America/Chicago',
    locationAddress: lead.locationAddress,
    zipCode: lead.zipCode,
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    amountCents: service.basePriceCents,
    status: 'completed',
    paymentReference: `test_payment_${sessionId}`,
    bookingId: booking!.id,
    landingPath: lead.landingPath ?? null,
    expiresAt: new Date(lead.createdAt.getTime() + 60 * 60 * 1000),
    paidAt: lead.createdAt,
    completedAt: lead.createdAt,
    createdAt: lead.createdAt,
  });
  return booking!.id;
}

/**
 * The demo's platform history for /admin/analytics: bookings made a couple of days before their date (not all at
 * seed time), twelve weeks of zip checks, and three leads — two from the demo SEO page — for the admin to assign.
 */
export async function seedAnalyticsDemo(db: Database, businessId: string) {
  await db
    .update(bookings)
    .set({ createdAt: sql`least(now(), ${bookings.scheduledAt} - interval '2 days')` })
    .where(eq(bookings.businessId, businessId));
  const rows = [];
  for (let d = 0; d < 84; d++) {
    const day = new Date(Date.now() - d * DAY).toISOString().slice(0, 10);
    rows.push({ day, zipCode: '78701', available: true, count: 6 + ((d * 7) % 9) });
    rows.push({ day, zipCode: '78704', available: true, count: 2 + (d % 4) });
    rows.push({ day, zipCode: '10001', available: false, count: 1 + ((d * 5) % 4) });
    if (d % 3 === 0) rows.push({ day, zipCode: '94110', available: false, count: 1 });
  }
  await db.insert(zipCheckCounts).values(rows).onConflictDoNothing();
  const seoPath = `/seo/${pageSlug({ keyword: 'Mobile Car Detailing', city: 'Austin', state: 'TX' })}`;
  const today = todayInZone(DEFAULT_TIME_ZONE);
  const slot = (days: number) => zonedTimeToUtc(addDays(today, days), '10:00', DEFAULT_TIME_ZONE);
  const leads = [
    {
      serviceIndex: 1,
      zipCode: '78704',
      locationAddress: '1800 S Lamar Blvd, Austin, TX 78704',
      firstName: 'Riley',
      lastName: 'Chen',
      email: 'riley.chen@example.com',
      landingPath: seoPath,
      days: 4,
    },
    {
      serviceIndex: 0,
      zipCode: '78701',
      locationAddress: '300 W 6th St, Austin, TX 78701',
      firstName: 'Jamie',
      lastName: 'Ortiz',
      email: 'jamie.ortiz@example.com',
      landingPath: seoPath,
      days: 6,
    },
    {
      serviceIndex: 2,
      zipCode: '10001',
      locationAddress: '350 W 31st St, New York, NY 10001',
      firstName: 'Avery',
      lastName: 'Brooks',
      email: 'avery.brooks@example.com',
      landingPath: '/',
      days: 9,
    },
  ];
  for (const [i, l] of leads.entries()) {
    await createLeadBooking(db, {
      ...l,
      scheduledAt: slot(l.days),
      createdAt: new Date(Date.now() - (1 + i * 5) * DAY),
    });
  }
}
