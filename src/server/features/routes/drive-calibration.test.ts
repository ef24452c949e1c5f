import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignBooking, createBooking, createCustomer, grantRole } from '../../db/factories';
import { bookings, driveObservations, profiles } from '../../db/schema';
import { greatCircleTravelTimes } from '../../providers/geo/great-circle';
import { createTestContext } from '../../test/harness';
import {
  CALIBRATION_MAX,
  CALIBRATION_MIN,
  calibrationFactor,
  recalibrate,
  usableDrive,
} from './drive-calibration.service';

// Travel-time calibration from check-ins (issue 27, decision 1247): the drive between one job's check-out and the
// next check-in of the same technician is observed; the business's factor is the median ratio of its latest
// observations, clamped, and the local estimate is multiplied by it.

describe('the calibration factor', () => {
  it('needs ten observations, takes the median of the latest twenty, and stays within its bounds', () => {
    expect(calibrationFactor(Array(9).fill(1.3))).toBeNull();
    expect(calibrationFactor(Array(10).fill(1.3))).toBeCloseTo(1.3);
    // Newest first: the 20 latest are 1.2 and 1.4 alternately with one wild 3.0; older ones (0.5) are out.
    const latest = Array.from({ length: 19 }, (_, i) => (i % 2 ? 1.2 : 1.4));
    expect(calibrationFactor([3, ...latest, ...Array(30).fill(0.5)])).toBeCloseTo(1.4);
    expect(calibrationFactor(Array(12).fill(2.5))).toBe(CALIBRATION_MAX);
    expect(calibrationFactor(Array(12).fill(0.4))).toBe(CALIBRATION_MIN);
    expect(calibrationFactor([...Array(5).fill(1), ...Array(5).fill(1.5)])).toBeCloseTo(1.25);
  });

  it('learns only from drives that look like drives', () => {
    expect(usableDrive(13, 10)).toBe(true);
    expect(usableDrive(2, 1)).toBe(false); // next door: parking, not driving
    expect(usableDrive(95, 10)).toBe(false); // lunch on the way
    expect(usableDrive(2, 10)).toBe(false); // checked in before leaving
    expect(usableDrive(-5, 10)).toBe(false);
  });

  it('the local estimate is multiplied by the factor', async () => {
    const a = { lat: 30.2713, lng: -97.7426 };
    const b = { lat: 30.33, lng: -97.74 };
    const plain = await greatCircleTravelTimes({}).travelMinutes(a, b);
    expect(await greatCircleTravelTimes({ calibration: 1.3 }).travelMinutes(a, b)).toBeCloseTo(plain * 1.3);
    expect(await greatCircleTravelTimes({ calibration: null }).travelMinutes(a, b)).toBeCloseTo(plain);
  });
});

const t = await createTestContext();
const owner = await t.signUp({ firstName: 'Olive', lastName: 'Owner' });
const tech = await t.signUp({ firstName: 'Theo', lastName: 'Tech' });
const otherTech = await t.signUp({ firstName: 'Tara', lastName: 'Tech' });
await grantRole(t.db, tech.userId, 'technician', owner.userId);
await grantRole(t.db, otherTech.userId, 'technician', owner.userId);
const other = await t.signUp({ firstName: 'Oscar', lastName: 'Other' });
const customer = await createCustomer(t.db, owner.userId, {
  firstName: 'Cora',
  lastName: 'Client',
  email: `cora.${owner.userId}@example.com`,
});

const A = { lat: 30.2713, lng: -97.7426 };
const B = { lat: 30.33, lng: -97.74 };
const predicted = await greatCircleTravelTimes({}).travelMinutes(A, B);

async function job(at: { lat: number; lng: number }, technician = tech.userId) {
  const b = await createBooking(t.db, owner.userId, {
    service: { id: null, name: 'Full Detail', durationMinutes: 60 },
    customerId: customer.id,
    scheduledAt: new Date(Date.now() + 3_600_000),
    locationAddress: '1 Somewhere St, Austin, TX 78701',
    quotedPriceCents: 15000,
    status: 'confirmed',
  });
  await t.db.update(bookings).set({ latitude: at.lat, longitude: at.lng }).where(eq(bookings.id, b.id));
  await assignBooking(t.db, owner.userId, b.id, technician);
  return b.id;
}

const write = (path: string, deviceTime: Date, cookie = tech.cookie, extra: Record<string, number> = {}) =>
  t.request(path, {
    method: 'POST',
    cookie,
    headers: { 'idempotency-key': crypto.randomUUID() },
    json: { deviceTime: deviceTime.toISOString(), ...extra },
  });

/** Fixture: `n` earlier observations of the business at `ratio`, older than anything the journeys write. */
async function observations(n: number, ratio: number) {
  for (let i = 0; i < n; i++) {
    const from = await job(A);
    const to = await job(B);
    await t.db.insert(driveObservations).values({
      businessId: owner.userId,
      technicianId: tech.userId,
      fromBookingId: from,
      toBookingId: to,
      observedMinutes: 10 * ratio,
      predictedMinutes: 10,
      arrivedAt: new Date(Date.now() - (i + 1) * 86_400_000),
    });
  }
}

const factor = async (businessId = owner.userId) =>
  (await t.db.select({ f: profiles.driveCalibration }).from(profiles).where(eq(profiles.id, businessId)))[0]!
    .f;
const observed = async () =>
  (await t.db.select().from(driveObservations).where(eq(driveObservations.businessId, owner.userId))).length;

describe('drives observed from check-ins', () => {
  it('a check-out then the next check-in is a drive; with ten the business is calibrated and a replay adds nothing', async () => {
    await observations(9, 1.3);
    expect(await recalibrate(t.db, owner.userId)).toBeNull();
    const first = await job(A);
    const next = await job(B);
    const left = new Date(Date.now() - 3 * 3_600_000);
    const arrived = new Date(left.getTime() + predicted * 1.3 * 60_000);
    expect(
      (await write(`/api/field/jobs/${first}/check-in`, new Date(left.getTime() - 3_600_000))).status,
    ).toBe(200);
    expect((await write(`/api/field/jobs/${first}/check-out`, left)).status).toBe(200);
    expect((await write(`/api/field/jobs/${next}/check-in`, arrived)).status).toBe(200);
    expect(await observed()).toBe(10);
    const [row] = await t.db.select().from(driveObservations).where(eq(driveObservations.toBookingId, next));
    expect(row).toMatchObject({ fromBookingId: first, technicianId: tech.userId });
    expect(row!.observedMinutes / row!.predictedMinutes).toBeCloseTo(1.3);
    expect(await factor()).toBeCloseTo(1.3);
    // Checking in at the same job again (a second tap, a replay with a new key) observes nothing more.
    expect(
      (await write(`/api/field/jobs/${next}/check-in`, new Date(arrived.getTime() + 60_000))).status,
    ).toBe(200);
    expect(await observed()).toBe(10);
    // Another business keeps its uncalibrated estimate.
    expect(await factor(other.userId)).toBeNull();
  });

  it('"on my way" after the last job is where the drive starts; a long break or another technician’s job is no drive', async () => {
    const before = await observed();
    const first = await job(A);
    const next = await job(B);
    const left = new Date(Date.now() - 8 * 3_600_000);
    await write(`/api/field/jobs/${first}/check-out`, left);
    const onTheWay = new Date(left.getTime() + 30 * 60_000);
    expect(
      (await write(`/api/field/jobs/${next}/on-my-way`, onTheWay, tech.cookie, { etaMinutes: 15 })).status,
    ).toBe(200);
    await write(`/api/field/jobs/${next}/check-in`, new Date(onTheWay.getTime() + predicted * 60_000));
    const [row] = await t.db.select().from(driveObservations).where(eq(driveObservations.toBookingId, next));
    expect(row!.observedMinutes).toBeCloseTo(predicted);

    // Lunch between the jobs: 2 hours for a drive of minutes.
    const third = await job(A);
    await write(`/api/field/jobs/${next}/check-out`, new Date(onTheWay.getTime() + 90 * 60_000));
    await write(`/api/field/jobs/${third}/check-in`, new Date(onTheWay.getTime() + 210 * 60_000));
    // Tara's first job of the day after Theo's check-out: not her drive.
    const taras = await job(A, otherTech.userId);
    await write(
      `/api/field/jobs/${taras}/check-in`,
      new Date(onTheWay.getTime() + 100 * 60_000),
      otherTech.cookie,
    );
    expect(await observed()).toBe(before + 1);
  });
});
