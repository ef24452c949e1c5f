// The cluster part of npm run bench (--only=cluster; decision 1233): 1, 2 and 3 instances on one fresh PostgreSQL
// behind HAProxy (deploy/cluster.ts), the demo owner's reads (dashboard, bookings list, customers list) under 16
// keep-alive connections through the balancer. On this 2-core machine the figures are expected flat: every instance,
// PostgreSQL and the load client share the same two cores. Beside throughput and p99 it prints the database time per
// request, read from every instance's /metrics (db_query_duration_seconds over http_requests_total, before and after
// the load): the part of a request no number of app instances can shorten.
import { randomBytes } from 'node:crypto';
import { startCluster } from '../deploy/cluster';
import { DEMO_OWNER } from '../src/server/db/seed';
import { runLoad } from './load-client';

const PATHS = ['/api/dashboard', '/api/bookings?limit=20', '/api/customers?limit=20'];

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

export async function clusterFigures(opts: {
  port: number;
  durationSeconds: number;
  report: (line: string) => void;
}) {
  // The instances inherit it (deploy/cluster.ts passes the environment on).
  const token = randomBytes(16).toString('hex');
  process.env.METRICS_TOKEN = token;
  for (const instances of [1, 2, 3]) {
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
      let n = 0;
      const before = await databaseTime(cluster.ports, token);
      const result = await runLoad({
        host: '127.0.0.1',
        port: opts.port,
        connections: 16,
        durationSeconds: opts.durationSeconds,
        path: () => PATHS[n++ % PATHS.length]!,
        headers: { cookie, origin: cluster.url },
      });
      const after = await databaseTime(cluster.ports, token);
      const dbMs = ((after.seconds - before.seconds) * 1000) / Math.max(1, after.requests - before.requests);
      opts.report(
        `cluster ${instances} instance(s) behind HAProxy, owner reads: ${Math.round(result.perSecond)} req/s, ` +
          `p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, database ${dbMs.toFixed(2)} ms/request, ` +
          `non-2xx ${result.non2xx}, errors ${result.errors}`,
      );
    } finally {
      await cluster.stop();
    }
  }
}
