// The cluster part of npm run bench (--only=cluster; decision 1233, 1338): 1, 2 and 3 instances on one fresh
// PostgreSQL behind HAProxy (deploy/cluster.ts) under a booking-heavy mix (issue 31): most connections are customers
// booking through /book's requests (the day's slots, create-payment, the test checkout's Pay, complete-booking) on a
// few businesses, the rest the demo owner's reads (dashboard, bookings list, customers list). On this 2-core machine
// the figures are expected flat: every instance, PostgreSQL and the load client share the same two cores. Beside
// throughput and p99 it prints the database time per request, read from every instance's /metrics
// (db_query_duration_seconds over http_requests_total, before and after the load): the part of a request no number of
// app instances can shorten. --cluster-bookers=12 --cluster-readers=4 --cluster-businesses=6 change the mix.
import { randomBytes } from 'node:crypto';
import { startCluster } from '../deploy/cluster';
import { openDatabase } from '../src/server/db/client';
import { DEMO_OWNER } from '../src/server/db/seed';
import {
  bookableBusiness,
  bookingForm,
  daysAhead,
} from '../src/server/features/bookings/book/booking.fixtures';

const READ_PATHS = ['/api/dashboard', '/api/bookings?limit=20', '/api/customers?limit=20'];

const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

/** The sum of a metric's samples (every label) in a Prometheus text answer. */
const sumOf = (text: string, metric: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith(metric))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);

/** Database seconds and answered requests, summed over the instances. */
async function databaseTime(ports: number[], token: string) {
  let seconds = 0;
  let requests = 0;
  for (const port of ports) {
    const text = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.text());
    seconds += sumOf(text, 'db_query_duration_seconds_sum');
    requests += sumOf(text, 'http_requests_total');
  }
  return { seconds, requests };
}

/** Signs up a business owner through the balancer, from its own address (the sign-up limit is per address). */
async function newBusiness(url: string, n: number, databaseUrl: string) {
  const email = `cluster-bench-${n}-${randomBytes(4).toString('hex')}@example.com`;
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': `10.250.0.${n + 1}` },
    body: JSON.stringify({
      email,
      password: 'cluster-bench-password',
      name: 'Cluster Bench',
      firstName: 'Cluster',
      lastName: `Bench ${n}`,
    }),
  });
  if (res.status !== 200) throw new Error(`business sign-up: ${res.status} ${await res.text()}`);
  const businessId = ((await res.json()) as { user: { id: string } }).user.id;
  const handle = await openDatabase({ databaseUrl });
  try {
    // Half-hour services: many slots a day, so the run rarely exhausts a business's calendar.
    const [service] = await bookableBusiness(handle.db, businessId, [
      { name: 'Express Wash', basePriceCents: 4500, durationMinutes: 30 },
    ]);
    return { businessId, serviceId: service!.id };
  } finally {
    await handle.close();
  }
}

interface Mix {
  requests: number[];
  bookings: number[];
  non2xx: number;
  taken: number;
  errors: number;
}

/** One customer after another: the day's slots, then a free one booked and paid through the test checkout. */
async function booker(
  url: string,
  businesses: Array<{ businessId: string; serviceId: string }>,
  k: number,
  until: number,
  mix: Mix,
) {
  let visitor = 0;
  let day = 1 + (k % 60);
  const timed = async (path: string, init: RequestInit = {}) => {
    const t = performance.now();
    const res = await fetch(`${url}${path}`, { redirect: 'manual', ...init });
    const body = await res.text();
    mix.requests.push(performance.now() - t);
    if (res.status >= 400) mix.non2xx++;
    return { status: res.status, body };
  };
  while (performance.now() < until) {
    const { businessId, serviceId } = businesses[(k + visitor) % businesses.length]!;
    // Each customer its own address (X-Forwarded-For, two trusted hops): create-payment is limited per address.
    const address = `10.${k}.${(visitor >> 8) & 255}.${visitor & 255}`;
    visitor++;
    const headers = { 'content-type': 'application/json', origin: url, 'x-forwarded-for': address };
    const started = performance.now();
    try {
      const date = daysAhead(day);
      const slots = await timed(
        `/api/booking/slots?business=${businessId}&serviceId=${serviceId}&date=${date}`,
        {
          headers,
        },
      );
      const free =
        slots.status === 200
          ? (JSON.parse(slots.body) as { slots: Array<{ time: string; available: boolean }> }).slots.filter(
              (s) => s.available,
            )
          : [];
      if (free.length === 0) {
        day = (day % 60) + 1;
        continue;
      }
      const time = free[Math.floor(Math.random() * free.length)]!.time;
      const created = await timed('/api/booking/create-payment', {
        method: 'POST',
        headers,
        body: JSON.stringify(
          bookingForm({ businessId, serviceId, date, time, email: `b${k}-${visitor}@cluster-bench.test` }),
        ),
      });
      if (created.status !== 200) {
        mix.taken++; // another customer took the slot first
        continue;
      }
      const { sessionId, url: payUrl } = JSON.parse(created.body) as { sessionId: string; url: string };
      const pay = await timed(`${new URL(payUrl).pathname}/pay`, { method: 'POST', headers });
      if (pay.status !== 303) continue;
      const done = await timed('/api/booking/complete-booking', {
        method: 'POST',
        headers,
        body: JSON.stringify({ sessionId }),
      });
      if (done.status === 200) mix.bookings.push(performance.now() - started);
      else if (done.status === 409) mix.taken++;
    } catch {
      mix.errors++;
    }
  }
}

/** The demo owner's reads, one after another. */
async function reader(url: string, cookie: string, k: number, until: number, mix: Mix) {
  for (let n = k; performance.now() < until; n++) {
    const t = performance.now();
    try {
      const res = await fetch(`${url}${READ_PATHS[n % READ_PATHS.length]}`, {
        headers: { cookie, origin: url },
      });
      await res.arrayBuffer();
      mix.requests.push(performance.now() - t);
      if (res.status >= 400) mix.non2xx++;
    } catch {
      mix.errors++;
    }
  }
}

export async function clusterFigures(opts: {
  port: number;
  durationSeconds: number;
  report: (line: string) => void;
  bookers?: number;
  readers?: number;
  businesses?: number;
  instances?: number[];
}) {
  const bookers = opts.bookers ?? 12;
  const readers = opts.readers ?? 4;
  // The instances inherit both (deploy/cluster.ts passes the environment on). Two trusted hops: the load client's
  // X-Forwarded-For entry, then HAProxy's, so each customer is its own address for the rate limits.
  const token = randomBytes(16).toString('hex');
  process.env.METRICS_TOKEN = token;
  process.env.TRUSTED_PROXY_HOPS = '2';
  opts.report(
    `Cluster, booking-heavy mix: ${bookers} customers booking (slots, create-payment, Pay, complete-booking) on ` +
      `${opts.businesses ?? 6} businesses and ${readers} owner readers, ${opts.durationSeconds} s per size:`,
  );
  for (const instances of opts.instances ?? [1, 2, 3]) {
    const cluster = await startCluster({ instances, port: opts.port, log: () => {} });
    try {
      const signIn = await fetch(`${cluster.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: cluster.url },
        body: JSON.stringify({ email: DEMO_OWNER.email, password: DEMO_OWNER.password }),
      });
      if (!signIn.ok) throw new Error(`demo owner sign-in: ${signIn.status}`);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const businesses: Array<{ businessId: string; serviceId: string }> = [];
      for (let i = 0; i < (opts.businesses ?? 6); i++)
        businesses.push(await newBusiness(cluster.url, i, cluster.databaseUrl));
      const mix: Mix = { requests: [], bookings: [], non2xx: 0, taken: 0, errors: 0 };
      const before = await databaseTime(cluster.ports, token);
      const started = performance.now();
      const until = started + opts.durationSeconds * 1000;
      await Promise.all([
        ...Array.from({ length: bookers }, (_, k) => booker(cluster.url, businesses, k, until, mix)),
        ...Array.from({ length: readers }, (_, k) => reader(cluster.url, cookie, k, until, mix)),
      ]);
      const seconds = (performance.now() - started) / 1000;
      const after = await databaseTime(cluster.ports, token);
      const dbMs = ((after.seconds - before.seconds) * 1000) / Math.max(1, after.requests - before.requests);
      const requests = mix.requests.sort((a, b) => a - b);
      const bookings = mix.bookings.sort((a, b) => a - b);
      opts.report(
        `  ${instances} instance(s): ${Math.round(requests.length / seconds)} req/s, ` +
          `${(bookings.length / seconds).toFixed(1)} bookings/s (${bookings.length}), ` +
          `p50 ${at(requests, 0.5).toFixed(1)} ms, p99 ${at(requests, 0.99).toFixed(1)} ms per request, ` +
          `p99 ${at(bookings, 0.99).toFixed(0)} ms per booking (4 requests), database ${dbMs.toFixed(2)} ms/request, ` +
          `slot taken ${mix.taken}, non-2xx ${mix.non2xx}, errors ${mix.errors}`,
      );
    } finally {
      await cluster.stop();
    }
  }
}
