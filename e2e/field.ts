import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { DEFAULT_BOOKING_RULES } from '../src/shared/scheduling';
import { expect, linkFrom, type OutboxMessage, type Owner, signUpNewOwner } from './fixtures';

// What the field journeys (issue 26) share: a technician who joins the signed-in owner's team, a service with a
// checklist, and a job of it given to the technician — all through the API, in the owner's business of its own.

/**
 * The zone of the journeys' businesses: one where it is now between midnight and 6 AM, so a job booked for today at
 * 9:00 (or later) is still ahead — past the owner's 2-hour notice — whenever the suite runs. A fixed zone made the field
 * and routes journeys fail every afternoon. The zones cover every offset from UTC−11 to UTC+14, so one always fits.
 */
export const FIELD_ZONE = earlyMorningZone(new Date());

function earlyMorningZone(now: Date) {
  const zones = [
    'America/Chicago',
    'Pacific/Pago_Pago',
    'Pacific/Honolulu',
    'America/Anchorage',
    'America/Los_Angeles',
    'America/Denver',
    'America/New_York',
    'America/Halifax',
    'America/Sao_Paulo',
    'Atlantic/South_Georgia',
    'Atlantic/Cape_Verde',
    'Europe/London',
    'Europe/Berlin',
    'Europe/Athens',
    'Europe/Moscow',
    'Asia/Dubai',
    'Asia/Karachi',
    'Asia/Dhaka',
    'Asia/Bangkok',
    'Asia/Shanghai',
    'Asia/Tokyo',
    'Australia/Brisbane',
    'Pacific/Noumea',
    'Pacific/Fiji',
    'Pacific/Tongatapu',
    'Pacific/Kiritimati',
  ];
  const hourIn = (timeZone: string) =>
    Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now));
  const zone = zones.find((z) => hourIn(z) < 6);
  if (!zone) throw new Error('No zone where it is before 6 AM now');
  return zone;
}

/** Puts the signed-in owner's business in FIELD_ZONE, with the default hours and rules. */
export async function useFieldZone(owner: Page | APIRequestContext) {
  const request = 'request' in owner ? owner.request : owner;
  const saved = await request.put('/api/scheduling', {
    data: { ...DEFAULT_BOOKING_RULES, timeZone: FIELD_ZONE },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** A phone for the technician: 390 px, touch, a GPS fix for check-in. */
export function newPhone(browser: Browser) {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    geolocation: { latitude: 30.2672, longitude: -97.7431, accuracy: 12 },
    permissions: ['geolocation'],
  });
}

/**
 * A technician signed up on `tech` (a phone's context or an API context of its own) who accepts the invitation of the
 * owner signed in on `owner`.
 */
export async function joinTeam(
  owner: Page,
  tech: BrowserContext | APIRequestContext,
  outbox: (to: string) => Promise<OutboxMessage[]>,
  names = { firstName: 'Theo', lastName: 'Tech' },
): Promise<Owner> {
  const technician = await signUpNewOwner(tech, names);
  const invited = await owner.request.post('/api/team/invitations', { data: { email: technician.email } });
  expect(invited.status()).toBe(201);
  const token = (await linkFrom(outbox, technician.email, /\/join\/[A-Za-z0-9_-]+/)).split('/').pop()!;
  const request = 'request' in tech ? tech.request : tech;
  expect((await request.post(`/api/invitations/${token}/accept`)).status()).toBe(200);
  return technician;
}

/** A service with checklist items, and a job of it on `date` at `time` given to the technician; its booking id. */
export async function assignedJob(
  owner: Page,
  options: {
    technicianId: string;
    date: string;
    time?: string;
    customer: { firstName: string; lastName: string; email: string };
    serviceName: string;
    checklist: string[];
    /** The household's further vehicles, each of the same service (a job of several vehicles). */
    extraVehicles?: { vehicleMake: string; vehicleModel: string }[];
  },
): Promise<string> {
  const service = await owner.request.post('/api/services', {
    data: { name: options.serviceName, basePriceCents: 15000, durationMinutes: 120 },
  });
  expect(service.status(), await service.text()).toBe(201);
  const serviceId = ((await service.json()) as { id: string }).id;
  const checklist = await owner.request.put(`/api/services/${serviceId}/checklist`, {
    data: { items: options.checklist.map((label) => ({ label })) },
  });
  expect(checklist.status()).toBe(200);
  const booking = await owner.request.post('/api/bookings', {
    data: {
      customer: { ...options.customer, phone: null },
      vehicle: { make: 'Honda', model: 'Civic', color: null },
      vehicleType: 'sedan',
      serviceId,
      date: options.date,
      time: options.time ?? '09:00',
      locationAddress: '1 Main St, Austin, TX 78701',
      notes: null,
      extraVehicles: (options.extraVehicles ?? []).map((v) => ({ ...v, serviceId, vehicleType: 'suv' })),
    },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  const bookingId = ((await booking.json()) as { id: string }).id;
  const assigned = await owner.request.put(`/api/team/assignments/${bookingId}`, {
    data: { technicianId: options.technicianId },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  return bookingId;
}

const CLOCK_SHIFT_KEY = 'e2e-phone-clock-shift-ms';

/**
 * The phone's clock can be set behind the real one (kept per tab across reloads), so that a job run in a minute of test
 * time shows as an hour's work: the field app stamps each action with the phone's time (`deviceTime`), as a technician's
 * queued taps are, and the server counts the job's time from them (decision 1242). Install before the page opens.
 */
export async function settablePhoneClock(phone: BrowserContext) {
  await phone.addInitScript((key) => {
    const Real = Date;
    const shift = () => {
      try {
        return Number(sessionStorage.getItem(key) ?? 0);
      } catch {
        return 0;
      }
    };
    const RealWith = Real as unknown as new (...a: unknown[]) => Date;
    function phoneDate(...args: unknown[]) {
      if (!new.target) return new Real(Real.now() + shift()).toString();
      return args.length === 0 ? new Real(Real.now() + shift()) : new RealWith(...args);
    }
    phoneDate.prototype = Real.prototype;
    phoneDate.now = () => Real.now() + shift();
    phoneDate.parse = Real.parse;
    phoneDate.UTC = Real.UTC;
    globalThis.Date = phoneDate as unknown as DateConstructor;
  }, CLOCK_SHIFT_KEY);
}

/** Sets the phone's clock `minutes` behind the real one (0: on time again), from the next action on. */
export async function setPhoneClockBehind(page: Page, minutes: number) {
  await page.evaluate(([key, ms]) => sessionStorage.setItem(key, String(ms)), [
    CLOCK_SHIFT_KEY,
    -minutes * 60_000,
  ] as const);
}

/** "1 h 05 min" (Timesheets' hoursLabel) as minutes. */
export function minutesOfLabel(label: string): number {
  const m = /(\d+) h (\d\d) min/.exec(label);
  if (!m) throw new Error(`not an hours label: ${label}`);
  return Number(m[1]) * 60 + Number(m[2]);
}
