// Calendar sync figures for `npm run bench -- --only=calendar` (issue 28's speed goals, decisions 1220–1221), in
// process on a fresh embedded PGlite: a feed of 2,000 events rendered (goal < 200 ms) and the slots of a busy day —
// 8 crews, 40 jobs and external busy times of 8 people — from the one slot function (goal < 30 ms). Service calls,
// not HTTP: the request's own cost is the api part's figure.
import { accountHooks } from '../src/server/account-hooks';
import { createAuth } from '../src/server/auth/auth';
import { openDatabase } from '../src/server/db/client';
import { createBooking, createOwnerAccount, grantRole } from '../src/server/db/factories';
import { bookingRules, externalBusy, externalCalendars } from '../src/server/db/schema';
import { slotsOfDate } from '../src/server/features/bookings/scheduling/scheduling.service';
import { renderFeed } from '../src/server/features/calendar-sync/calendar-feeds.service';
import { createMailer } from '../src/server/providers/mail/mailer';
import { DEFAULT_BOOKING_RULES } from '../src/shared/scheduling';
import { addDays, todayInZone, zonedTimeToUtc } from '../src/shared/time';

const ZONE = 'America/Chicago';
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;

async function timed(fn: () => Promise<unknown>, runs = 30) {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)]!, p95: times[Math.floor(runs * 0.95)]! };
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
    const people = [owner];
    for (let i = 0; i < 7; i++) {
      const tech = await createOwnerAccount(db, auth, account(`tech${i}`));
      await grantRole(db, tech, 'technician', owner);
      people.push(tech);
    }
    const today = todayInZone(ZONE);
    const busyDay = addDays(today, 3);
    // 40 jobs on the busy day: 5 per crew, 60–120 minutes, spread over the hours.
    for (let i = 0; i < 40; i++) {
      const hour = 8 + ((i * 2) % 9);
      await createBooking(db, owner, {
        service: { id: null, name: 'Full Detail', durationMinutes: 60 + (i % 3) * 30 },
        scheduledAt: zonedTimeToUtc(busyDay, `${String(hour).padStart(2, '0')}:${i % 2 ? '30' : '00'}`, ZONE),
        locationAddress: `${i} Main St, Austin, TX 78701`,
        quotedPriceCents: 10000,
        status: 'confirmed',
      });
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
    const slots = await timed(() => slotsOfDate(db, owner, { date: busyDay, durationMinutes: 90 }));
    report(
      `Slots of a busy day (8 crews, 40 jobs, 8 people's other calendars), slotsOfDate in process: median ${ms(slots.median)}, p95 ${ms(slots.p95)} — goal < 30 ms: ${slots.median < 30 ? 'within target' : 'OVER TARGET'}`,
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
      `A feed of 2,000 events rendered (query + ical-generator), in process: median ${ms(feed.median)}, p95 ${ms(feed.p95)}, ${(size / 1024).toFixed(0)} KB — goal < 200 ms: ${feed.median < 200 ? 'within target' : 'OVER TARGET'}`,
    );
  } finally {
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await calendarFigures((line) => console.log(line));
}
