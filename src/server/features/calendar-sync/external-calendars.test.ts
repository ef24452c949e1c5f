import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { EXTERNAL_CALENDARS_TEXT } from '../../../shared/calendar-sync';
import { zonedTimeToUtc } from '../../../shared/time';
import { grantRole } from '../../db/factories';
import { externalCalendars } from '../../db/schema';
import { dataKeysOfDeps } from '../../http/encryption';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, bookingForm, daysAhead } from '../bookings/book/booking.fixtures';
import { refreshDueCalendars, sealCalendarAddresses } from './external-calendars.service';

// Other calendars block time (issue 28, decision 1221), against a local calendar server.

const t = await createTestContext();
t.deps.outboundAllowPrivate = true;

/** The fake calendar server: path → ICS text (or a size in bytes to answer with junk of that size). */
const served = new Map<string, string | number>();
const server: Server = createServer((req, res) => {
  const body = served.get(req.url ?? '');
  if (body === undefined) return res.writeHead(404).end('nope');
  res.writeHead(200, { 'content-type': 'text/calendar' });
  if (typeof body === 'number') {
    // Streamed without a length, so the limit is enforced on the bytes read.
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    const more = () => {
      while (sent < body) {
        sent += chunk.length;
        if (!res.write(chunk)) return res.once('drain', more);
      }
      res.end();
    };
    return more();
  }
  res.end(body);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const ZONE = 'America/Chicago';
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const ics = (events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...events, 'END:VCALENDAR'].join('\r\n');
const vevent = (uid: string, start: Date, end: Date, extra: string[] = []) =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${stamp(start)}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    ...extra,
    'END:VEVENT',
  ].join('\r\n');

async function business() {
  const owner = await t.signUp({ firstName: 'Cal', lastName: 'Owner' });
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
const subscribe = (cookie: string, json: Record<string, unknown>) =>
  t.request('/api/calendar-sync/calendars', { method: 'POST', cookie, json });

describe('other calendars block time', () => {
  it("an owner's busy event takes the slot on /book and is refused at booking; removing it frees the slot", async () => {
    const { owner, service } = await business();
    const date = daysAhead(5);
    served.set(
      '/owner.ics',
      ics([vevent('dentist@x', zonedTimeToUtc(date, '10:00', ZONE), zonedTimeToUtc(date, '11:00', ZONE))]),
    );
    expect(await slotState(owner.userId, service.id, date, '10:00')).toBe('available');
    const res = await subscribe(owner.cookie, { url: `${base}/owner.ics` });
    expect(res.status, await res.clone().text()).toBe(201);
    const calendar = (await res.json()) as {
      id: string;
      host: string;
      busyCount: number;
      personName: string;
    };
    expect(calendar).toMatchObject({
      host: base.replace('http://', ''),
      busyCount: 1,
      personName: 'Cal Owner',
    });
    expect(JSON.stringify(calendar)).not.toContain('/owner.ics');

    expect(await slotState(owner.userId, service.id, date, '10:00')).toBe('taken');
    expect(await slotState(owner.userId, service.id, date, '11:00')).toBe('available');
    const book = await t.request('/api/booking/create-payment', {
      method: 'POST',
      json: bookingForm({ businessId: owner.userId, serviceId: service.id, date, time: '10:00' }),
    });
    expect(book.status).toBe(409);

    const removed = await t.request(`/api/calendar-sync/calendars/${calendar.id}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(removed.status).toBe(204);
    expect(await slotState(owner.userId, service.id, date, '10:00')).toBe('available');
  });

  it('is read again by the sweep: a moved event moves the block, an unreadable answer keeps the last one', async () => {
    const { owner, service } = await business();
    const date = daysAhead(6);
    const at = (time: string, end: string) =>
      ics([vevent('gym@x', zonedTimeToUtc(date, time, ZONE), zonedTimeToUtc(date, end, ZONE))]);
    served.set('/moving.ics', at('09:00', '10:00'));
    expect((await subscribe(owner.cookie, { url: `${base}/moving.ics` })).status).toBe(201);
    expect(await slotState(owner.userId, service.id, date, '09:00')).toBe('taken');
    served.set('/moving.ics', at('14:00', '15:00'));
    await refreshDueCalendars(t.deps, new Date(Date.now() + 10 * 60_000));
    expect(await slotState(owner.userId, service.id, date, '09:00')).toBe('available');
    expect(await slotState(owner.userId, service.id, date, '14:00')).toBe('taken');

    served.delete('/moving.ics');
    await refreshDueCalendars(t.deps, new Date(Date.now() + 20 * 60_000));
    expect(await slotState(owner.userId, service.id, date, '14:00')).toBe('taken');
    const list = (await (
      await t.request('/api/calendar-sync/calendars', { cookie: owner.cookie })
    ).json()) as {
      items: { lastError: string | null }[];
    };
    expect(list.items[0]!.lastError).toBe(EXTERNAL_CALENDARS_TEXT.answered(404));
  });

  it("with two crews, one person's busy time leaves the other crew free; overlapping events count once", async () => {
    const { owner, service } = await business();
    await t.request('/api/scheduling', {
      method: 'PUT',
      cookie: owner.cookie,
      json: {
        timeZone: ZONE,
        weeklyHours: Array.from({ length: 7 }, () => ({ open: '08:00', close: '18:00' })),
        closedDates: [],
        slotMinutes: 60,
        capacity: 2,
        minNoticeMinutes: 120,
        horizonDays: 60,
      },
    });
    const date = daysAhead(7);
    served.set(
      '/double.ics',
      ics([
        vevent('a@x', zonedTimeToUtc(date, '10:00', ZONE), zonedTimeToUtc(date, '11:00', ZONE)),
        vevent('b@x', zonedTimeToUtc(date, '10:00', ZONE), zonedTimeToUtc(date, '11:00', ZONE)),
      ]),
    );
    expect((await subscribe(owner.cookie, { url: `${base}/double.ics` })).status).toBe(201);
    expect(await slotState(owner.userId, service.id, date, '10:00')).toBe('available');
  });

  it('refuses a private address (unless allowed), an oversized calendar and a page that is no calendar', async () => {
    const { owner } = await business();
    t.deps.outboundAllowPrivate = false;
    try {
      for (const url of [`${base}/owner.ics`, 'http://localhost/x.ics', 'http://10.0.0.8/cal.ics']) {
        const res = await subscribe(owner.cookie, { url });
        expect(res.status).toBe(400);
        expect((await res.json()).error.message).toBe(EXTERNAL_CALENDARS_TEXT.privateAddress);
      }
    } finally {
      t.deps.outboundAllowPrivate = true;
    }
    served.set('/huge.ics', 3 * 1024 * 1024);
    const huge = await subscribe(owner.cookie, { url: `${base}/huge.ics` });
    expect(huge.status).toBe(400);
    expect((await huge.json()).error.message).toBe(EXTERNAL_CALENDARS_TEXT.tooLarge);
    served.set('/page.html', '<html>hello</html>');
    const page = await subscribe(owner.cookie, { url: `${base}/page.html` });
    expect(page.status).toBe(400);
    expect((await page.json()).error.message).toBe(EXTERNAL_CALENDARS_TEXT.unreadable);
    const list = await (await t.request('/api/calendar-sync/calendars', { cookie: owner.cookie })).json();
    expect(list.items).toEqual([]);
  });

  it("a technician subscribes their own calendar only; another business's calendar answers 404", async () => {
    const a = await business();
    const b = await business();
    const tech = await t.signUp({ firstName: 'Tia', lastName: 'Tech' });
    await grantRole(t.db, tech.userId, 'technician', a.owner.userId);
    served.set('/tech.ics', ics([]));
    const own = await subscribe(tech.cookie, { url: `${base}/tech.ics` });
    expect(own.status, await own.clone().text()).toBe(201);
    const forOwner = await subscribe(tech.cookie, { url: `${base}/tech.ics`, userId: a.owner.userId });
    expect(forOwner.status).toBe(404);
    // The owner sees the technician's calendar; the owner of another business neither sees nor removes it.
    const ownerList = await (
      await t.request('/api/calendar-sync/calendars', { cookie: a.owner.cookie })
    ).json();
    expect(ownerList.items.map((c: { personName: string }) => c.personName)).toEqual(['Tia Tech']);
    const id = ownerList.items[0].id as string;
    const foreign = await t.request(`/api/calendar-sync/calendars/${id}`, {
      method: 'DELETE',
      cookie: b.owner.cookie,
    });
    expect(foreign.status).toBe(404);
    const bList = await (await t.request('/api/calendar-sync/calendars', { cookie: b.owner.cookie })).json();
    expect(bList.items).toEqual([]);
    // The owner subscribes one for the technician.
    const byOwner = await subscribe(a.owner.cookie, { url: `${base}/tech.ics`, userId: tech.userId });
    expect(byOwner.status).toBe(201);
  });

  it('keeps the secret address sealed at rest; addresses stored plain before are sealed at start', async () => {
    const { owner, service } = await business();
    const date = daysAhead(8);
    served.set(
      '/sealed-secret-path.ics',
      ics([vevent('sealed@x', zonedTimeToUtc(date, '10:00', ZONE), zonedTimeToUtc(date, '11:00', ZONE))]),
    );
    expect((await subscribe(owner.cookie, { url: `${base}/sealed-secret-path.ics` })).status).toBe(201);
    const [row] = await t.db
      .select()
      .from(externalCalendars)
      .where(eq(externalCalendars.businessId, owner.userId));
    expect(row!.url!.startsWith('sealed:v1.')).toBe(true);
    expect(row!.url).not.toContain('sealed-secret-path');

    // A row written before sealing existed: plain, still read, then sealed by the start-up pass (once).
    await t.db
      .update(externalCalendars)
      .set({ url: `${base}/sealed-secret-path.ics` })
      .where(eq(externalCalendars.id, row!.id));
    await refreshDueCalendars(t.deps, new Date(Date.now() + 10 * 60_000));
    expect(await slotState(owner.userId, service.id, date, '10:00')).toBe('taken');
    expect(await sealCalendarAddresses(t.db, dataKeysOfDeps(t.deps))).toBeGreaterThanOrEqual(1);
    expect(await sealCalendarAddresses(t.db, dataKeysOfDeps(t.deps))).toBe(0);
    const [after] = await t.db.select().from(externalCalendars).where(eq(externalCalendars.id, row!.id));
    expect(after!.url!.startsWith('sealed:v1.')).toBe(true);
    const list = await (await t.request('/api/calendar-sync/calendars', { cookie: owner.cookie })).json();
    expect(list.items[0].host).toBe(base.replace('http://', ''));
  });
});
