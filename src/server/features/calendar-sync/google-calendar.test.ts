import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { GOOGLE_CALENDAR_TEXT } from '../../../shared/calendar-sync';
import { zonedTimeToUtc } from '../../../shared/time';
import { createBooking, grantRole } from '../../db/factories';
import { bookingAssignments, bookings, externalBusy, googleCalendarConnections } from '../../db/schema';
import { googleCalendarApi } from '../../providers/google-calendar/google-api';
import { eventIdOf } from '../../providers/google-calendar/google-calendar';
import { startFakeGoogle } from '../../test/fake-google-calendar';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, daysAhead } from '../bookings/book/booking.fixtures';
import { calendarSyncWorkers } from './calendar-sync.workers';
import {
  GOOGLE_SWEEP_JOB,
  pullGoogleConnection,
  pushJobsToGoogle,
  syncAllGoogleConnections,
} from './google-sync.service';

// Google Calendar two-way (issue 28, decision 1252), against a local fake of Google's Calendar API and OAuth.

const t = await createTestContext();
const fake = await startFakeGoogle({ account: 'cal.owner@example.com' });
t.deps.google = googleCalendarApi({
  clientId: 'test-client',
  clientSecret: 'test-secret',
  apiBase: fake.base,
});
afterAll(() => fake.close());

const ZONE = 'America/Chicago';

async function business(firstName = 'Cal') {
  const owner = await t.signUp({ firstName, lastName: 'Owner' });
  const [service] = await bookableBusiness(t.db, owner.userId, [
    { name: 'Wash', basePriceCents: 5000, durationMinutes: 60 },
  ]);
  return { owner, service: service! };
}
const slotState = async (businessId: string, serviceId: string, date: string, time: string) =>
  (
    (await (
      await t.request(`/api/booking/slots?business=${businessId}&serviceId=${serviceId}&date=${date}`)
    ).json()) as { slots: { time: string; state: string }[] }
  ).slots.find((s) => s.time === time)?.state;

/** Connect Google Calendar as this person: the connect call, consent at the fake, Google's redirect back. */
async function connect(cookie: string) {
  const start = await t.request('/api/calendar-sync/google/connect', { method: 'POST', cookie });
  expect(start.status, await start.clone().text()).toBe(200);
  const consent = new URL(((await start.json()) as { url: string }).url);
  expect(consent.origin).toBe(fake.base);
  expect(consent.searchParams.get('access_type')).toBe('offline');
  const state = consent.searchParams.get('state')!;
  const back = await t.request(
    `/api/calendar-sync/google/callback?code=${fake.consent()}&state=${encodeURIComponent(state)}`,
    { cookie },
  );
  return { back, state };
}
const status = async (cookie: string) =>
  (await (await t.request('/api/calendar-sync/google', { cookie })).json()) as {
    configured: boolean;
    connections: {
      items: { id: string; userId: string; accountEmail: string | null; lastError: string | null }[];
    };
  };
const connectionOf = async (userId: string) =>
  (
    await t.db.select().from(googleCalendarConnections).where(eq(googleCalendarConnections.userId, userId))
  )[0]!;
const notify = (headers: Record<string, string>) =>
  t.request('/api/calendar-notifications/google', {
    method: 'POST',
    headers: { 'x-goog-resource-state': 'exists', ...headers },
  });
const writesOf = (bookingId: string) =>
  fake.writes.filter((w) => w.eventId === eventIdOf(bookingId)).map((w) => w.method);

describe('Google Calendar two-way', () => {
  it('without GOOGLE_CLIENT_ID/_SECRET the option is shown as not configured and connect answers 409', async () => {
    const { owner } = await business();
    const google = t.deps.google;
    t.deps.google = null;
    try {
      expect(await status(owner.cookie)).toMatchObject({ configured: false, connections: { items: [] } });
      const res = await t.request('/api/calendar-sync/google/connect', {
        method: 'POST',
        cookie: owner.cookie,
      });
      expect(res.status).toBe(409);
      expect((await res.json()).error.message).toBe(GOOGLE_CALENDAR_TEXT.notConfigured);
    } finally {
      t.deps.google = google;
    }
  });

  it('connects with a checked state, seals the tokens at rest and opens a push channel', async () => {
    const { owner } = await business();
    const { back, state } = await connect(owner.cookie);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/calendar-sync?google=connected');
    const row = await connectionOf(owner.userId);
    expect(row.accessToken.startsWith('sealed:v1.')).toBe(true);
    expect(row.refreshToken.startsWith('sealed:v1.')).toBe(true);
    expect(row.accessToken).not.toContain('access-');
    expect(row.refreshToken).not.toContain('refresh-');
    const channel = fake.channels.find((c) => c.id === row.channelId)!;
    expect(channel.address).toBe('http://localhost:3000/api/calendar-notifications/google');
    expect(row.channelTokenHash).not.toBe(channel.token);
    expect((await status(owner.cookie)).connections.items).toMatchObject([
      { userId: owner.userId, accountEmail: 'cal.owner@example.com', lastError: null },
    ]);
    // The state is single use: Google's redirect replayed connects nothing more.
    const replay = await t.request(
      `/api/calendar-sync/google/callback?code=${fake.consent()}&state=${encodeURIComponent(state)}`,
      { cookie: owner.cookie },
    );
    expect(replay.headers.get('location')).toContain('google=failed');
    // A state signed for someone else, or forged, is refused too.
    const other = await business('Other');
    const stolen = await t.request(
      `/api/calendar-sync/google/callback?code=${fake.consent()}&state=${encodeURIComponent(state)}`,
      { cookie: other.owner.cookie },
    );
    expect(stolen.headers.get('location')).toContain('google=failed');
    const forged = await t.request(`/api/calendar-sync/google/callback?code=x&state=${'A'.repeat(44)}`, {
      cookie: other.owner.cookie,
    });
    expect(decodeURIComponent(forged.headers.get('location')!)).toContain(GOOGLE_CALENDAR_TEXT.stateInvalid);
    expect((await status(other.owner.cookie)).connections.items).toEqual([]);
  });

  it('busy times in the connected calendar block slots; a notification with its channel token reads changes', async () => {
    const { owner, service } = await business();
    const date = daysAhead(5);
    fake.putPersonal('dentist1', zonedTimeToUtc(date, '10:00', ZONE), zonedTimeToUtc(date, '11:00', ZONE));
    fake.putPersonal('lunch1', zonedTimeToUtc(date, '12:00', ZONE), zonedTimeToUtc(date, '13:00', ZONE), {
      transparency: 'transparent',
    });
    expect(await slotState(owner.userId, service.id, date, '10:00')).toBe('available');
    await connect(owner.cookie);
    expect(await slotState(owner.userId, service.id, date, '10:00')).toBe('taken');
    expect(await slotState(owner.userId, service.id, date, '12:00')).toBe('available');

    // The dentist moves to 14:00; Google notifies the channel.
    fake.putPersonal('dentist1', zonedTimeToUtc(date, '14:00', ZONE), zonedTimeToUtc(date, '15:00', ZONE));
    const row = await connectionOf(owner.userId);
    const channel = fake.channels.find((c) => c.id === row.channelId)!;
    // A wrong token, or an unknown channel, changes nothing.
    expect((await notify({ 'x-goog-channel-id': channel.id, 'x-goog-channel-token': 'wrong' })).status).toBe(
      404,
    );
    expect(
      (await notify({ 'x-goog-channel-id': crypto.randomUUID(), 'x-goog-channel-token': channel.token }))
        .status,
    ).toBe(404);
    expect((await notify({})).status).toBe(404);
    expect(await slotState(owner.userId, service.id, date, '10:00')).toBe('taken');
    expect((await connectionOf(owner.userId)).syncToken).toBe(row.syncToken);

    const ok = await notify({ 'x-goog-channel-id': channel.id, 'x-goog-channel-token': channel.token });
    expect(ok.status).toBe(204);
    expect(await slotState(owner.userId, service.id, date, '10:00')).toBe('available');
    expect(await slotState(owner.userId, service.id, date, '14:00')).toBe('taken');
  });

  it('writes a job once when created, once when moved, once when cancelled (however often the sweep runs)', async () => {
    const { owner, service } = await business();
    await connect(owner.cookie);
    const date = daysAhead(7);
    const booking = await createBooking(t.db, owner.userId, {
      service: { id: service.id, name: 'Wash', durationMinutes: 60 },
      scheduledAt: zonedTimeToUtc(date, '09:00', ZONE),
      locationAddress: '1 Main St, Austin',
      quotedPriceCents: 5000,
    });
    await syncAllGoogleConnections(t.deps);
    await syncAllGoogleConnections(t.deps);
    expect(writesOf(booking.id)).toEqual(['insert']);
    const event = fake.events.get(eventIdOf(booking.id))!;
    expect(event.start.dateTime).toBe(zonedTimeToUtc(date, '09:00', ZONE).toISOString());
    expect(event.extendedProperties?.private?.shinerouteBooking).toBe(booking.id);

    await t.db
      .update(bookings)
      .set({ scheduledAt: zonedTimeToUtc(date, '13:00', ZONE) })
      .where(eq(bookings.id, booking.id));
    await syncAllGoogleConnections(t.deps);
    await syncAllGoogleConnections(t.deps);
    expect(writesOf(booking.id)).toEqual(['insert', 'update']);
    expect(fake.events.get(eventIdOf(booking.id))!.start.dateTime).toBe(
      zonedTimeToUtc(date, '13:00', ZONE).toISOString(),
    );

    const cancel = await t.request(`/api/bookings/${booking.id}/status`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { status: 'cancelled' },
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    await syncAllGoogleConnections(t.deps);
    await syncAllGoogleConnections(t.deps);
    expect(writesOf(booking.id)).toEqual(['insert', 'update', 'delete']);

    // ShineRoute's own events read back from the calendar never block slots.
    const conn = await connectionOf(owner.userId);
    await pullGoogleConnection(t.deps, conn.id);
    const spans = await t.db.select().from(externalBusy).where(eq(externalBusy.calendarId, conn.calendarId));
    expect(spans.filter((s) => s.sourceId === eventIdOf(booking.id))).toEqual([]);
  });

  it('refreshes an expired access token with the sealed refresh token', async () => {
    const { owner, service } = await business();
    await connect(owner.cookie);
    fake.expireAccessTokens();
    const before = await connectionOf(owner.userId);
    await t.db
      .update(googleCalendarConnections)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(googleCalendarConnections.id, before.id));
    const booking = await createBooking(t.db, owner.userId, {
      service: { id: service.id, name: 'Wash', durationMinutes: 60 },
      scheduledAt: zonedTimeToUtc(daysAhead(8), '09:00', ZONE),
      locationAddress: '2 Main St',
      quotedPriceCents: 5000,
      status: 'confirmed',
    });
    const refreshesBefore = fake.refreshes.length;
    await syncAllGoogleConnections(t.deps);
    expect(fake.refreshes.length).toBeGreaterThan(refreshesBefore);
    expect(writesOf(booking.id)).toEqual(['insert']);
    const after = await connectionOf(owner.userId);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.accessExpiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(after.lastError).toBeNull();
  });

  it('reads the whole calendar again when Google forgets the sync token (410)', async () => {
    const { owner, service } = await business();
    const date = daysAhead(9);
    fake.putPersonal('old410', zonedTimeToUtc(date, '11:00', ZONE), zonedTimeToUtc(date, '12:00', ZONE));
    await connect(owner.cookie);
    expect(await slotState(owner.userId, service.id, date, '11:00')).toBe('taken');
    // Gone without a trace an incremental read would show, and a new event: only a full read sees both.
    fake.events.delete('old410');
    fake.putPersonal('gym410', zonedTimeToUtc(date, '15:00', ZONE), zonedTimeToUtc(date, '16:00', ZONE));
    fake.forgetSyncTokens();
    const conn = await connectionOf(owner.userId);
    const listsBefore = fake.lists.length;
    await pullGoogleConnection(t.deps, conn.id);
    expect(fake.lists.slice(listsBefore)).toEqual(['incremental', 'full']);
    const after = await connectionOf(owner.userId);
    expect(after.lastError).toBeNull();
    expect(after.syncToken).not.toBe(conn.syncToken);
    expect(await slotState(owner.userId, service.id, date, '11:00')).toBe('available');
    expect(await slotState(owner.userId, service.id, date, '15:00')).toBe('taken');
  });

  it('renews a channel about to expire and stops the old one', async () => {
    const { owner } = await business();
    await connect(owner.cookie);
    const conn = await connectionOf(owner.userId);
    await t.db
      .update(googleCalendarConnections)
      .set({ channelExpiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(googleCalendarConnections.id, conn.id));
    await syncAllGoogleConnections(t.deps);
    const renewed = await connectionOf(owner.userId);
    expect(renewed.channelId).not.toBe(conn.channelId);
    expect(fake.channels.find((c) => c.id === conn.channelId)!.stopped).toBe(true);
    expect(renewed.channelExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    // The old channel's notifications are no longer accepted.
    const old = fake.channels.find((c) => c.id === conn.channelId)!;
    expect((await notify({ 'x-goog-channel-id': old.id, 'x-goog-channel-token': old.token })).status).toBe(
      404,
    );
  });

  it('disconnect stops the channel, revokes the grant and frees the busy times', async () => {
    const { owner, service } = await business();
    const date = daysAhead(10);
    fake.putPersonal('dentist10', zonedTimeToUtc(date, '10:00', ZONE), zonedTimeToUtc(date, '11:00', ZONE));
    await connect(owner.cookie);
    expect(await slotState(owner.userId, service.id, date, '10:00')).toBe('taken');
    const conn = await connectionOf(owner.userId);
    const channel = fake.channels.find((c) => c.id === conn.channelId)!;
    const res = await t.request(`/api/calendar-sync/google/${conn.id}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(res.status).toBe(204);
    expect(channel.stopped).toBe(true);
    expect(fake.revoked.some((r) => r.startsWith('refresh-'))).toBe(true);
    expect(await slotState(owner.userId, service.id, date, '10:00')).toBe('available');
    expect((await status(owner.cookie)).connections.items).toEqual([]);
    expect(
      (await notify({ 'x-goog-channel-id': channel.id, 'x-goog-channel-token': channel.token })).status,
    ).toBe(404);
  });

  it("a technician connects their own calendar and gets their own jobs; another business's connection is 404", async () => {
    const a = await business('Ana');
    const b = await business('Ben');
    const tech = await t.signUp({ firstName: 'Tia', lastName: 'Tech' });
    await grantRole(t.db, tech.userId, 'technician', a.owner.userId);
    const other = await t.signUp({ firstName: 'Ola', lastName: 'Tech' });
    await grantRole(t.db, other.userId, 'technician', a.owner.userId);
    await connect(a.owner.cookie);
    const { back } = await connect(tech.cookie);
    expect(back.headers.get('location')).toBe('/calendar-sync?google=connected');
    const techConn = await connectionOf(tech.userId);
    const ownerConn = await connectionOf(a.owner.userId);
    expect(techConn.businessId).toBe(a.owner.userId);

    // The technician sees their own connection only, and cannot disconnect the owner's.
    expect((await status(tech.cookie)).connections.items.map((c) => c.userId)).toEqual([tech.userId]);
    expect((await status(other.cookie)).connections.items).toEqual([]);
    expect((await status(a.owner.cookie)).connections.items.map((c) => c.userId).sort()).toEqual(
      [a.owner.userId, tech.userId].sort(),
    );
    const theirs = await t.request(`/api/calendar-sync/google/${ownerConn.id}`, {
      method: 'DELETE',
      cookie: other.cookie,
    });
    expect(theirs.status).toBe(404);
    // Another business's owner neither sees nor disconnects it.
    expect((await status(b.owner.cookie)).connections.items).toEqual([]);
    const foreign = await t.request(`/api/calendar-sync/google/${techConn.id}`, {
      method: 'DELETE',
      cookie: b.owner.cookie,
    });
    expect(foreign.status).toBe(404);
    expect(await connectionOf(tech.userId)).toBeDefined();

    // The technician's calendar gets the jobs assigned to them; the owner's every job.
    const mine = await createBooking(t.db, a.owner.userId, {
      service: { id: a.service.id, name: 'Wash', durationMinutes: 60 },
      scheduledAt: zonedTimeToUtc(daysAhead(11), '09:00', ZONE),
      locationAddress: '3 Main St',
      quotedPriceCents: 5000,
      status: 'confirmed',
    });
    const notMine = await createBooking(t.db, a.owner.userId, {
      service: { id: a.service.id, name: 'Wash', durationMinutes: 60 },
      scheduledAt: zonedTimeToUtc(daysAhead(11), '13:00', ZONE),
      locationAddress: '4 Main St',
      quotedPriceCents: 5000,
      status: 'confirmed',
    });
    await t.db
      .insert(bookingAssignments)
      .values({ bookingId: mine.id, businessId: a.owner.userId, technicianId: tech.userId });
    const written = await pushJobsToGoogle(t.deps, techConn);
    expect(written).toEqual({ inserted: 1, updated: 0, deleted: 0 });
    await syncAllGoogleConnections(t.deps);
    // The fake keeps one calendar for everyone: the owner's connection finds the technician's copy and updates it.
    expect(writesOf(mine.id)).toEqual(['insert', 'update']);
    expect(writesOf(notMine.id)).toEqual(['insert']);
  });

  it("the queue's sweep writes the jobs and plans the next sweep", async () => {
    const { owner, service } = await business();
    await connect(owner.cookie);
    const booking = await createBooking(t.db, owner.userId, {
      service: { id: service.id, name: 'Wash', durationMinutes: 60 },
      scheduledAt: zonedTimeToUtc(daysAhead(12), '09:00', ZONE),
      locationAddress: '5 Main St',
      quotedPriceCents: 5000,
    });
    const sent: { name: string; options: unknown }[] = [];
    const queue = {
      send: async (name: string, _data: object, options?: unknown) => {
        sent.push({ name, options });
        return null;
      },
      work: async () => {},
      stop: async () => {},
    };
    const sweep = calendarSyncWorkers.find((w) => w.job === GOOGLE_SWEEP_JOB)!;
    expect(sweep.options?.policy).toBe('stately');
    await sweep.run({}, { deps: t.deps, queue, jobId: 'sweep-1' });
    expect(writesOf(booking.id)).toEqual(['insert']);
    expect(sent).toEqual([
      { name: GOOGLE_SWEEP_JOB, options: expect.objectContaining({ policy: 'stately' }) },
    ]);
  });
});
