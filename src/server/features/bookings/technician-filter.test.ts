import { describe, expect, it } from 'vitest';
import { addDays, DEFAULT_TIME_ZONE, todayInZone, zonedTimeToUtc } from '../../../shared/time';
import { createBooking, grantRole } from '../../db/factories';
import { createTestContext } from '../../test/harness';

const t = await createTestContext();
const today = todayInZone(DEFAULT_TIME_ZONE);
const day = addDays(today, 2);

async function business() {
  const owner = await t.signUp();
  const tech = await t.signUp({ firstName: 'Tia', lastName: 'Tech' });
  await grantRole(t.db, tech.userId, 'technician', owner.userId);
  const make = (time: string, name: string) =>
    createBooking(t.db, owner.userId, {
      service: { id: null, name, durationMinutes: 60 },
      scheduledAt: zonedTimeToUtc(day, time, DEFAULT_TIME_ZONE),
      locationAddress: '1 Main St',
      quotedPriceCents: 5000,
    });
  return { owner, tech, first: await make('09:00', 'First'), second: await make('13:00', 'Second') };
}

const ids = (body: { items: Array<{ id: string }> }) => body.items.map((i) => i.id).sort();

describe('the technician filter of /bookings', () => {
  it("filters the list and the calendar by a team member's assignments, or the unassigned ones", async () => {
    const { owner, tech, first, second } = await business();
    const put = await t.request(`/api/team/assignments/${first.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: { technicianId: tech.userId },
    });
    expect(put.status).toBe(200);
    const list = (q: string) =>
      t.request(`/api/bookings?when=upcoming${q}`, { cookie: owner.cookie }).then((r) => r.json());
    const cal = (q: string) =>
      t
        .request(`/api/bookings/calendar?from=${day}&to=${day}${q}`, { cookie: owner.cookie })
        .then((r) => r.json());
    expect(ids(await list(`&technicianId=${tech.userId}`))).toEqual([first.id]);
    expect(ids(await list('&technicianId=unassigned'))).toEqual([second.id]);
    expect(ids(await list(''))).toEqual([first.id, second.id].sort());
    expect(ids(await cal(`&technicianId=${tech.userId}`))).toEqual([first.id]);
    expect(ids(await cal('&technicianId=unassigned'))).toEqual([second.id]);
    // The owner can take a job too; clearing it makes it unassigned again.
    await t.request(`/api/team/assignments/${second.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: { technicianId: owner.userId },
    });
    expect(ids(await cal(`&technicianId=${owner.userId}`))).toEqual([second.id]);
    await t.request(`/api/team/assignments/${first.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: { technicianId: null },
    });
    expect(ids(await cal('&technicianId=unassigned'))).toEqual([first.id]);
    // A technician sees the same filter over the business's bookings.
    expect(
      (await t.request(`/api/bookings?technicianId=${tech.userId}`, { cookie: tech.cookie })).status,
    ).toBe(200);
  });

  it("never shows another business's bookings, and the assign control answers 404 for another tenant's booking", async () => {
    const a = await business();
    const b = await business();
    const other = await t.request(`/api/team/assignments/${b.first.id}`, {
      method: 'PUT',
      cookie: a.owner.cookie,
      json: { technicianId: a.tech.userId },
    });
    expect(other.status).toBe(404);
    const foreignTech = await t.request(`/api/team/assignments/${a.first.id}`, {
      method: 'PUT',
      cookie: a.owner.cookie,
      json: { technicianId: b.tech.userId },
    });
    expect([400, 404, 409]).toContain(foreignTech.status);
    await t.request(`/api/team/assignments/${b.first.id}`, {
      method: 'PUT',
      cookie: b.owner.cookie,
      json: { technicianId: b.tech.userId },
    });
    const body = await (
      await t.request(`/api/bookings?technicianId=${b.tech.userId}`, { cookie: a.owner.cookie })
    ).json();
    expect(body.items).toEqual([]);
    // A technician cannot assign (owner only).
    const byTech = await t.request(`/api/team/assignments/${a.second.id}`, {
      method: 'PUT',
      cookie: a.tech.cookie,
      json: { technicianId: a.tech.userId },
    });
    expect(byTech.status).toBe(403);
  });
});
