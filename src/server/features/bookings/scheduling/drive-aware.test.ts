import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_RULES } from '../../../../shared/scheduling';
import { zonedTimeToUtc } from '../../../../shared/time';
import { assignBooking, createBooking, grantRole, updateProfile } from '../../../db/factories';
import { bookingAssignments } from '../../../db/schema';
import { greatCircleKm, minutesForRoadKm } from '../../../providers/geo/great-circle';
import { zipCentroidOf } from '../../../providers/geo/zip-centroid';
import { createTestContext } from '../../../test/harness';
import { bookableBusiness, bookingForm, daysAhead } from '../book/booking.fixtures';
import { slotsOfDate } from './scheduling.service';

// Drive-aware slots (decision 1248) through the API: /book's slots, the owner's New booking and its race.

const t = await createTestContext();
const BASE = '100 Congress Ave, Austin, TX 78701';
const FAR_ZIP = '78626'; // Georgetown, ~55 minutes' drive from downtown Austin
const NEAR_ZIP = '78701';

async function drivingBusiness(opts: { technician?: boolean; zone?: string; rules?: object } = {}) {
  const owner = await t.signUp();
  const [wash] = await bookableBusiness(t.db, owner.userId, [
    { name: 'Wash', basePriceCents: 5000, durationMinutes: 60 },
  ]);
  await updateProfile(t.db, owner.userId, { businessAddress: BASE });
  const saved = await t.request('/api/scheduling', {
    method: 'PUT',
    cookie: owner.cookie,
    json: {
      ...DEFAULT_BOOKING_RULES,
      timeZone: opts.zone ?? 'America/Chicago',
      capacity: 2,
      minNoticeMinutes: 0,
      horizonDays: 365,
      ...opts.rules,
    },
  });
  expect(saved.status).toBe(200);
  let technicianId: string | null = null;
  if (opts.technician !== false) {
    const tech = await t.signUp({ firstName: 'Tess', lastName: 'Tech' });
    await grantRole(t.db, tech.userId, 'technician', owner.userId);
    technicianId = tech.userId;
  }
  return { owner, wash: wash!, technicianId };
}

async function jobAt(businessId: string, technicianId: string | null, at: Date, address = BASE) {
  const b = await createBooking(t.db, businessId, {
    service: { id: null, name: 'Earlier job', durationMinutes: 60 },
    scheduledAt: at,
    locationAddress: address,
    quotedPriceCents: 100,
    status: 'confirmed',
  });
  if (technicianId) await assignBooking(t.db, businessId, b.id, technicianId);
  return b;
}

const slotsFor = async (business: string, serviceId: string, date: string, place = '') => {
  const res = await t.request(
    `/api/booking/slots?business=${business}&serviceId=${serviceId}&date=${date}${place}`,
  );
  expect(res.status).toBe(200);
  const body = (await res.json()) as { driveAware: boolean; slots: { time: string; state: string }[] };
  return { ...body, state: (time: string) => body.slots.find((s) => s.time === time)?.state };
};

describe('/book offers a time only when a technician can drive there (decision 1248)', () => {
  it('a far address loses the slot right after the technician’s job; a near one keeps it', async () => {
    const { owner, wash, technicianId } = await drivingBusiness();
    const date = daysAhead(5);
    await jobAt(owner.userId, technicianId, zonedTimeToUtc(date, '10:00', 'America/Chicago'));
    const near = await slotsFor(owner.userId, wash.id, date, `&zip=${NEAR_ZIP}`);
    expect(near.driveAware).toBe(true);
    expect(near.state('11:00')).toBe('available');
    const far = await slotsFor(owner.userId, wash.id, date, `&zip=${FAR_ZIP}`);
    expect(far.state('11:00')).toBe('taken');
    expect(far.state('12:00')).toBe('available');
    // Before the job: the drive to the job after it must fit too; at opening the drive from the base must.
    expect(far.state('09:00')).toBe('taken');
    expect(far.state('08:00')).toBe('taken');
    expect(near.state('09:00')).toBe('available');
    // The street address refines the zip the customer arrived with.
    const refined = await slotsFor(
      owner.userId,
      wash.id,
      date,
      `&zip=${NEAR_ZIP}&address=${encodeURIComponent(`1 Main St, Georgetown, TX ${FAR_ZIP}`)}`,
    );
    expect(refined.state('11:00')).toBe('taken');
    const options = await (await t.request(`/api/booking/options?business=${owner.userId}`)).json();
    expect(options.needsPlace).toBe(true);
  });

  it('keeps today’s behaviour without technicians or without a place', async () => {
    const { owner, wash } = await drivingBusiness({ technician: false });
    const date = daysAhead(5);
    await jobAt(owner.userId, null, zonedTimeToUtc(date, '10:00', 'America/Chicago'));
    const far = await slotsFor(owner.userId, wash.id, date, `&zip=${FAR_ZIP}`);
    expect(far.driveAware).toBe(false);
    expect(far.state('11:00')).toBe('available');
    expect(far.state('08:00')).toBe('available');
    const options = await (await t.request(`/api/booking/options?business=${owner.userId}`)).json();
    expect(options.needsPlace).toBe(false);

    const withTeam = await drivingBusiness();
    const noPlace = await slotsFor(withTeam.owner.userId, withTeam.wash.id, date);
    expect(noPlace.driveAware).toBe(false);
    expect(noPlace.slots.every((s) => s.state === 'available')).toBe(true);
  });

  it('answers 400 for a malformed zip', async () => {
    const { owner, wash } = await drivingBusiness();
    const res = await t.request(
      `/api/booking/slots?business=${owner.userId}&serviceId=${wash.id}&date=${daysAhead(5)}&zip=12ab`,
    );
    expect(res.status).toBe(400);
  });
});

const ownerBooking = (serviceId: string, date: string, time: string, zip: string, n: number) => ({
  customer: {
    firstName: 'Pat',
    lastName: `Racer${n}`,
    email: `pat${n}@example.com`,
    phone: '(512) 555-0111',
  },
  vehicle: { make: 'Ford', model: 'F-150', year: 2020, color: 'Black' },
  vehicleType: 'truck',
  serviceId,
  date,
  time,
  locationAddress: `${n} Oak St, Austin, TX ${zip}`,
});

describe('the owner’s New booking re-checks the drive under the lock and assigns the technician', () => {
  it('assigns the technician who can get there; the owner’s slots for a far address leave out the time', async () => {
    const { owner, wash, technicianId } = await drivingBusiness();
    const date = daysAhead(6);
    await jobAt(owner.userId, technicianId, zonedTimeToUtc(date, '10:00', 'America/Chicago'));
    const slots = await (
      await t.request(
        `/api/scheduling/slots?serviceId=${wash.id}&date=${date}&address=${encodeURIComponent(`1 Main St, Georgetown, TX ${FAR_ZIP}`)}`,
        { cookie: owner.cookie },
      )
    ).json();
    expect(slots.driveAware).toBe(true);
    expect(slots.slots.find((s: { time: string }) => s.time === '11:00').state).toBe('taken');
    const far = await t.request('/api/bookings', {
      method: 'POST',
      cookie: owner.cookie,
      json: ownerBooking(wash.id, date, '11:00', FAR_ZIP, 1),
    });
    expect(far.status).toBe(409);
    const near = await t.request('/api/bookings', {
      method: 'POST',
      cookie: owner.cookie,
      json: ownerBooking(wash.id, date, '11:00', NEAR_ZIP, 2),
    });
    expect(near.status).toBe(201);
    const { id } = await near.json();
    const [assigned] = await t.db
      .select()
      .from(bookingAssignments)
      .where(eq(bookingAssignments.bookingId, id));
    expect(assigned?.technicianId).toBe(technicianId);
  });

  it('two requests racing for one technician’s gap make one booking', async () => {
    // Two crews by the owner's count, one technician: only the drive check can refuse the second.
    const { owner, wash } = await drivingBusiness();
    const date = daysAhead(7);
    const results = await Promise.all(
      [1, 2].map((n) =>
        t.request('/api/bookings', {
          method: 'POST',
          cookie: owner.cookie,
          json: ownerBooking(wash.id, date, '13:00', NEAR_ZIP, 10 + n),
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});

describe('/book’s checkout re-checks the drive when the payment completes', () => {
  it('a far address is refused at create-payment; of two paid checkouts racing for one gap, one books', async () => {
    const { owner, wash, technicianId } = await drivingBusiness();
    const date = daysAhead(8);
    await jobAt(owner.userId, technicianId, zonedTimeToUtc(date, '10:00', 'America/Chicago'));
    const form = (n: number, zip: string) =>
      bookingForm({
        businessId: owner.userId,
        serviceId: wash.id,
        date,
        time: '11:00',
        location: `${n} Elm St, Austin, TX ${zip}`,
        zip,
        email: `racer${n}@example.com`,
      });
    const far = await t.request('/api/booking/create-payment', { method: 'POST', json: form(1, FAR_ZIP) });
    expect(far.status).toBe(409);

    // Both checkouts open while the gap is free, both paid; completing them at once books one.
    const sessions = [];
    for (const n of [2, 3]) {
      const res = await t.request('/api/booking/create-payment', { method: 'POST', json: form(n, NEAR_ZIP) });
      expect(res.status, await res.clone().text()).toBe(200);
      const { sessionId, url } = await res.json();
      expect((await t.request(`${new URL(url).pathname}/pay`, { method: 'POST' })).status).toBe(303);
      sessions.push(sessionId as string);
    }
    const done = await Promise.all(
      sessions.map((sessionId) =>
        t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } }),
      ),
    );
    expect(done.map((r) => r.status).sort()).toEqual([200, 409]);
    const booked = await done.find((r) => r.status === 200)!.json();
    const [assigned] = await t.db
      .select()
      .from(bookingAssignments)
      .where(eq(bookingAssignments.bookingId, booked.booking.id));
    expect(assigned?.technicianId).toBe(technicianId);
  });
});

describe('drive-aware slots on daylight-saving days', () => {
  const drive = (a: string, b: string) =>
    minutesForRoadKm(greatCircleKm(zipCentroidOf(a)!, zipCentroidOf(b)!) * 1.25);
  const nightHours = Array.from({ length: 7 }, () => ({ open: '00:00', close: '06:00' }));

  for (const zone of ['America/New_York', 'America/Chicago', 'America/Los_Angeles']) {
    for (const date of ['2027-03-14', '2027-11-07']) {
      it(`${zone} on ${date}: the drive is counted in real minutes across the change`, async () => {
        const { owner, technicianId } = await drivingBusiness({
          zone,
          rules: { weeklyHours: nightHours, slotMinutes: 30 },
        });
        const jobStart = zonedTimeToUtc(date, '01:00', zone);
        await jobAt(owner.userId, technicianId, jobStart);
        const minutes = drive('78701', '78664');
        const day = await slotsOfDate(t.db, owner.userId, {
          date,
          durationMinutes: 60,
          place: { zip: '78664' },
        });
        expect(day.driveAware).toBe(true);
        const open = zonedTimeToUtc(date, '00:00', zone).getTime();
        const close = zonedTimeToUtc(date, '06:00', zone).getTime();
        const jobEnd = jobStart.getTime() + 60 * 60_000;
        for (const slot of day.slots) {
          const s = slot.startsAt.getTime();
          const e = s + 60 * 60_000;
          const before = s >= open + minutes * 60_000 && e + minutes * 60_000 <= jobStart.getTime();
          const after = s >= jobEnd + minutes * 60_000 && e + minutes * 60_000 <= close;
          expect(slot.state, `${zone} ${date} ${slot.time}`).toBe(before || after ? 'available' : 'taken');
        }
        if (date === '2027-03-14') {
          // 01:00 + 60 minutes is 03:00 on the clock that day: 03:00 is too soon for a 38-minute drive.
          expect(day.slots.find((s) => s.time === '03:00')?.state).toBe('taken');
          expect(day.slots.find((s) => s.time === '04:00')?.state).toBe('available');
        }
      });
    }
  }
});
