import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import ical from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { bookingVehicleLines } from '../../../shared/booking-vehicles';
import type { DbOrTx } from '../../db/client';
import { profiles, user, userRoles } from '../../db/schema';
import { notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { signedToken, signedTokenId } from '../../http/tokens';
import { getScheduling } from '../bookings/scheduling/scheduling.service';
import { vehiclesOfBookings } from '../bookings/vehicles/booking-vehicles.service';
import { calendarJobs } from './calendar-jobs';
import { calendarFeeds } from './calendar-sync.schema';
import { type FeedEvent, renderEvents } from './ics-events';

// Live ICS feeds out (docs/decisions/1220): the business's feed (every job) and each technician's (their jobs).

const PURPOSE = 'calendar-feed';
/** Jobs from this long ago stay in the feed (a calendar app drops what a feed no longer lists). */
const PAST_DAYS = 90;

interface Viewer {
  businessId: string;
  userId: string;
  memberRole: 'owner' | 'technician';
}
interface Links {
  publicUrl: string;
  linkSecret: string;
}

export const feedUrlOf = (links: Links, tokenId: string) =>
  `${links.publicUrl.replace(/\/$/, '')}/api/calendar-feeds/${signedToken(links.linkSecret, PURPOSE, tokenId)}`;
const webcalOf = (url: string) => url.replace(/^https?:\/\//, 'webcal://');

/** The business's technicians, by name. */
async function techniciansOf(db: DbOrTx, businessId: string) {
  return db
    .select({ id: user.id, name: user.name })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(and(eq(userRoles.businessId, businessId), eq(userRoles.role, 'technician')))
    .orderBy(asc(userRoles.createdAt));
}

/** The feeds a viewer may see: the owner's business feed and every technician's; a technician's own. Made on first ask. */
export async function listFeeds(db: DbOrTx, links: Links, viewer: Viewer) {
  const technicians = await techniciansOf(db, viewer.businessId);
  const shown =
    viewer.memberRole === 'owner'
      ? [null, ...technicians.map((t) => t.id)]
      : technicians.some((t) => t.id === viewer.userId)
        ? [viewer.userId]
        : [];
  if (shown.length)
    await db
      .insert(calendarFeeds)
      .values(shown.map((technicianId) => ({ businessId: viewer.businessId, technicianId })))
      .onConflictDoNothing();
  const rows = await db.select().from(calendarFeeds).where(eq(calendarFeeds.businessId, viewer.businessId));
  const nameOf = new Map(technicians.map((t) => [t.id, t.name]));
  return shown.flatMap((technicianId) => {
    const row = rows.find((r) => r.technicianId === technicianId);
    if (!row) return [];
    const url = feedUrlOf(links, row.tokenId);
    return [
      {
        id: row.id,
        kind: technicianId ? ('technician' as const) : ('business' as const),
        technicianId,
        name: technicianId ? (nameOf.get(technicianId) ?? 'Technician') : 'All jobs',
        url,
        webcalUrl: webcalOf(url),
        rotatedAt: row.rotatedAt?.toISOString() ?? null,
      },
    ];
  });
}

/** A new address for the feed; the old one answers 404 from now on. A technician may rotate only their own. */
export async function rotateFeed(db: DbOrTx, links: Links, viewer: Viewer, id: string) {
  assertUuid(id, 'Feed not found');
  const [row] = await db
    .update(calendarFeeds)
    .set({ tokenId: sql`gen_random_uuid()`, rotatedAt: new Date() })
    .where(
      and(
        eq(calendarFeeds.id, id),
        eq(calendarFeeds.businessId, viewer.businessId),
        viewer.memberRole === 'technician' ? eq(calendarFeeds.technicianId, viewer.userId) : undefined,
      ),
    )
    .returning();
  if (!row) throw notFound('Feed not found');
  const [shown] = (await listFeeds(db, links, viewer)).filter((f) => f.id === row.id);
  if (!shown) throw notFound('Feed not found');
  return shown;
}

/** The feed a token names, or null (a wrong, forged or rotated token). */
export async function feedOfToken(db: DbOrTx, linkSecret: string, token: string) {
  const tokenId = signedTokenId(linkSecret, PURPOSE, token);
  if (!tokenId) return null;
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.tokenId, tokenId));
  return row ?? null;
}

const STATUS: Record<string, FeedEvent['status']> = {
  pending: 'TENTATIVE',
  cancelled: 'CANCELLED',
};

/** The feed as RFC 5545 text: its jobs in the business's zone with a VTIMEZONE, stable UIDs and SEQUENCE. */
export async function renderFeed(
  db: DbOrTx,
  feed: { businessId: string; technicianId: string | null },
  now = new Date(),
) {
  const { timeZone } = await getScheduling(db, feed.businessId);
  const [business] = await db
    .select({ name: profiles.businessName })
    .from(profiles)
    .where(eq(profiles.id, feed.businessId));
  const forTechnician = feed.technicianId !== null;
  const since = new Date(now.getTime() - PAST_DAYS * 86_400_000);
  const rows = await calendarJobs(db, {
    businessId: feed.businessId,
    technicianId: feed.technicianId,
    since,
  });

  // A booking of several vehicles names each, with its service and add-ons (decision 1325).
  const vehicles = await vehiclesOfBookings(
    db,
    feed.businessId,
    rows.map((r) => r.id),
  );
  const calendar = ical({
    name: `${business?.name || 'ShineRoute'} jobs`,
    prodId: { company: 'ShineRoute', product: 'Jobs', language: 'EN' },
    ttl: 15 * 60,
  });
  calendar.timezone({ name: timeZone, generator: (tz) => (tzlib_get_ical_block(tz) as string[])[0] });
  // The events are written by ics-events.ts (decision 1250: ical-generator's line folding took 2 s for 2,000).
  const events = renderEvents(
    rows.map((b) => {
      const start = b.scheduledAt.getTime();
      const who = b.firstName?.trim() || 'Customer';
      return {
        uid: `${b.id}@shineroute`,
        sequence: b.sequence,
        stamp: b.updatedAt,
        start: b.scheduledAt,
        end: new Date(start + b.durationMinutes * 60_000),
        summary: `${b.serviceName} · ${who}`,
        location: b.address,
        // Only what the job needs (issue 28): the technician's feed adds the customer's phone.
        description: [
          `Service: ${b.serviceName}`,
          ...((vehicles.get(b.id)?.length ?? 0) > 1 ? bookingVehicleLines(vehicles.get(b.id)!) : []),
          `Customer: ${who}`,
          forTechnician && b.phone ? `Phone: ${b.phone}` : null,
        ]
          .filter(Boolean)
          .join('\n'),
        status: STATUS[b.status] ?? 'CONFIRMED',
      };
    }),
    timeZone,
  );
  const text = calendar.toString();
  const end = text.lastIndexOf('END:VCALENDAR');
  return `${text.slice(0, end)}${events}${text.slice(end)}`;
}

/** A business's feed row (tests and the bench). */
export async function businessFeedOf(db: DbOrTx, businessId: string) {
  await db.insert(calendarFeeds).values({ businessId, technicianId: null }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.businessId, businessId), isNull(calendarFeeds.technicianId)));
  return row!;
}
