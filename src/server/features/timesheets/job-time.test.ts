import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignBooking, createBooking, grantRole, updateProfile } from '../../db/factories';
import { bookings, timeEntries } from '../../db/schema';
import { createTestContext } from '../../test/harness';

// The time on each job (decision 1242): check-in opens it, completion and check-out end it; one entry per job and
// technician whatever the replays; on the timesheet per day and week, and in the payroll CSV.

const t = await createTestContext();
const owner = await t.signUp({ firstName: 'Olive', lastName: 'Owner' });
const tech = await t.signUp({ firstName: 'Theo', lastName: 'Tech' });
await grantRole(t.db, tech.userId, 'technician', owner.userId);
await updateProfile(t.db, owner.userId, { timeZone: 'America/Chicago' });
const stranger = await t.signUp({ firstName: 'Sam', lastName: 'Stranger' });

// Monday 2 November 2026, Chicago (CST, -06:00); the week runs 2–8 November.
const WEEK = 'from=2026-11-02&to=2026-11-08';
const T = (hhmm: string, day = '02') => `2026-11-${day}T${hhmm}:00-06:00`;

async function job(status: 'pending' | 'confirmed' = 'confirmed', assignee: string | null = tech.userId) {
  const b = await createBooking(t.db, owner.userId, {
    service: { id: null, name: 'Full Detail', durationMinutes: 120 },
    scheduledAt: new Date('2026-11-02T15:00:00Z'),
    locationAddress: '500 Congress Ave, Austin, TX 78701',
    quotedPriceCents: 15000,
    status,
  });
  if (assignee) await assignBooking(t.db, owner.userId, b.id, assignee);
  return b;
}

function send(path: string, json: unknown, key: string = crypto.randomUUID(), cookie = tech.cookie) {
  return t.request(path, { method: 'POST', cookie, json, headers: { 'idempotency-key': key } });
}
const signature = {
  pngBase64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  signerName: 'Cora Client',
};
const entriesOf = (bookingId: string) =>
  t.db
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.bookingId, bookingId), eq(timeEntries.kind, 'job')));

type Sheet = {
  items: Array<{
    technician: { id: string };
    days: Array<{
      date: string;
      jobMinutes: number;
      entries: Array<{
        kind: string;
        bookingId: string | null;
        minutes: number;
        customerName: string | null;
      }>;
    }>;
    totalJobMinutes: number;
  }>;
};
const sheet = async (query: string, cookie = owner.cookie) => {
  const res = await t.request(`/api/timesheets?${query}`, { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as Sheet).items.find((i) => i.technician.id === tech.userId)!;
};

// One whole job: on site 09:00, completed 10:10, checked out 10:15 → 75 minutes on Monday.
const first = await job();
const checkInKey = crypto.randomUUID();
const checkIn = { deviceTime: T('09:00'), lat: 30.2672, lng: -97.7431, accuracyM: 9 };
expect((await send(`/api/field/jobs/${first.id}/check-in`, checkIn, checkInKey)).status).toBe(200);
expect(
  (await send(`/api/field/jobs/${first.id}/complete`, { deviceTime: T('10:10'), signature })).status,
).toBe(200);
expect((await send(`/api/field/jobs/${first.id}/check-out`, { deviceTime: T('10:15') })).status).toBe(200);

describe('job time from check-in to check-out', () => {
  it('writes one job entry, from the check-in to the check-out, with the check-in position', async () => {
    const [entry, ...more] = await entriesOf(first.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      technicianId: tech.userId,
      businessId: owner.userId,
      lat: 30.2672,
      lng: -97.7431,
      deviceStartedAt: T('09:00'),
      deviceEndedAt: T('10:15'),
    });
    expect(entry!.startedAt.toISOString()).toBe('2026-11-02T15:00:00.000Z');
    expect(entry!.endedAt!.toISOString()).toBe('2026-11-02T16:15:00.000Z');
  });

  it('a replayed check-in (same key), a second check-in and a late check-out change nothing twice', async () => {
    const replay = await send(`/api/field/jobs/${first.id}/check-in`, checkIn, checkInKey);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    // Tapped again later with a new key: the job's time still starts at the first check-in.
    await send(`/api/field/jobs/${first.id}/check-in`, { deviceTime: T('09:30') });
    // A check-out delivered late whose tap came before the last one: the end stays the last.
    await send(`/api/field/jobs/${first.id}/check-out`, { deviceTime: T('10:12') });
    const rows = await entriesOf(first.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.startedAt.toISOString()).toBe('2026-11-02T15:00:00.000Z');
    expect(rows[0]!.endedAt!.toISOString()).toBe('2026-11-02T16:15:00.000Z');
  });

  it('ten concurrent check-ins with one key write one entry', async () => {
    const b = await job();
    const key = crypto.randomUUID();
    const body = { deviceTime: T('13:00') };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => send(`/api/field/jobs/${b.id}/check-in`, body, key)),
    );
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await entriesOf(b.id)).toHaveLength(1);
    // Ten check-ins with ten keys (a technician tapping on a flaky network) still make one entry.
    await Promise.all(
      Array.from({ length: 10 }, () => send(`/api/field/jobs/${b.id}/check-in`, { deviceTime: T('13:05') })),
    );
    expect(await entriesOf(b.id)).toHaveLength(1);
    // Completed without checking out: the entry ends at the completion (13:00 → 13:40).
    await send(`/api/field/jobs/${b.id}/complete`, { deviceTime: T('13:40'), signature });
    const [entry] = await entriesOf(b.id);
    expect(entry!.endedAt!.toISOString()).toBe('2026-11-02T19:40:00.000Z');
  });

  it('a check-in that reaches the server after a later one moves the start earlier', async () => {
    const b = await job();
    await send(`/api/field/jobs/${b.id}/check-in`, { deviceTime: T('15:30') });
    await send(`/api/field/jobs/${b.id}/check-in`, { deviceTime: T('15:10') });
    await send(`/api/field/jobs/${b.id}/check-out`, { deviceTime: T('15:40') });
    const [entry] = await entriesOf(b.id);
    expect(entry!.startedAt.toISOString()).toBe('2026-11-02T21:10:00.000Z');
    expect(entry!.endedAt!.toISOString()).toBe('2026-11-02T21:40:00.000Z');
  });

  it('a job checked out without a check-in has no time (it is not known)', async () => {
    const b = await job('confirmed');
    await t.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, b.id));
    expect((await send(`/api/field/jobs/${b.id}/check-out`, { deviceTime: T('16:00') })).status).toBe(200);
    expect(await entriesOf(b.id)).toEqual([]);
  });

  it('the owner’s correction sticks: a later check-out no longer moves the entry', async () => {
    const b = await job();
    await send(`/api/field/jobs/${b.id}/check-in`, { deviceTime: T('08:00', '03') });
    await send(`/api/field/jobs/${b.id}/check-out`, { deviceTime: T('09:00', '03') });
    const [entry] = await entriesOf(b.id);
    const edit = await t.request(`/api/timesheets/entries/${entry!.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { endedAt: T('08:30', '03'), reason: 'Left early, forgot to check out' },
    });
    expect(edit.status).toBe(200);
    await send(`/api/field/jobs/${b.id}/check-out`, { deviceTime: T('09:45', '03') });
    const [after] = await entriesOf(b.id);
    expect(after!.endedAt!.toISOString()).toBe('2026-11-03T14:30:00.000Z');
  });
});

describe('on the timesheet and in the CSV', () => {
  it('shows each job’s time per day and the week’s total, for the owner and the technician', async () => {
    for (const cookie of [owner.cookie, tech.cookie]) {
      const row = await sheet(WEEK, cookie);
      const monday = row.days.find((d) => d.date === '2026-11-02')!;
      // 75 (first) + 40 (concurrent) + 30 (late check-in) minutes on Monday; 30 corrected on Tuesday.
      expect(monday.jobMinutes).toBe(145);
      expect(row.days.find((d) => d.date === '2026-11-03')!.jobMinutes).toBe(30);
      expect(row.totalJobMinutes).toBe(175);
      expect(monday.entries.find((e) => e.bookingId === first.id)).toMatchObject({
        kind: 'job',
        minutes: 75,
      });
    }
  });

  it('the payroll CSV has the job hours per technician and day', async () => {
    const res = await t.request(`/api/timesheets/export.csv?${WEEK}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const lines = (await res.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe('Technician,Email,Date,Shift hours,Job hours,Entries edited');
    expect(lines.find((l) => l.includes('2026-11-02'))).toMatch(/,0\.00,2\.42,0$/);
    expect(lines.find((l) => l.includes('2026-11-03'))).toMatch(/,0\.00,0\.50,1$/);
  });

  it('another business sees none of it', async () => {
    const res = await t.request(`/api/timesheets?${WEEK}`, { cookie: stranger.cookie });
    const body = (await res.json()) as Sheet;
    expect(body.items.some((i) => i.technician.id === tech.userId)).toBe(false);
  });
});

describe('a job still pending (decision 1243)', () => {
  it('a technician’s check-in records the arrival and its time but leaves confirming to the office', async () => {
    const b = await job('pending');
    const res = await send(`/api/field/jobs/${b.id}/check-in`, { deviceTime: T('11:00', '04') });
    expect(await res.json()).toMatchObject({ applied: true, status: 'pending', event: { kind: 'check_in' } });
    expect((await t.db.select().from(bookings).where(eq(bookings.id, b.id)))[0]!.status).toBe('pending');
    expect(await entriesOf(b.id)).toHaveLength(1);
    // Once the owner confirms, checking in again starts the job; its time still runs from the first check-in.
    await t.request(`/api/bookings/${b.id}/status`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { status: 'confirmed' },
    });
    const again = await send(`/api/field/jobs/${b.id}/check-in`, { deviceTime: T('11:20', '04') });
    expect(await again.json()).toMatchObject({ status: 'in_progress' });
    const [entry] = await entriesOf(b.id);
    expect(entry!.deviceStartedAt).toBe(T('11:00', '04'));
  });

  it('the owner checking in from the field app confirms and starts it (the owner may confirm)', async () => {
    const b = await job('pending', null);
    const res = await send(
      `/api/field/jobs/${b.id}/check-in`,
      { deviceTime: T('12:00', '04') },
      undefined,
      owner.cookie,
    );
    expect(await res.json()).toMatchObject({ applied: true, status: 'in_progress' });
  });
});

describe('on the owner’s booking (the Field panel)', () => {
  type Field = {
    jobTime: Array<{
      technician: { id: string; name: string };
      startedAt: string;
      endedAt: string | null;
      minutes: number;
      edited: boolean;
    }>;
    events: Array<{ kind: string; at: string }>;
  };
  const fieldOf = async (bookingId: string, cookie = owner.cookie) => {
    const res = await t.request(`/api/bookings/${bookingId}/field`, { cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as Field;
  };
  const FRIDAY = 'from=2026-11-02&to=2026-11-08';
  const entryOn = async (bookingId: string) =>
    (await sheet(FRIDAY)).days
      .find((d) => d.date === '2026-11-06')!
      .entries.find((e) => e.bookingId === bookingId)!;

  it('shows the job’s time from its Timesheets entry, the same minutes, and follows the owner’s correction', async () => {
    const b = await job();
    await send(`/api/field/jobs/${b.id}/check-in`, { deviceTime: T('09:00', '06') });
    await send(`/api/field/jobs/${b.id}/complete`, { deviceTime: T('09:50', '06'), signature });
    await send(`/api/field/jobs/${b.id}/check-out`, { deviceTime: T('10:05', '06') });
    const field = await fieldOf(b.id);
    expect(field.jobTime).toEqual([
      {
        technician: { id: tech.userId, name: 'Theo Tech' },
        startedAt: '2026-11-06T15:00:00.000Z',
        endedAt: '2026-11-06T16:05:00.000Z',
        minutes: 65,
        edited: false,
      },
    ]);
    expect((await entryOn(b.id)).minutes).toBe(65);

    // The owner corrects the end on Timesheets; a check-out synced later no longer moves it. The panel shows the
    // entry, not the events (which now say 09:00 to 10:30).
    const [entry] = await entriesOf(b.id);
    const edit = await t.request(`/api/timesheets/entries/${entry!.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { endedAt: T('09:50', '06'), reason: 'Left when the customer signed' },
    });
    expect(edit.status).toBe(200);
    await send(`/api/field/jobs/${b.id}/check-out`, { deviceTime: T('10:30', '06') });
    const corrected = await fieldOf(b.id);
    expect(corrected.jobTime).toMatchObject([
      { minutes: 50, edited: true, endedAt: '2026-11-06T15:50:00.000Z' },
    ]);
    expect(corrected.events.filter((e) => e.kind === 'check_out').map((e) => e.at)).toContain(
      '2026-11-06T16:30:00.000Z',
    );
    expect((await entryOn(b.id)).minutes).toBe(50);
  });

  it('a job never checked in shows no time; another business cannot read it (404)', async () => {
    const b = await job();
    expect((await fieldOf(b.id)).jobTime).toEqual([]);
    const res = await t.request(`/api/bookings/${first.id}/field`, { cookie: stranger.cookie });
    expect(res.status).toBe(404);
  });
});
