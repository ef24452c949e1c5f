import { and, asc, eq, lt } from 'drizzle-orm';
import { GOOGLE_CALENDAR_TEXT } from '../../../shared/calendar-sync';
import type { DbOrTx } from '../../db/client';
import { externalCalendars, googleCalendarConnections, googleOauthStates, user } from '../../db/schema';
import { dataKeysOfDeps, seal, unseal } from '../../http/encryption';
import { conflict, invalid, notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { signedToken, signedTokenId } from '../../http/tokens';
import { type GoogleDeps, pullGoogleCalendar, watchGoogleCalendar } from './google-sync.service';

// Google Calendar connections (decision 1252): each person connects their own Google account (OAuth with a signed,
// single-use state); the owner sees everyone's and may disconnect any; a technician sees and disconnects their own.

interface Viewer {
  businessId: string;
  userId: string;
  memberRole: 'owner' | 'technician';
}

const STATE_PURPOSE = 'google-oauth';
const STATE_MINUTES = 15;

export const googleRedirectUri = (publicUrl: string) =>
  `${publicUrl.replace(/\/$/, '')}/api/calendar-sync/google/callback`;

/** The connections a viewer may see: the owner everyone's in the business, a technician their own. */
export async function listGoogleConnections(db: DbOrTx, viewer: Viewer) {
  const rows = await db
    .select({
      id: googleCalendarConnections.id,
      userId: googleCalendarConnections.userId,
      personName: user.name,
      accountEmail: googleCalendarConnections.accountEmail,
      lastSyncedAt: googleCalendarConnections.lastSyncedAt,
      lastError: googleCalendarConnections.lastError,
      channelExpiresAt: googleCalendarConnections.channelExpiresAt,
      busyCount: externalCalendars.busyCount,
      createdAt: googleCalendarConnections.createdAt,
    })
    .from(googleCalendarConnections)
    .innerJoin(user, eq(user.id, googleCalendarConnections.userId))
    .innerJoin(
      externalCalendars,
      and(
        eq(externalCalendars.businessId, googleCalendarConnections.businessId),
        eq(externalCalendars.id, googleCalendarConnections.calendarId),
      ),
    )
    .where(
      and(
        eq(googleCalendarConnections.businessId, viewer.businessId),
        viewer.memberRole === 'owner' ? undefined : eq(googleCalendarConnections.userId, viewer.userId),
      ),
    )
    .orderBy(asc(googleCalendarConnections.createdAt), asc(googleCalendarConnections.id));
  return rows.map((r) => ({
    ...r,
    lastSyncedAt: r.lastSyncedAt?.toISOString() ?? null,
    channelExpiresAt: r.channelExpiresAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Starts Connect Google Calendar for the signed-in person: Google's consent page, with a signed single-use state. */
export async function startGoogleConnect(deps: GoogleDeps, viewer: Viewer, now = new Date()) {
  if (!deps.google) throw conflict(GOOGLE_CALENDAR_TEXT.notConfigured);
  await deps.db
    .delete(googleOauthStates)
    .where(lt(googleOauthStates.createdAt, new Date(now.getTime() - STATE_MINUTES * 60_000)));
  const [row] = await deps.db
    .insert(googleOauthStates)
    .values({ businessId: viewer.businessId, userId: viewer.userId })
    .returning({ id: googleOauthStates.id });
  return {
    url: deps.google.authorizationUrl({
      state: signedToken(deps.linkSecret, STATE_PURPOSE, row!.id),
      redirectUri: googleRedirectUri(deps.publicUrl),
    }),
  };
}

/**
 * Google's redirect back: the state must be one this server signed for this signed-in person, unused and under 15
 * minutes old. The code is exchanged for tokens (sealed at rest), the calendar read and a push channel opened.
 */
export async function finishGoogleConnect(
  deps: GoogleDeps,
  viewer: Viewer,
  input: { code?: string; state?: string; error?: string },
  now = new Date(),
) {
  if (!deps.google) throw conflict(GOOGLE_CALENDAR_TEXT.notConfigured);
  const stateId = input.state ? signedTokenId(deps.linkSecret, STATE_PURPOSE, input.state) : null;
  if (!stateId) throw invalid(GOOGLE_CALENDAR_TEXT.stateInvalid);
  // Single use: the row is taken by the one request that deletes it.
  const [state] = await deps.db
    .delete(googleOauthStates)
    .where(
      and(
        eq(googleOauthStates.id, stateId),
        eq(googleOauthStates.businessId, viewer.businessId),
        eq(googleOauthStates.userId, viewer.userId),
      ),
    )
    .returning();
  if (!state || now.getTime() - state.createdAt.getTime() > STATE_MINUTES * 60_000)
    throw invalid(GOOGLE_CALENDAR_TEXT.stateInvalid);
  if (input.error || !input.code) throw invalid(GOOGLE_CALENDAR_TEXT.connectFailed);
  const tokens = await deps.google.exchangeCode(input.code, googleRedirectUri(deps.publicUrl));
  if (!tokens.refreshToken) throw invalid(GOOGLE_CALENDAR_TEXT.noRefreshToken);
  const keys = dataKeysOfDeps(deps);
  const sealed = {
    accessToken: seal(keys, tokens.accessToken),
    refreshToken: seal(keys, tokens.refreshToken),
    accessExpiresAt: tokens.expiresAt,
  };
  // Connecting again replaces the person's connection (its old channel is stopped with it).
  const [existing] = await deps.db
    .select()
    .from(googleCalendarConnections)
    .where(
      and(
        eq(googleCalendarConnections.businessId, viewer.businessId),
        eq(googleCalendarConnections.userId, viewer.userId),
      ),
    );
  if (existing) await disconnectRow(deps, existing);
  const conn = await deps.db.transaction(async (tx) => {
    const [calendar] = await tx
      .insert(externalCalendars)
      .values({ businessId: viewer.businessId, userId: viewer.userId, kind: 'google', url: null })
      .returning({ id: externalCalendars.id });
    const [row] = await tx
      .insert(googleCalendarConnections)
      .values({ businessId: viewer.businessId, userId: viewer.userId, calendarId: calendar!.id, ...sealed })
      .returning();
    return row!;
  });
  try {
    await pullGoogleCalendar(deps, conn, now);
  } catch (err) {
    await deps.db
      .update(googleCalendarConnections)
      .set({ lastError: GOOGLE_CALENDAR_TEXT.failed((err as Error).message) })
      .where(eq(googleCalendarConnections.id, conn.id));
  }
  await watchGoogleCalendar(deps, conn, now).catch((err) =>
    console.warn('Google Calendar push channel not opened:', (err as Error).message),
  );
  // The jobs are written by the queue's next sweep (one writer, so each is written once).
  return conn.id;
}

/** Stops the channel and revokes the grant (best effort: Google may be unreachable), then forgets the connection. */
async function disconnectRow(deps: GoogleDeps, row: typeof googleCalendarConnections.$inferSelect) {
  if (deps.google) {
    const keys = dataKeysOfDeps(deps);
    try {
      const access = unseal(keys, row.accessToken);
      if (row.channelId && row.channelResourceId)
        await deps.google.stopChannel(access, {
          channelId: row.channelId,
          resourceId: row.channelResourceId,
        });
      await deps.google.revoke(unseal(keys, row.refreshToken));
    } catch (err) {
      console.warn('Google Calendar: could not stop the channel or revoke the grant', (err as Error).message);
    }
  }
  // The calendar row takes its busy times, the connection and its written-event records with it.
  await deps.db.delete(externalCalendars).where(eq(externalCalendars.id, row.calendarId));
}

export async function disconnectGoogle(deps: GoogleDeps, viewer: Viewer, id: string) {
  assertUuid(id, 'Connection not found');
  const [row] = await deps.db
    .select()
    .from(googleCalendarConnections)
    .where(
      and(
        eq(googleCalendarConnections.id, id),
        eq(googleCalendarConnections.businessId, viewer.businessId),
        viewer.memberRole === 'owner' ? undefined : eq(googleCalendarConnections.userId, viewer.userId),
      ),
    );
  if (!row) throw notFound('Connection not found');
  await disconnectRow(deps, row);
}
