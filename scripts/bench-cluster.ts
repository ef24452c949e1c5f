// The cluster part of npm run bench (--only=cluster; decision 1233): 1, 2 and 3 instances on one fresh PostgreSQL
// behind HAProxy (deploy/cluster.ts), the demo owner's reads (dashboard, bookings list, customers list) under 16
// keep-alive connections through the balancer. On this 2-core machine the figures are expected flat: every instance,
// PostgreSQL and the load client share the same two cores.
import { startCluster } from '../deploy/cluster';
import { DEMO_OWNER } from '../src/server/db/seed';
import { runLoad } from './load-client';

const PATHS = ['/api/dashboard', '/api/bookings?limit=20', '/api/customers?limit=20'];

export async function clusterFigures(opts: {
  port: number;
  durationSeconds: number;
  report: (line: string) => void;
}) {
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
      const result = await runLoad({
        host: '127.0.0.1',
        port: opts.port,
        connections: 16,
        durationSeconds: opts.durationSeconds,
        path: () => PATHS[n++ % PATHS.length]!,
        headers: { cookie, origin: cluster.url },
      });
      opts.report(
        `cluster ${instances} instance(s) behind HAProxy, owner reads: ${Math.round(result.perSecond)} req/s, ` +
          `p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
      );
    } finally {
      await cluster.stop();
    }
  }
}
