import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, lt } from 'drizzle-orm';
import { GOOGLE_CALENDAR_TEXT } from '../../../shared/calendar-sync';
import { zonedTimeToUtc } from '../../../shared/time';
import type { DbOrTx } from '../../db/client';
import {
  bookings,
  externalBusy,
  externalCalendars,
  googleCalendarConnections,
  googleCalendarEvents,
} from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { dataKeysOfDeps, seal, unseal } from '../../http/encryption';
import { hashToken, newToken } from '../../http/tokens';
import {
  eventIdOf,
  type GoogleCalendarApi,
  type GoogleEvent,
  GoogleGrantRevoked,
  GoogleSyncTokenGone,
} from '../../providers/google-calendar/google-calendar';
import { getScheduling } from '../bookings/scheduling/scheduling.service';
import { calendarJobs } from './calendar-jobs';

// Google Calendar two-way (decision 1252), the sync itself: read the connected calendar's busy times into
// external_busy (full read, then incremental by sync token; a 410 reads it whole again), write ShineRoute's jobs to it
// (one insert, one update per change, one delete per cancellation, by the job's own event id), and keep a push channel.

export type GoogleDeps = Pick<AppDeps, 'db' | 'google' | 'linkSecret' | 'dataKeys' | 'publicUrl' | 'jobs'>;
export type Connection = typeof googleCalendarConnections.$inferSelect;

export const GOOGLE_SWEEP_JOB = 'calendar-sync.google-sweep';
export const GOOGLE_PULL_JOB = 'calendar-sync.google-pull';
/** The sweep: writes jobs, renews channels, reads calendars with no live channel. */
export const GOOGLE_SWEEP_SECONDS = 60;
/** A channel lives 7 days (Google's longest); renewed when it has less than a day left. */
export const CHANNEL_TTL_SECONDS = 7 * 86_400;
const RENEW_BEFORE_MS = 86_400_000;
/** With a live channel, the calendar is still read this often (a lost notification). */
const SAFETY_PULL_MS = 15 * 60_000;
const DAY = 86_400_000;
const AHEAD_DAYS = 366;
/** At most this many calendar writes per connection per sweep (the next sweep goes on). */
const WRITES_PER_SWEEP = 200;

export const notificationAddress = (publicUrl: string) =>
  `${publicUrl.replace(/\/$/, '')}/api/calendar-notifications/google`;

function apiOf(deps: GoogleDeps): GoogleCalendarApi {
  if (!deps.google) throw new Error(GOOGLE_CALENDAR_TEXT.notConfigured);
  return deps.google;
}

/** A live access token: the stored one, or a refreshed one (sealed and stored) when it expires within a minute. */
export async function accessTokenOf(deps: GoogleDeps, conn: Connection, now = new Date()) {
  const keys = dataKeysOfDeps(deps);
  if (conn.accessExpiresAt.getTime() > now.getTime() + 60_000) return unseal(keys, conn.accessToken);
  const fresh = await apiOf(deps).refresh(unseal(keys, conn.refreshToken));
  const changes = {
    accessToken: seal(keys, fresh.accessToken),
    accessExpiresAt: fresh.expiresAt,
    ...(fresh.refreshToken ? { refreshToken: seal(keys, fresh.refreshToken) } : {}),
  };
  await deps.db
    .update(googleCalendarConnections)
    .set(changes)
    .where(eq(googleCalendarConnections.id, conn.id));
  Object.assign(conn, changes);
  return fresh.accessToken;
}

/** The busy span of an event, or null (free, cancelled, ShineRoute's own job, outside the kept window). */
function spanOf(e: GoogleEvent, timeZone: string, now: Date) {
  if (e.status === 'cancelled' || e.transparency === 'transparent' || e.bookingId) return null;
  if (/^sr[0-9a-f]{32}$/.test(e.id)) return null;
  const at = (t: GoogleEvent['start']) =>
    t?.dateTime ? new Date(t.dateTime) : t?.date ? zonedTimeToUtc(t.date, '00:00', timeZone) : null;
  const start = at(e.start);
  const end = at(e.end);
  if (!start || !end || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null;
  if (
    end <= start ||
    end.getTime() < now.getTime() - DAY ||
    start.getTime() > now.getTime() + AHEAD_DAYS * DAY
  )
    return null;
  return { start, end };
}

/**
 * Reads what changed in the calendar since the last read (its sync token), or the whole calendar from yesterday on
 * (first read, or Google answered 410 to the token), and stores its busy spans.
 */
export async function pullGoogleCalendar(deps: GoogleDeps, conn: Connection, now = new Date()) {
  const api = apiOf(deps);
  const token = await accessTokenOf(deps, conn, now);
  const { timeZone } = await getScheduling(deps.db, conn.businessId);
  let full = !conn.syncToken;
  let items: GoogleEvent[] = [];
  let summary: string | null | undefined;
  let nextSyncToken: string | null | undefined;
  for (let pageToken: string | undefined, restarted = false; ; ) {
    try {
      const page = await api.listEvents(
        token,
        full
          ? { timeMin: new Date(now.getTime() - DAY), pageToken }
          : { syncToken: conn.syncToken!, pageToken },
      );
      items.push(...page.items);
      summary ??= page.summary;
      if (page.nextPageToken) {
        pageToken = page.nextPageToken;
        continue;
      }
      nextSyncToken = page.nextSyncToken;
      break;
    } catch (err) {
      if (!(err instanceof GoogleSyncTokenGone) || restarted) throw err;
      // Google forgot the token (410): what was read is dropped and the calendar read whole again.
      full = true;
      restarted = true;
      items = [];
      pageToken = undefined;
    }
  }
  await deps.db.transaction(async (tx) => {
    if (full) await tx.delete(externalBusy).where(eq(externalBusy.calendarId, conn.calendarId));
    else if (items.length)
      await tx.delete(externalBusy).where(
        and(
          eq(externalBusy.calendarId, conn.calendarId),
          inArray(
            externalBusy.sourceId,
            items.map((e) => e.id),
          ),
        ),
      );
    const rows = items.flatMap((e) => {
      const span = spanOf(e, timeZone, now);
      return span
        ? [
            {
              businessId: conn.businessId,
              calendarId: conn.calendarId,
              sourceId: e.id,
              startsAt: span.start,
              endsAt: span.end,
            },
          ]
        : [];
    });
    for (let i = 0; i < rows.length; i += 500) await tx.insert(externalBusy).values(rows.slice(i, i + 500));
    const [held] = await tx
      .select({ n: count() })
      .from(externalBusy)
      .where(eq(externalBusy.calendarId, conn.calendarId));
    await tx
      .update(externalCalendars)
      .set({ lastFetchedAt: now, lastError: null, busyCount: held?.n ?? 0 })
      .where(eq(externalCalendars.id, conn.calendarId));
    await tx
      .update(googleCalendarConnections)
      .set({
        syncToken: nextSyncToken ?? null,
        lastSyncedAt: now,
        lastError: null,
        ...(full && summary ? { accountEmail: summary } : {}),
      })
      .where(eq(googleCalendarConnections.id, conn.id));
  });
  conn.syncToken = nextSyncToken ?? null;
  return { full, events: items.length };
}

/** The jobs a connection's calendar should hold: the business's every job for the owner, a technician's own. */
const jobsOf = (db: DbOrTx, conn: Connection, now: Date) =>
  calendarJobs(db, {
    businessId: conn.businessId,
    technicianId: conn.userId === conn.businessId ? null : conn.userId,
    since: new Date(now.getTime() - DAY),
  });

/**
 * Brings the calendar's copies of the jobs in step: a new job is inserted, a changed one (its calendar SEQUENCE
 * moved on) updated, a cancelled or no longer assigned one deleted, each once; what was written is recorded after
 * each write, so the next run does not write it again.
 */
export async function pushJobsToGoogle(deps: GoogleDeps, conn: Connection, now = new Date()) {
  const api = apiOf(deps);
  const { timeZone } = await getScheduling(deps.db, conn.businessId);
  const jobs = await jobsOf(deps.db, conn, now);
  const written = await deps.db
    .select()
    .from(googleCalendarEvents)
    .where(eq(googleCalendarEvents.connectionId, conn.id));
  const byBooking = new Map(written.map((w) => [w.bookingId, w]));
  const forTechnician = conn.userId !== conn.businessId;
  let token: string | null = null;
  const tokenNow = async () => {
    token ??= await accessTokenOf(deps, conn, now);
    return token;
  };
  let writes = 0;
  const done = { inserted: 0, updated: 0, deleted: 0 };
  const seen = new Set<string>();
  for (const job of jobs) {
    if (writes >= WRITES_PER_SWEEP) break;
    seen.add(job.id);
    const w = byBooking.get(job.id);
    const eventId = eventIdOf(job.id);
    if (job.status === 'cancelled') {
      if (!w || w.deletedAt) continue;
      await api.deleteEvent(await tokenNow(), w.eventId);
      await deps.db
        .update(googleCalendarEvents)
        .set({ deletedAt: now, updatedAt: now })
        .where(eq(googleCalendarEvents.id, w.id));
      writes++;
      done.deleted++;
      continue;
    }
    if (w && !w.deletedAt && w.writtenSequence === job.sequence) continue;
    const who = job.firstName?.trim() || 'Customer';
    await api.putEvent(await tokenNow(), eventId, {
      bookingId: job.id,
      summary: `${job.serviceName} · ${who}`,
      location: job.address,
      description: [
        `Service: ${job.serviceName}`,
        `Customer: ${who}`,
        forTechnician && job.phone ? `Phone: ${job.phone}` : null,
        'Written by ShineRoute: change it there, not here.',
      ]
        .filter(Boolean)
        .join('\n'),
      start: job.scheduledAt,
      end: new Date(job.scheduledAt.getTime() + job.durationMinutes * 60_000),
      timeZone,
    });
    await deps.db
      .insert(googleCalendarEvents)
      .values({
        businessId: conn.businessId,
        connectionId: conn.id,
        bookingId: job.id,
        eventId,
        writtenSequence: job.sequence,
      })
      .onConflictDoUpdate({
        target: [googleCalendarEvents.connectionId, googleCalendarEvents.bookingId],
        set: { writtenSequence: job.sequence, deletedAt: null, updatedAt: now },
      });
    writes++;
    if (w) done.updated++;
    else done.inserted++;
  }
  // Written jobs no longer among this calendar's (deleted, or assigned to someone else) leave it too.
  const gone = written.filter((w) => !w.deletedAt && !seen.has(w.bookingId));
  if (gone.length) {
    const past = await deps.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.businessId, conn.businessId),
          inArray(
            bookings.id,
            gone.map((g) => g.bookingId),
          ),
          lt(bookings.scheduledAt, new Date(now.getTime() - DAY)),
        ),
      );
    const keep = new Set(past.map((p) => p.id));
    for (const w of gone) {
      if (keep.has(w.bookingId) || writes >= WRITES_PER_SWEEP) continue;
      await api.deleteEvent(await tokenNow(), w.eventId);
      await deps.db
        .update(googleCalendarEvents)
        .set({ deletedAt: now, updatedAt: now })
        .where(eq(googleCalendarEvents.id, w.id));
      writes++;
      done.deleted++;
    }
  }
  return done;
}

/** Opens a push channel (or a new one before the old expires, then stops the old). */
export async function watchGoogleCalendar(deps: GoogleDeps, conn: Connection, now = new Date()) {
  const api = apiOf(deps);
  const token = await accessTokenOf(deps, conn, now);
  const channelId = randomUUID();
  const channelToken = newToken();
  const watched = await api.watch(token, {
    channelId,
    token: channelToken,
    address: notificationAddress(deps.publicUrl),
    ttlSeconds: CHANNEL_TTL_SECONDS,
  });
  const old =
    conn.channelId && conn.channelResourceId
      ? { id: conn.channelId, resourceId: conn.channelResourceId }
      : null;
  const changes = {
    channelId,
    channelTokenHash: hashToken(channelToken),
    channelResourceId: watched.resourceId,
    channelExpiresAt: watched.expiresAt,
  };
  await deps.db
    .update(googleCalendarConnections)
    .set(changes)
    .where(eq(googleCalendarConnections.id, conn.id));
  Object.assign(conn, changes);
  if (old)
    await api
      .stopChannel(token, { channelId: old.id, resourceId: old.resourceId })
      .catch((err) => console.warn('Could not stop a replaced Google channel', (err as Error).message));
}

const errorText = (err: unknown) =>
  err instanceof GoogleGrantRevoked
    ? GOOGLE_CALENDAR_TEXT.revoked
    : GOOGLE_CALENDAR_TEXT.failed((err as Error).message);

async function recordError(deps: GoogleDeps, conn: Connection, err: unknown) {
  await deps.db
    .update(googleCalendarConnections)
    .set({ lastError: errorText(err) })
    .where(eq(googleCalendarConnections.id, conn.id));
}

/** One connection's sweep: renew the channel if due, read the calendar if no channel keeps it current, write jobs. */
export async function syncGoogleConnection(deps: GoogleDeps, conn: Connection, now = new Date()) {
  try {
    if (!conn.channelExpiresAt || conn.channelExpiresAt.getTime() - now.getTime() < RENEW_BEFORE_MS)
      await watchGoogleCalendar(deps, conn, now).catch((err) => {
        if (err instanceof GoogleGrantRevoked) throw err;
        // Google sends notifications only to a public https address; without one the sweep reads the calendar.
        console.warn('Google Calendar push channel not opened:', (err as Error).message);
      });
    const live = conn.channelExpiresAt && conn.channelExpiresAt > now;
    if (!live || !conn.lastSyncedAt || now.getTime() - conn.lastSyncedAt.getTime() >= SAFETY_PULL_MS)
      await pullGoogleCalendar(deps, conn, now);
    return await pushJobsToGoogle(deps, conn, now);
  } catch (err) {
    await recordError(deps, conn, err);
    return null;
  }
}

export async function syncAllGoogleConnections(deps: GoogleDeps, now = new Date()) {
  if (!deps.google) return 0;
  const all = await deps.db
    .select()
    .from(googleCalendarConnections)
    .orderBy(asc(googleCalendarConnections.createdAt));
  for (const conn of all) await syncGoogleConnection(deps, conn, now);
  return all.length;
}

/** A notification's pull (queued by the webhook): reads what changed. */
export async function pullGoogleConnection(deps: GoogleDeps, connectionId: string, now = new Date()) {
  const [conn] = await deps.db
    .select()
    .from(googleCalendarConnections)
    .where(eq(googleCalendarConnections.id, connectionId));
  if (!conn || !deps.google) return;
  try {
    await pullGoogleCalendar(deps, conn, now);
  } catch (err) {
    await recordError(deps, conn, err);
  }
}

/**
 * Google's push notification: accepted (true) only from a live channel with its token; then what changed is read by
 * a queued job. Anything else changes nothing.
 */
export async function acceptGoogleNotification(
  deps: GoogleDeps,
  headers: { channelId?: string; token?: string; state?: string },
) {
  if (!headers.channelId || !headers.token || !/^[0-9a-f-]{36}$/i.test(headers.channelId)) return false;
  const [conn] = await deps.db
    .select({ id: googleCalendarConnections.id, hash: googleCalendarConnections.channelTokenHash })
    .from(googleCalendarConnections)
    .where(eq(googleCalendarConnections.channelId, headers.channelId.toLowerCase()));
  if (!conn || conn.hash !== hashToken(headers.token)) return false;
  // The first message of a channel ('sync') says only that it is open.
  if (headers.state === 'sync') return true;
  if (deps.jobs)
    await deps.jobs.send(
      GOOGLE_PULL_JOB,
      { connectionId: conn.id },
      { singletonKey: conn.id, retryLimit: 2 },
    );
  else await pullGoogleConnection(deps, conn.id);
  return true;
}

export async function scheduleGoogleSweep(
  jobs: NonNullable<AppDeps['jobs']>,
  startAfterSeconds = GOOGLE_SWEEP_SECONDS,
) {
  await jobs.send(
    GOOGLE_SWEEP_JOB,
    {},
    { policy: 'stately', startAfterSeconds, retryLimit: 1, expireInSeconds: 15 * 60 },
  );
}
