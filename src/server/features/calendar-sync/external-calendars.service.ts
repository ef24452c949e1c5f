import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { EXTERNAL_CALENDARS_TEXT, type ExternalCalendarValues } from '../../../shared/calendar-sync';
import type { DbOrTx } from '../../db/client';
import { externalBusy, externalCalendars, user, userRoles } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { type DataKeys, dataKeysOfDeps, needsResealing, seal, unseal } from '../../http/encryption';
import { invalid, notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import {
  checkOutboundUrl,
  getWholeOutbound,
  OutboundRefused,
  OutboundTooLarge,
  PRIVATE_ADDRESS_MESSAGE,
} from '../../http/outbound';
import type { JobQueue } from '../../jobs/queue';
import { getScheduling } from '../bookings/scheduling/scheduling.service';
import { busySpans } from './ics-busy';

// Other calendars block time (decision 1221): an owner or technician subscribes their calendar's secret iCal address;
// the queue reads it every few minutes and keeps its busy times, which the slot function counts.

type Deps = Pick<AppDeps, 'db' | 'outboundAllowPrivate' | 'linkSecret' | 'dataKeys'>;
interface Viewer {
  businessId: string;
  userId: string;
  memberRole: 'owner' | 'technician';
}

export const CALENDAR_POLL_MINUTES = 5;
export const EXTERNAL_CALENDARS_SWEEP_JOB = 'calendar-sync.sweep';
/** Each fetch: at most 2 MB, within 10 seconds. */
export const CALENDAR_MAX_BYTES = 2 * 1024 * 1024;
export const CALENDAR_TIMEOUT_MS = 10_000;
const DAY = 86_400_000;
/** Busy times are kept from yesterday to a year ahead (the longest booking horizon). */
const AHEAD_DAYS = 366;

/** What a calendar address is shown as: its host, never the secret path. */
const shownAs = (keys: DataKeys, stored: string | null) => {
  try {
    return new URL(unseal(keys, stored ?? '')).host;
  } catch {
    return 'calendar';
  }
};

/** The people whose calendars a viewer may manage: the owner theirs and every technician's; a technician their own. */
async function peopleOf(db: DbOrTx, viewer: Viewer) {
  const technicians = await db
    .select({ id: user.id, name: user.name })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(and(eq(userRoles.businessId, viewer.businessId), eq(userRoles.role, 'technician')));
  const [owner] = await db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(eq(user.id, viewer.businessId));
  const all = [...(owner ? [owner] : []), ...technicians];
  return viewer.memberRole === 'owner' ? all : all.filter((p) => p.id === viewer.userId);
}

export async function listExternalCalendars(
  deps: Pick<Deps, 'db' | 'linkSecret' | 'dataKeys'>,
  viewer: Viewer,
) {
  const { db } = deps;
  const keys = dataKeysOfDeps(deps);
  const people = await peopleOf(db, viewer);
  const nameOf = new Map(people.map((p) => [p.id, p.name]));
  const rows = await db
    .select()
    .from(externalCalendars)
    .where(and(eq(externalCalendars.businessId, viewer.businessId), eq(externalCalendars.kind, 'ical')))
    .orderBy(asc(externalCalendars.createdAt), asc(externalCalendars.id));
  return rows
    .filter((r) => nameOf.has(r.userId))
    .map((r) => ({
      id: r.id,
      userId: r.userId,
      personName: nameOf.get(r.userId)!,
      host: shownAs(keys, r.url),
      busyCount: r.busyCount,
      lastFetchedAt: r.lastFetchedAt?.toISOString() ?? null,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
    }));
}

/** The calendar's busy spans now, or a message saying why it cannot be read. */
async function readCalendar(deps: Deps, url: string, timeZone: string, now: Date) {
  try {
    const answer = await getWholeOutbound(url, {
      allowPrivate: deps.outboundAllowPrivate ?? false,
      maxBytes: CALENDAR_MAX_BYTES,
      timeoutMs: CALENDAR_TIMEOUT_MS,
      accept: 'text/calendar, */*',
    });
    if (answer.status < 200 || answer.status >= 300)
      return { error: EXTERNAL_CALENDARS_TEXT.answered(answer.status) };
    const spans = busySpans(answer.body, {
      from: new Date(now.getTime() - DAY),
      to: new Date(now.getTime() + AHEAD_DAYS * DAY),
      timeZone,
    });
    return { spans };
  } catch (err) {
    if (err instanceof OutboundRefused)
      return {
        error: err.message === PRIVATE_ADDRESS_MESSAGE ? EXTERNAL_CALENDARS_TEXT.privateAddress : err.message,
      };
    if (err instanceof OutboundTooLarge) return { error: EXTERNAL_CALENDARS_TEXT.tooLarge };
    return { error: (err as Error).message || EXTERNAL_CALENDARS_TEXT.unreadable };
  }
}

async function storeSpans(
  db: DbOrTx,
  businessId: string,
  calendarId: string,
  spans: { start: Date; end: Date }[],
) {
  await db.delete(externalBusy).where(eq(externalBusy.calendarId, calendarId));
  for (let i = 0; i < spans.length; i += 500)
    await db
      .insert(externalBusy)
      .values(
        spans.slice(i, i + 500).map((s) => ({ businessId, calendarId, startsAt: s.start, endsAt: s.end })),
      );
}

/** Subscribes a calendar: read once now, so a wrong, private or oversized address is refused here (400). */
export async function addExternalCalendar(
  deps: Deps,
  viewer: Viewer,
  input: ExternalCalendarValues,
  now = new Date(),
) {
  const userId = input.userId ?? viewer.userId;
  const people = await peopleOf(deps.db, viewer);
  if (!people.some((p) => p.id === userId)) throw notFound('Team member not found');
  try {
    checkOutboundUrl(input.url, deps.outboundAllowPrivate ?? false);
  } catch (err) {
    const message = (err as Error).message;
    throw invalid(message === PRIVATE_ADDRESS_MESSAGE ? EXTERNAL_CALENDARS_TEXT.privateAddress : message);
  }
  const { timeZone } = await getScheduling(deps.db, viewer.businessId);
  const read = await readCalendar(deps, input.url, timeZone, now);
  if (read.error !== undefined || !read.spans)
    throw invalid(read.error ?? EXTERNAL_CALENDARS_TEXT.unreadable);
  const spans = read.spans;
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(externalCalendars)
      .values({
        businessId: viewer.businessId,
        userId,
        // Sealed at rest (decision 1251): a copy of the database alone does not open the person's calendar.
        url: seal(dataKeysOfDeps(deps), input.url),
        lastFetchedAt: now,
        busyCount: spans.length,
      })
      .returning({ id: externalCalendars.id });
    await storeSpans(tx, viewer.businessId, row!.id, spans);
    return row!.id;
  });
  const [shown] = (await listExternalCalendars(deps, viewer)).filter((c) => c.id === id);
  return shown!;
}

export async function removeExternalCalendar(db: DbOrTx, viewer: Viewer, id: string) {
  assertUuid(id, 'Calendar not found');
  const people = await peopleOf(db, viewer);
  const [row] = await db
    .select({ userId: externalCalendars.userId })
    .from(externalCalendars)
    .where(and(eq(externalCalendars.id, id), eq(externalCalendars.businessId, viewer.businessId)));
  if (!row || !people.some((p) => p.id === row.userId)) throw notFound('Calendar not found');
  await db.delete(externalCalendars).where(eq(externalCalendars.id, id));
}

/** Reads one calendar again; a failed read keeps its last busy times and records why. */
export async function refreshExternalCalendar(deps: Deps, id: string, now = new Date()) {
  const [row] = await deps.db
    .select()
    .from(externalCalendars)
    .where(and(eq(externalCalendars.id, id), eq(externalCalendars.kind, 'ical')));
  if (!row?.url) return;
  const { timeZone } = await getScheduling(deps.db, row.businessId);
  const read = await readCalendar(deps, unseal(dataKeysOfDeps(deps), row.url), timeZone, now);
  await deps.db.transaction(async (tx) => {
    if (read.spans) {
      await storeSpans(tx, row.businessId, row.id, read.spans);
      await tx
        .update(externalCalendars)
        .set({ lastFetchedAt: now, lastError: null, busyCount: read.spans.length })
        .where(eq(externalCalendars.id, row.id));
    } else {
      await tx
        .update(externalCalendars)
        .set({ lastFetchedAt: now, lastError: read.error ?? EXTERNAL_CALENDARS_TEXT.unreadable })
        .where(eq(externalCalendars.id, row.id));
    }
  });
}

/** Every calendar not read for CALENDAR_POLL_MINUTES, oldest first (the sweep's work). */
export async function refreshDueCalendars(deps: Deps, now = new Date()) {
  const due = await deps.db
    .select({ id: externalCalendars.id })
    .from(externalCalendars)
    .where(
      and(
        eq(externalCalendars.kind, 'ical'),
        or(
          isNull(externalCalendars.lastFetchedAt),
          lt(
            externalCalendars.lastFetchedAt,
            new Date(now.getTime() - CALENDAR_POLL_MINUTES * 60_000 + 5_000),
          ),
        ),
      ),
    )
    .orderBy(sql`${externalCalendars.lastFetchedAt} nulls first`)
    .limit(100);
  for (const { id } of due) await refreshExternalCalendar(deps, id, now);
  return due.length;
}

export async function scheduleCalendarSweep(jobs: JobQueue, startAfterSeconds = CALENDAR_POLL_MINUTES * 60) {
  await jobs.send(
    EXTERNAL_CALENDARS_SWEEP_JOB,
    {},
    { policy: 'stately', startAfterSeconds, retryLimit: 1, expireInSeconds: 15 * 60 },
  );
}

/**
 * Seals every calendar address stored plain (written before decision 1251) or under a key other than the current
 * one; run at start. Returns how many rows it sealed.
 */
export async function sealCalendarAddresses(db: DbOrTx, keys: DataKeys) {
  const rows = await db
    .select({ id: externalCalendars.id, url: externalCalendars.url })
    .from(externalCalendars)
    .where(isNotNull(externalCalendars.url));
  let sealed = 0;
  for (const row of rows) {
    if (!row.url || !needsResealing(keys, row.url)) continue;
    await db
      .update(externalCalendars)
      .set({ url: seal(keys, unseal(keys, row.url)) })
      .where(and(eq(externalCalendars.id, row.id), eq(externalCalendars.url, row.url)));
    sealed++;
  }
  return sealed;
}
