import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addDays, todayInZone, zonedTimeToUtc } from '../../../shared/time';
import { assignBooking, createBooking, createCustomer, createService, grantRole } from '../../db/factories';
import { createTestContext } from '../../test/harness';

// The owner's live board (issue 26): each technician's jobs of the day, in time order, with where each one is in the
// field — read from the job's status and its field events — and cancelled jobs left out.

const t = await createTestContext();
const owner = await t.signUp({ firstName: 'Olive', lastName: 'Owner' });
const tech = await t.signUp({ firstName: 'Theo', lastName: 'Tech' });
const idle = await t.signUp({ firstName: 'Ida', lastName: 'Idle' });
await grantRole(t.db, tech.userId, 'technician', owner.userId);
await grantRole(t.db, idle.userId, 'technician', owner.userId);
const service = await createService(t.db, owner.userId, { name: 'Full Detail', basePriceCents: 15000 });
const { timeZone } = (await (await t.request('/api/scheduling', { cookie: owner.cookie })).json()) as {
  timeZone: string;
};
const day = addDays(todayInZone(timeZone), 2);
const signature = (
  await sharp({ create: { width: 200, height: 80, channels: 4, background: '#ffffff' } })
    .png()
    .toBuffer()
).toString('base64');

async function job(time: string, lastName: string, status: 'confirmed' | 'cancelled' = 'confirmed') {
  const customer = await createCustomer(t.db, owner.userId, {
    firstName: 'Cora',
    lastName,
    email: `cora.${lastName.toLowerCase()}.${owner.userId}@example.com`,
  });
  const b = await createBooking(t.db, owner.userId, {
    service: { id: service.id, name: 'Full Detail', durationMinutes: 60 },
    customerId: customer.id,
    scheduledAt: zonedTimeToUtc(day, time, timeZone),
    locationAddress: '500 Congress Ave, Austin, TX 78701',
    quotedPriceCents: 15000,
    status,
  });
  await assignBooking(t.db, owner.userId, b.id, tech.userId);
  return b;
}

const write = async (bookingId: string, step: string, body: object) => {
  const res = await t.request(`/api/field/jobs/${bookingId}/${step}`, {
    method: 'POST',
    cookie: tech.cookie,
    headers: { 'idempotency-key': crypto.randomUUID() },
    json: { deviceTime: new Date().toISOString(), ...body },
  });
  expect(res.status, `${step}: ${await res.clone().text()}`).toBe(200);
};

describe('GET /api/field/board', () => {
  it("lists each technician's jobs of the day with their field status", async () => {
    const notStarted = await job('15:00', 'Four');
    const onTheWay = await job('13:00', 'Three');
    const onSite = await job('11:00', 'Two');
    const done = await job('09:00', 'One');
    await job('16:00', 'Cancelled', 'cancelled');
    // The technician's phone reads its jobs first (the field app always does), then works them.
    expect((await t.request(`/api/field/jobs?from=${day}&to=${day}`, { cookie: tech.cookie })).status).toBe(
      200,
    );
    await write(done.id, 'check-in', {});
    await write(done.id, 'complete', { signature: { pngBase64: signature, signerName: 'Cora One' } });
    await write(done.id, 'check-out', {});
    await write(onSite.id, 'on-my-way', { etaMinutes: 10 });
    await write(onSite.id, 'check-in', {});
    await write(onTheWay.id, 'on-my-way', { etaMinutes: 25 });

    const res = await t.request(`/api/field/board?date=${day}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const board = (await res.json()) as {
      items: Array<{
        technician: { name: string };
        currentJob: { id: string } | null;
        jobsDone: number;
        jobsTotal: number;
        jobs: Array<{ id: string; customerName: string; startsAt: string; fieldStatus: string }>;
      }>;
      nextCursor: null;
    };
    const theo = board.items.find((r) => r.technician.name === 'Theo Tech')!;
    expect(theo.jobs.map((j) => [j.customerName, j.fieldStatus])).toEqual([
      ['Cora One', 'done'],
      ['Cora Two', 'on_site'],
      ['Cora Three', 'on_the_way'],
      ['Cora Four', 'not_started'],
    ]);
    expect(theo.jobs.map((j) => j.id)).toEqual([done.id, onSite.id, onTheWay.id, notStarted.id]);
    expect(theo.jobs[0]!.startsAt).toBe(zonedTimeToUtc(day, '09:00', timeZone).toISOString());
    expect([theo.currentJob?.id, theo.jobsDone, theo.jobsTotal]).toEqual([onSite.id, 1, 4]);
    const ida = board.items.find((r) => r.technician.name === 'Ida Idle')!;
    expect([ida.jobs, ida.currentJob, ida.jobsTotal]).toEqual([[], null, 0]);
  });

  it('is the owner’s: a technician is refused', async () => {
    expect((await t.request(`/api/field/board?date=${day}`, { cookie: tech.cookie })).status).toBe(403);
  });
});
