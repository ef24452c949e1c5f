// Calendar sync figures for `npm run bench -- --only=calendar` (issue 28's speed goals, decisions 1220–1221), in
// process on a fresh embedded PGlite: a feed of 2,000 events rendered (goal < 200 ms) and the slots of a busy day —
// 8 technicians, 40 jobs assigned to them across Austin, external busy times of 9 people — drive-aware for a
// customer's zip (decision 1248; goal < 30 ms), both from the one slot function and through the app's
// /api/booking/slots (app.request: the whole request but no socket).

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountHooks } from '../src/server/account-hooks';
import { createApp } from '../src/server/app';
import { createAuth } from '../src/server/auth/auth';
import { openDatabase } from '../src/server/db/client';
import {
  assignBooking,
  createBooking,
  createOwnerAccount,
  createService,
  grantRole,
  updateProfile,
} from '../src/server/db/factories';
import { bookingRules, externalBusy, externalCalendars } from '../src/server/db/schema';
import { slotsOfDate } from '../src/server/features/bookings/scheduling/scheduling.service';
import { renderFeed } from '../src/server/features/calendar-sync/calendar-feeds.service';
import { createSeoSettings } from '../src/server/features/seo/seo-settings';
import { createMailer } from '../src/server/providers/mail/mailer';
import { createTestPaymentProvider } from '../src/server/providers/payments/test-checkout';
import { createLocalStorage } from '../src/server/providers/storage/local-storage';
import { DEFAULT_BOOKING_RULES } from '../src/shared/scheduling';
import { addDays, todayInZone, zonedTimeToUtc } from '../src/shared/time';

const ZONE = 'America/Chicago';
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;

/**
 * Median and p95 wall-clock time, and the median CPU time of this process (PGlite runs in it, so that is the query and
 * the code): on a shared machine the wall clock also counts the time other processes held the cores.
 */
async function timed(fn: () => Promise<unknown>, runs = 30) {
  await fn();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const used = process.cpuUsage();
    await fn();
    const spent = process.cpuUsage(used);
    times.push(performance.now() - start);
    cpu.push((spent.user + spent.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    median: times[Math.floor(runs / 2)]!,
    p95: times[Math.floor(runs * 0.95)]!,
    cpu: cpu[Math.floor(runs / 2)]!,
  };
}

export async function calendarFigures(report: (line: string) => void) {
  const handle = await openDatabase({ dataDir: 'memory://' });
  try {
    await handle.migrate();
    const db = handle.db;
    const mailer = createMailer(db, { from: 'bench@shineroute.test' });
    const auth = createAuth({
      db,
      accounts: accountHooks(db),
      mailer,
      baseURL: 'http://localhost:3000',
      secret: 'bench-secret-bench-secret-bench-secret',
      signInLimitPerMinute: 1000,
    });
    const account = (n: string) => ({
      email: `${n}@bench.test`,
      password: 'bench-password-1',
      firstName: n,
      lastName: 'Bench',
    });
    const owner = await createOwnerAccount(db, auth, account('owner'));
    await db
      .insert(bookingRules)
      .values({ businessId: owner, ...DEFAULT_BOOKING_RULES, capacity: 8, minNoticeMinutes: 0 });
    await updateProfile(db, owner, { businessAddress: '100 Congress Ave, Austin, TX 78701' });
    const service = await createService(db, owner, {
      name: 'Full Detail',
      basePriceCents: 15000,
      durationMinutes: 90,
    });
    const people = [owner];
    const technicians: string[] = [];
    for (let i = 0; i < 8; i++) {
      const tech = await createOwnerAccount(db, auth, account(`tech${i}`));
      await grantRole(db, tech, 'technician', owner);
      people.push(tech);
      technicians.push(tech);
    }
    const today = todayInZone(ZONE);
    const busyDay = addDays(today, 3);
    // 40 jobs on the busy day: 5 per technician, 60–120 minutes, across the city's zip codes.
    const zips = ['78701', '78702', '78703', '78704', '78705', '78741', '78745', '78751', '78756', '78758'];
    for (let i = 0; i < 40; i++) {
      const hour = 8 + ((Math.floor(i / 8) * 2) % 10);
      const job = await createBooking(db, owner, {
        service: { id: null, name: 'Full Detail', durationMinutes: 60 + (i % 3) * 30 },
        scheduledAt: zonedTimeToUtc(busyDay, `${String(hour).padStart(2, '0')}:${i % 2 ? '30' : '00'}`, ZONE),
        locationAddress: `${i} Main St, Austin, TX ${zips[i % zips.length]}`,
        quotedPriceCents: 10000,
        status: 'confirmed',
      });
      await assignBooking(db, owner, job.id, technicians[i % 8]!);
    }
    // Every person's other calendar: busy spans every day for 90 days (two a day).
    for (const person of people) {
      const [calendar] = await db
        .insert(externalCalendars)
        .values({ businessId: owner, userId: person, url: `https://example.com/${person}.ics` })
        .returning();
      const spans = Array.from({ length: 90 }, (_, d) => addDays(today, d)).flatMap((date) => [
        { start: zonedTimeToUtc(date, '12:00', ZONE), end: zonedTimeToUtc(date, '12:45', ZONE) },
        { start: zonedTimeToUtc(date, '17:00', ZONE), end: zonedTimeToUtc(date, '18:30', ZONE) },
      ]);
      await db.insert(externalBusy).values(
        spans.map((s) => ({
          businessId: owner,
          calendarId: calendar!.id,
          startsAt: s.start,
          endsAt: s.end,
        })),
      );
    }
    const slots = await timed(() =>
      slotsOfDate(db, owner, { date: busyDay, durationMinutes: 90, place: { zip: '78745' } }),
    );
    report(
      `Slots of a busy day (8 technicians, 40 jobs, 9 people's other calendars, drive-aware for a zip), slotsOfDate in process: median ${ms(slots.median)}, p95 ${ms(slots.p95)}, CPU ${ms(slots.cpu)} — goal < 30 ms: ${slots.median < 30 ? 'within target' : 'OVER TARGET'}`,
    );
    const app = createApp({
      db,
      auth,
      mailer,
      payments: createTestPaymentProvider(db, 'http://localhost:3000'),
      storage: createLocalStorage(mkdtempSync(join(tmpdir(), 'bench-calendar-'))),
      publicUrl: 'http://localhost:3000',
      linkSecret: 'bench-link-secret',
      supportEmail: 'support@bench.test',
      trustProxy: false,
      seo: createSeoSettings({ exclusiveDatabase: true }),
    });
    let status = 0;
    const path = `/api/booking/slots?business=${owner}&serviceId=${service.id}&date=${busyDay}&zip=78745`;
    const api = await timed(async () => {
      const res = await app.request(path, { headers: { 'x-forwarded-for': '10.9.8.7' } });
      status = res.status;
      await res.text();
    });
    report(
      `Slots of the same day at the API (GET /api/booking/slots, app.request): median ${ms(api.median)}, p95 ${ms(api.p95)}, CPU ${ms(api.cpu)}, status ${status} — goal < 30 ms: ${api.median < 30 ? 'within target' : 'OVER TARGET'}`,
    );

    // 2,000 events in the business's feed (the 40 above and 1,960 more over the coming months).
    for (let i = 0; i < 1960; i += 98) {
      await Promise.all(
        Array.from({ length: 98 }, (_, j) =>
          createBooking(db, owner, {
            service: { id: null, name: 'Maintenance Wash', durationMinutes: 60 },
            scheduledAt: zonedTimeToUtc(addDays(today, 4 + ((i + j) % 200)), '09:00', ZONE),
            locationAddress: `${i + j} Oak St, Austin, TX 78702`,
            quotedPriceCents: 5000,
            status: 'confirmed',
          }),
        ),
      );
    }
    let size = 0;
    const feed = await timed(async () => {
      size = (await renderFeed(db, { businessId: owner, technicianId: null })).length;
    }, 15);
    report(
      `A feed of 2,000 events rendered (query + events written directly, decision 1250), in process: median ${ms(feed.median)}, p95 ${ms(feed.p95)}, CPU ${ms(feed.cpu)}, ${(size / 1024).toFixed(0)} KB — goal < 200 ms: ${feed.median < 200 ? 'within target' : 'OVER TARGET'}`,
    );
  } finally {
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await calendarFigures((line) => console.log(line));
}
