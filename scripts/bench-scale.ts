// Data at scale for `npm run bench` (issue 14): the demo business is given 20,000 customers and 100,000 bookings by
// two generate_series inserts (the bench's data, never the demo seed), then the owner's dashboard, the first pages of
// the bookings and customers lists and /book's slots for a busy day are timed through HTTP, one request at a time.
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';

export const SCALE = { customers: 20_000, bookings: 100_000 };

/** Fills the demo business (the seed's owner) and answers what the measurements need. */
export async function fillScale(db: Database, ownerEmail: string, report: (line: string) => void) {
  const started = performance.now();
  const [owner] = (
    await db.execute<{ id: string; time_zone: string }>(sql`
    select p.id, p.time_zone from profiles p join "user" u on u.id = p.id where u.email = ${ownerEmail}`)
  ).rows;
  if (!owner) throw new Error(`no business for ${ownerEmail}; was the demo seeded?`);
  const [service] = (
    await db.execute<{ id: string; duration_minutes: number }>(sql`
    select id, duration_minutes from services where business_id = ${owner.id} and is_active order by duration_minutes limit 1`)
  ).rows;
  if (!service) throw new Error('the demo business has no active service');
  const have = Number(
    (
      await db.execute<{ n: number }>(
        sql`select count(*)::int as n from bookings where business_id = ${owner.id}`,
      )
    ).rows[0]!.n,
  );
  if (have < SCALE.bookings) {
    await db.execute(sql`
      insert into customers (business_id, first_name, last_name, email, phone, address, created_at)
      select ${owner.id}, 'Bench', 'Customer ' || g, 'bench-' || g || '@example.com', '+1512555' || lpad((g % 10000)::text, 4, '0'),
             g || ' Congress Ave, Austin, TX 78701', now() - make_interval(days => g % 700)
      from generate_series(1, ${SCALE.customers}) g`);
    // Four years of bookings up to two months ahead, about 68 a day between 8 AM and 6 PM (every day is a busy day),
    // each made up to a month before its day; the past ones mostly completed, the future ones pending or confirmed.
    await db.execute(sql`
      with c as (select id, row_number() over (order by id) as rn from customers where business_id = ${owner.id}),
      g as (
        select g, date_trunc('day', now()) + make_interval(days => (g % 1460) - 1400, hours => 8 + (g / 1460) % 10) as at
        from generate_series(1, ${SCALE.bookings}) g
      )
      insert into bookings (business_id, customer_id, service_id, service_name, duration_minutes, scheduled_at,
                            location_address, zip_code, quoted_price_cents, final_price_cents, tip_cents, status, created_at)
      select ${owner.id}, c.id, ${service.id}, 'Full Detail', ${service.duration_minutes}, g.at,
             g.g || ' Congress Ave, Austin, TX', '78701', 15000 + (g.g % 20) * 500,
             case when g.at < now() and g.g % 10 < 8 then 15000 + (g.g % 20) * 500 end,
             case when g.at < now() and g.g % 10 < 8 then (g.g % 5) * 500 else 0 end,
             (case when g.at < now() then (case when g.g % 10 < 8 then 'completed' when g.g % 10 = 8 then 'cancelled' else 'no_show' end)
                   else (case when g.g % 3 = 0 then 'confirmed' else 'pending' end) end)::booking_status,
             least(g.at - make_interval(days => g.g % 30, hours => g.g % 24), now() - make_interval(hours => g.g % 24))
      from g join c on c.rn = 1 + g.g % ${SCALE.customers}`);
    // VACUUM as well, as autovacuum (PostgreSQL) and the embedded database's own pass (decision 925) do after a bulk
    // load: the visibility map lets index-only scans skip the heap (the owner's analytics, decision 1310).
    await db.execute(sql`vacuum analyze customers`);
    await db.execute(sql`vacuum analyze bookings`);
  }
  const counts = (
    await db.execute<{ b: number; c: number }>(sql`
    select (select count(*)::int from bookings where business_id = ${owner.id}) as b,
           (select count(*)::int from customers where business_id = ${owner.id}) as c`)
  ).rows[0]!;
  report(
    `Data at scale: the demo business holds ${Number(counts.b).toLocaleString('en-US')} bookings and ` +
      `${Number(counts.c).toLocaleString('en-US')} customers (filled in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return { businessId: owner.id, serviceId: service.id };
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;

/** Times a GET, one request at a time after one warm-up: median, p95, and the response's size. */
export async function timedGet(url: string, headers: Record<string, string>, times = 30) {
  const once = async () => {
    const t = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    if (!res.ok)
      throw new Error(`${url} answered ${res.status}: ${new TextDecoder().decode(body).slice(0, 200)}`);
    return { ms: performance.now() - t, bytes: body.byteLength };
  };
  await once();
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < times; i++) {
    const r = await once();
    samples.push(r.ms);
    bytes = r.bytes;
  }
  samples.sort((a, b) => a - b);
  return {
    median: samples[Math.floor(samples.length / 2)]!,
    p95: samples[Math.floor(samples.length * 0.95)]!,
    bytes,
  };
}

/** The figures, through HTTP against a running server (the time includes the request's trip over loopback). */
export async function scaleFigures(
  url: string,
  cookie: string,
  target: { businessId: string; serviceId: string },
  report: (line: string) => void,
) {
  const headers = { cookie };
  const line = async (title: string, path: string, goalMs: number, goalBytes?: number) => {
    const r = await timedGet(`${url}${path}`, path.startsWith('/api/booking/') ? {} : headers);
    const ok = r.median < goalMs && (goalBytes === undefined || r.bytes < goalBytes);
    report(
      `  ${title}: median ${ms(r.median)}, p95 ${ms(r.p95)}, ${(r.bytes / 1024).toFixed(1)} KB — goal < ${goalMs} ms` +
        `${goalBytes ? ` and < ${goalBytes / 1024} KB` : ''}: ${ok ? 'within target' : 'OVER TARGET'}`,
    );
  };
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  report('Data at scale, through HTTP, one request at a time (30 after a warm-up):');
  await line('GET /api/dashboard (stats, tips this month, checklist)', '/api/dashboard', 20);
  await line('GET /api/bookings first page (upcoming)', '/api/bookings', 30, 50 * 1024);
  await line('GET /api/bookings first page (past)', '/api/bookings?when=past', 30, 50 * 1024);
  await line(
    'GET /api/bookings search "customer 42"',
    '/api/bookings?when=past&q=customer%2042',
    30,
    50 * 1024,
  );
  await line('GET /api/customers first page', '/api/customers', 30, 50 * 1024);
  await line('GET /api/customers search "customer 1999"', '/api/customers?q=customer%201999', 30, 50 * 1024);
  await line(
    'GET /api/bookings search "congress" (upcoming, a common word)',
    '/api/bookings?q=congress',
    30,
    50 * 1024,
  );
  await line(
    `GET /api/booking/slots for a busy day (${tomorrow}, ~68 bookings)`,
    `/api/booking/slots?business=${target.businessId}&serviceId=${target.serviceId}&date=${tomorrow}`,
    20,
  );
}
