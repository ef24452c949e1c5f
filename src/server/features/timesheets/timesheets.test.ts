import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TIMESHEET_TEXT } from '../../../shared/timesheets';
import { grantRole, updateProfile } from '../../db/factories';
import { timeEntryEdits } from '../../db/schema';
import { createTestContext } from '../../test/harness';

// Timesheets (decision 1180): shifts clocked in and out, hours per business day and week (across a daylight-saving
// change), the owner's corrections with their audit trail, the payroll CSV, and who may see and change what.

const t = await createTestContext();
const owner = await t.signUp({ firstName: 'Olive', lastName: 'Owner' });
const tech = await t.signUp({ firstName: 'Theo', lastName: 'Tech' });
// A name a spreadsheet would run as a formula: the CSV must neutralise it.
const other = await t.signUp({ firstName: '=HYPERLINK("x")', lastName: 'Tara' });
await grantRole(t.db, tech.userId, 'technician', owner.userId);
await grantRole(t.db, other.userId, 'technician', owner.userId);
await updateProfile(t.db, owner.userId, { timeZone: 'America/Chicago' });
const stranger = await t.signUp({ firstName: 'Sam', lastName: 'Stranger' });

// Clock in and out take an Idempotency-Key (decision 1210): a fresh one per tap.
const post = (path: string, cookie: string, json: unknown) =>
  t.request(path, { method: 'POST', cookie, json, headers: { 'idempotency-key': crypto.randomUUID() } });

async function shift(cookie: string, from: string, to: string) {
  const inRes = await post('/api/field/shift/clock-in', cookie, { deviceTime: from });
  expect(inRes.status).toBe(201);
  const outRes = await post('/api/field/shift/clock-out', cookie, { deviceTime: to });
  expect(outRes.status).toBe(200);
  return (await outRes.json()) as { id: string; startedAt: string; endedAt: string };
}

type Sheet = {
  items: Array<{
    technician: { id: string; name: string };
    days: Array<{
      date: string;
      shiftMinutes: number;
      jobMinutes: number;
      entries: Array<{ id: string; minutes: number; edits: Array<{ by: string; reason: string }> }>;
    }>;
    totalShiftMinutes: number;
  }>;
};
const sheet = async (query: string, cookie = owner.cookie) => {
  const res = await t.request(`/api/timesheets?${query}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as Sheet;
};
const rowOf = (s: Sheet, id: string) => s.items.find((i) => i.technician.id === id)!;

// The week of the fall-back change in Chicago: Sunday 1 Nov 2026 has 25 hours.
const WEEK = 'from=2026-10-26&to=2026-11-01';
// 00:30 CDT to 03:30 CST the same night: four hours on the clock's three.
const dstShift = await shift(tech.cookie, '2026-11-01T00:30:00-05:00', '2026-11-01T03:30:00-06:00');
// Friday 22:00 to Saturday 02:00: two hours on each day.
await shift(tech.cookie, '2026-10-30T22:00:00-05:00', '2026-10-31T02:00:00-05:00');
await shift(other.cookie, '2026-10-27T08:00:00-05:00', '2026-10-27T16:30:00-05:00');

describe('shifts', () => {
  it('clocks in once, then out; the state says whether a shift is open', async () => {
    const now = new Date().toISOString();
    expect((await post('/api/field/shift/clock-in', tech.cookie, { deviceTime: now })).status).toBe(201);
    const open = await (await t.request('/api/field/shift', { cookie: tech.cookie })).json();
    expect(open.open).not.toBeNull();
    const twice = await post('/api/field/shift/clock-in', tech.cookie, { deviceTime: now });
    expect(twice.status).toBe(409);
    expect((await twice.json()).error.message).toBe(TIMESHEET_TEXT.alreadyClockedIn);
    expect((await post('/api/field/shift/clock-out', tech.cookie, { deviceTime: now })).status).toBe(200);
    const closed = await post('/api/field/shift/clock-out', tech.cookie, { deviceTime: now });
    expect(closed.status).toBe(409);
    expect((await (await t.request('/api/field/shift', { cookie: tech.cookie })).json()).open).toBeNull();
  });

  it('refuses a time without its offset', async () => {
    const res = await post('/api/field/shift/clock-in', tech.cookie, { deviceTime: '2026-11-01T08:00:00' });
    expect(res.status).toBe(400);
  });

  it('a phone clock far ahead of the server counts from the server’s now', async () => {
    const res = await post('/api/field/shift/clock-in', other.cookie, { deviceTime: '2099-01-01T08:00:00Z' });
    const { startedAt } = await res.json();
    expect(Date.parse(startedAt)).toBeLessThanOrEqual(Date.now());
    await post('/api/field/shift/clock-out', other.cookie, { deviceTime: new Date().toISOString() });
  });
});

describe('the week', () => {
  it('counts hours per business day, splitting at midnight, across the daylight-saving change', async () => {
    const row = rowOf(await sheet(WEEK), tech.userId);
    const byDay = Object.fromEntries(row.days.map((d) => [d.date, d.shiftMinutes]));
    expect(byDay).toEqual({
      '2026-10-26': 0,
      '2026-10-27': 0,
      '2026-10-28': 0,
      '2026-10-29': 0,
      '2026-10-30': 120,
      '2026-10-31': 120,
      '2026-11-01': 240,
    });
    expect(row.totalShiftMinutes).toBe(480);
    // The entry that spans midnight is listed on the day it started.
    expect(row.days.find((d) => d.date === '2026-10-30')!.entries.map((e) => e.minutes)).toEqual([240]);
  });

  it('lists every technician of the business, with or without hours', async () => {
    const s = await sheet('from=2026-10-19&to=2026-10-25');
    expect(s.items.map((i) => i.technician.id).sort()).toEqual([tech.userId, other.userId].sort());
    expect(s.items.every((i) => i.totalShiftMinutes === 0)).toBe(true);
  });

  it('refuses a range over 62 days or out of order', async () => {
    expect(
      (await t.request('/api/timesheets?from=2026-01-01&to=2026-06-01', { cookie: owner.cookie })).status,
    ).toBe(400);
    expect(
      (await t.request('/api/timesheets?from=2026-02-01&to=2026-01-01', { cookie: owner.cookie })).status,
    ).toBe(400);
  });
});

describe('who sees and changes what', () => {
  it('a technician reads only their own hours, whoever they ask for', async () => {
    for (const q of [WEEK, `${WEEK}&technicianId=${other.userId}`]) {
      const s = await sheet(q, tech.cookie);
      expect(s.items.map((i) => i.technician.id)).toEqual([tech.userId]);
    }
  });

  it('a technician may not edit an entry or export the payroll CSV', async () => {
    const edit = await t.request(`/api/timesheets/entries/${dstShift.id}`, {
      method: 'PATCH',
      cookie: tech.cookie,
      json: { endedAt: '2026-11-01T05:00:00-06:00', reason: 'I stayed late' },
    });
    expect(edit.status).toBe(403);
    expect((await t.request(`/api/timesheets/export.csv?${WEEK}`, { cookie: tech.cookie })).status).toBe(403);
    expect(rowOf(await sheet(WEEK), tech.userId).totalShiftMinutes).toBe(480);
  });

  it('another business sees none of it and cannot edit it (404)', async () => {
    const s = await sheet(WEEK, stranger.cookie);
    expect(s.items).toEqual([]);
    const edit = await t.request(`/api/timesheets/entries/${dstShift.id}`, {
      method: 'PATCH',
      cookie: stranger.cookie,
      json: { endedAt: '2026-11-01T05:00:00-06:00', reason: 'x' },
    });
    expect(edit.status).toBe(404);
    expect(
      (
        await t.request(`/api/timesheets/entries/not-an-id`, {
          method: 'PATCH',
          cookie: owner.cookie,
          json: { reason: 'x', endedAt: '2026-11-01T05:00:00-06:00' },
        })
      ).status,
    ).toBe(404);
  });
});

describe("the owner's corrections", () => {
  it('refuses an end before the start, and a change without a reason', async () => {
    const early = await t.request(`/api/timesheets/entries/${dstShift.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { endedAt: '2026-11-01T00:00:00-05:00', reason: 'typo' },
    });
    expect(early.status).toBe(400);
    expect((await early.json()).error.message).toBe(TIMESHEET_TEXT.endBeforeStart);
    const noReason = await t.request(`/api/timesheets/entries/${dstShift.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { endedAt: '2026-11-01T05:00:00-06:00', reason: ' ' },
    });
    expect(noReason.status).toBe(400);
  });

  it('changes the hours and keeps who, when, before, after and why', async () => {
    const res = await t.request(`/api/timesheets/entries/${dstShift.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { endedAt: '2026-11-01T04:30:00-06:00', reason: 'Forgot to clock out' },
    });
    expect(res.status).toBe(200);
    const row = rowOf(await sheet(WEEK), tech.userId);
    expect(row.days.find((d) => d.date === '2026-11-01')!.shiftMinutes).toBe(300);
    expect(row.totalShiftMinutes).toBe(540);
    const [audit] = await t.db.select().from(timeEntryEdits).where(eq(timeEntryEdits.entryId, dstShift.id));
    expect(audit).toMatchObject({
      editedBy: owner.userId,
      editorName: 'Olive Owner',
      reason: 'Forgot to clock out',
      before: { startedAt: dstShift.startedAt, endedAt: dstShift.endedAt },
      after: { startedAt: dstShift.startedAt, endedAt: '2026-11-01T10:30:00.000Z' },
    });
    const entry = row.days.find((d) => d.date === '2026-11-01')!.entries[0]!;
    expect(entry.edits).toEqual([
      expect.objectContaining({ by: 'Olive Owner', reason: 'Forgot to clock out' }),
    ]);
  });
});

describe('the payroll CSV', () => {
  it('has a row per technician and day with time, hours in decimals, formulas neutralised', async () => {
    const res = await t.request(`/api/timesheets/export.csv?${WEEK}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain(
      'shineroute-timesheets-2026-10-26-to-2026-11-01.csv',
    );
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Technician,Email,Date,Shift hours,Job hours,Entries edited');
    expect(lines).toContain(`Theo Tech,${tech.email},2026-10-30,2.00,0.00,0`);
    expect(lines).toContain(`Theo Tech,${tech.email},2026-11-01,5.00,0.00,1`);
    expect(lines).toContain(`"'=HYPERLINK(""x"") Tara",${other.email},2026-10-27,8.50,0.00,0`);
    expect(lines).toHaveLength(5);
  });
});
