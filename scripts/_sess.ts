import { accountHooks } from '../src/server/account-hooks';
import { createAuth } from '../src/server/auth/auth';
import { openDatabase } from '../src/server/db/client';
import { createOutboxMailer } from '../src/server/providers/mail/mailer';

const h = await openDatabase({ dataDir: process.argv[2] });
const db = h.db;
const auth = createAuth({
  db,
  accounts: accountHooks(db),
  mailer: createOutboxMailer(db),
  baseURL: 'https://bench.shineroute.test',
  secret: 'bench-secret-bench-secret-bench-secret-0123',
});
const res = await auth.api.signInEmail({
  body: { email: 'owner@shineroute.test', password: 'shine-demo-owner' },
  asResponse: true,
});
const headers = new Headers({
  cookie: res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; '),
});
const { Session } = await import('node:inspector/promises');
const s = new Session();
s.connect();
for (let i = 0; i < 20; i++) await auth.api.getSession({ headers });
await s.post('Profiler.enable');
await s.post('Profiler.setSamplingInterval', { interval: 100 });
await s.post('Profiler.start');
const t = performance.now();
for (let i = 0; i < 200; i++) await auth.api.getSession({ headers });
console.log('per call', ((performance.now() - t) / 200).toFixed(2), 'ms');
const { profile } = await s.post('Profiler.stop');
(await import('node:fs')).writeFileSync('/tmp/hotpath/sess.cpuprofile', JSON.stringify(profile));
await h.close();
