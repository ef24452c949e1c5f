import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_RULES, weekdayOf } from '../../../../shared/scheduling';
import { zonedTimeToUtc } from '../../../../shared/time';
import { createBooking } from '../../../db/factories';
import { createTestContext } from '../../../test/harness';
import { bookableBusiness, bookingForm, daysAhead } from '../book/booking.fixtures';

const t = await createTestContext();

const save = (cookie: string, body: Record<string, unknown>) =>
  t.request('/api/scheduling', {
    method: 'PUT',
    cookie,
    json: { ...DEFAULT_BOOKING_RULES, timeZone: 'America/Chicago', ...body },
  });

describe('/api/scheduling', () => {
  it('answers 401 when signed out', async () => {
    expect((await t.request('/api/scheduling')).status).toBe(401);
    expect((await save('', {})).status).toBe(401);
  });

  it('starts from §9’s defaults and saves the owner’s rules', async () => {
    const owner = await t.signUp();
    const res = await t.request('/api/scheduling', { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      timeZone: 'America/Chicago',
      customised: false,
      slotMinutes: 60,
      capacity: 1,
      minNoticeMinutes: 120,
      horizonDays: 60,
      weeklyHours: Array.from({ length: 7 }, () => ({ open: '08:00', close: '18:00' })),
    });
    const saved = await save(owner.cookie, {
      timeZone: 'America/Phoenix',
      closedDates: ['2030-12-25', '2030-01-01', '2030-12-25'],
      capacity: 2,
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      timeZone: 'America/Phoenix',
      customised: true,
      capacity: 2,
      closedDates: ['2030-01-01', '2030-12-25'],
    });
  });

  it('refuses bad input with the field’s message', async () => {
    const owner = await t.signUp();
    const res = await save(owner.cookie, { timeZone: 'Nowhere/Place' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('Please choose a valid time zone');
    const slots = await save(owner.cookie, { slotMinutes: 10 });
    expect((await slots.json()).error.message).toBe('Slots must be at least 15 minutes');
  });

  it('follows the business address’s zip until the owner chooses a zone', async () => {
    const owner = await t.signUp();
    const profile = (address: string) =>
      t.request('/api/business-profile', {
        method: 'PUT',
        cookie: owner.cookie,
        json: { businessName: 'Desert Shine', businessAddress: address },
      });
    expect((await profile('100 Main St, Phoenix, AZ 85004')).status).toBe(200);
    const zone = async () =>
      (await (await t.request('/api/scheduling', { cookie: owner.cookie })).json()).timeZone;
    expect(await zone()).toBe('America/Phoenix');
    await save(owner.cookie, { timeZone: 'America/Denver' });
    await profile('1 Pike St, Seattle, WA 98101');
    expect(await zone()).toBe('America/Denver');
  });
});

describe('/book follows the business’s rules', () => {
  async function business() {
    const owner = await t.signUp();
    const [service] = await bookableBusiness(t.db, owner.userId, [
      { name: 'Wash', basePriceCents: 5000, durationMinutes: 60 },
    ]);
    return { owner, service: service! };
  }
  const slots = async (businessId: string, serviceId: string, date: string) =>
    (await t.request(`/api/booking/slots?business=${businessId}&serviceId=${serviceId}&date=${date}`)).json();

  it('offers the working hours in the business zone and nothing on a closed date', async () => {
    const { owner, service } = await business();
    const open = daysAhead(5);
    const closed = daysAhead(6);
    const weeklyHours = Array.from({ length: 7 }, () => ({ open: '10:00', close: '13:00' }));
    await save(owner.cookie, {
      timeZone: 'America/Phoenix',
      weeklyHours,
      slotMinutes: 30,
      closedDates: [closed],
    });
    const day = await slots(owner.userId, service.id, open);
    expect(day).toMatchObject({ timeZone: 'America/Phoenix', closed: false });
    expect(day.slots.map((s: { time: string }) => s.time)).toEqual([
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
    ]);
    expect(await slots(owner.userId, service.id, closed)).toMatchObject({ closed: true, slots: [] });

    const book = (over: Record<string, unknown>) =>
      t.request('/api/booking/create-payment', {
        method: 'POST',
        json: bookingForm({ businessId: owner.userId, serviceId: service.id, ...over }),
      });
    const onClosed = await book({ date: closed, time: '10:00' });
    expect(onClosed.status).toBe(400);
    expect((await onClosed.json()).error.message).toBe('The business is closed on this date');
    const early = await book({ date: open, time: '08:00' });
    expect((await early.json()).error.message).toBe('Please choose one of the offered times');
    expect((await book({ date: open, time: '10:30' })).status).toBe(200);
  });

  it('lets as many jobs overlap as there are crews', async () => {
    const { owner, service } = await business();
    const date = daysAhead(4);
    await createBooking(t.db, owner.userId, {
      service: { id: null, name: 'Other', durationMinutes: 60 },
      scheduledAt: zonedTimeToUtc(date, '10:00', 'America/Chicago'),
      locationAddress: 'x',
      quotedPriceCents: 100,
      status: 'confirmed',
    });
    const state = async () =>
      (await slots(owner.userId, service.id, date)).slots.find((s: { time: string }) => s.time === '10:00')
        .state;
    expect(await state()).toBe('taken');
    await save(owner.cookie, { capacity: 2 });
    expect(await state()).toBe('available');
  });

  it('refuses a date past the horizon and greys out days off in the options', async () => {
    const { owner, service } = await business();
    const weeklyHours = DEFAULT_BOOKING_RULES.weeklyHours.map((h, day) => (day === 0 ? null : h));
    await save(owner.cookie, { horizonDays: 7, weeklyHours });
    const res = await t.request(
      `/api/booking/slots?business=${owner.userId}&serviceId=${service.id}&date=${daysAhead(9)}`,
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('Please choose a date within the next 7 days');
    const options = await (await t.request(`/api/booking/options?business=${owner.userId}`)).json();
    expect(options).toMatchObject({ maxDate: daysAhead(7), closedWeekdays: [0] });
    const sunday = [1, 2, 3, 4, 5, 6, 7].map(daysAhead).find((d) => weekdayOf(d) === 0)!;
    expect(await slots(owner.userId, service.id, sunday)).toMatchObject({ closed: true });
  });
});
