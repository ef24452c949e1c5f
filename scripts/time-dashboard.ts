// Times the parts of GET /api/dashboard in-process (issue 14): the signed-in check (better-auth's session read, the
// membership and suspension) and each of the dashboard's reads, one at a time, on a database the scale bench filled.
//   npx tsx scripts/bench.ts --only=scale --data-dir=/tmp/x      (fills /tmp/x/pglite once, or PostgreSQL)
//   npx tsx scripts/time-dashboard.ts --data-dir=/tmp/x [--times=200]   (PGlite; copy the folder first: it is written)
//   DATABASE_URL=postgres://… npx tsx scripts/time-dashboard.ts
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { signedInState } from '../src/server/access/membership';
import { readSignedIn } from '../src/server/access/signed-in';
import { accountHooks } from '../src/server/account-hooks';
import { createApp } from '../src/server/app';
import { createAuth } from '../src/server/auth/auth';
import { openDatabase } from '../src/server/db/client';
import { DEMO_OWNER } from '../src/server/db/seed';
import { getDashboard, getDashboardStats } from '../src/server/features/dashboard/dashboard.service';
import { tipsThisMonthCents } from '../src/server/features/invoices/invoices.service';
import { getProfile } from '../src/server/features/profiles/profiles.service';
import { createSeoSettings } from '../src/server/features/seo/seo-settings';
import { insuranceExpiryNotice } from '../src/server/features/verification/verification.service';
import { createOutboxMailer } from '../src/server/providers/mail/mailer';
import { createTestPaymentProvider } from '../src/server/providers/payments/test-checkout';
import { createLocalStorage } from '../src/server/providers/storage/local-storage';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const times = Number(args.times ?? 200);
const handle = await openDatabase(
  process.env.DATABASE_URL
    ? { databaseUrl: process.env.DATABASE_URL }
    : { dataDir: join(String(args['data-dir']), 'pglite') },
);
await handle.migrate();
const db = handle.db;
const mailer = createOutboxMailer(db);
const auth = createAuth({
  db,
  accounts: accountHooks(db),
  mailer,
  baseURL: 'http://localhost:3000',
  secret: 'time-dashboard-secret-0123456789abcdef',
});
const signIn = await auth.api.signInEmail({
  body: { email: DEMO_OWNER.email, password: DEMO_OWNER.password },
  headers: new Headers({ origin: 'http://localhost:3000' }),
  returnHeaders: true,
});
const cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const headers = new Headers({ cookie });
const userId = signIn.response.user.id;
const businessId = userId;

const app = createApp({
  db,
  auth,
  mailer,
  payments: createTestPaymentProvider(db, 'http://localhost:3000'),
  storage: createLocalStorage(mkdtempSync(join(tmpdir(), 'time-dashboard-'))),
  publicUrl: 'http://localhost:3000',
  linkSecret: 'time-dashboard-link-secret',
  supportEmail: 'support@test.local',
  trustProxy: false,
  seo: createSeoSettings({ exclusiveDatabase: true }),
});

const parts: [string, () => Promise<unknown>][] = [
  ['session (better-auth getSession)', () => auth.api.getSession({ headers })],
  ['signedInState', () => signedInState(db, userId)],
  [
    'readSignedIn (one query, decision 925)',
    async () => {
      if (!(await readSignedIn(auth, db, headers))) throw new Error('not signed in');
    },
  ],
  ['profile', () => getProfile(db, businessId)],
  ['stats (totals)', () => getDashboardStats(db, businessId)],
  [
    'active services',
    () => db.execute(sql`select count(*) from services where business_id = ${businessId} and is_active`),
  ],
  ['insurance notice', () => insuranceExpiryNotice(db, businessId)],
  ['tips this month', () => tipsThisMonthCents(db, businessId)],
  ['getDashboard (all reads)', () => getDashboard(db, businessId)],
  ['select 1', () => db.execute(sql`select 1`)],
  [
    'GET /api/dashboard (app.request)',
    async () => {
      const res = await app.request('/api/dashboard', {
        headers: { cookie, origin: 'http://localhost:3000', 'x-forwarded-for': '10.9.9.9' },
      });
      if (!res.ok) throw new Error(`dashboard answered ${res.status}`);
      await res.arrayBuffer();
    },
  ],
];

const samples = new Map<string, number[]>(parts.map(([n]) => [n, []]));
for (let round = 0; round < times + 5; round++) {
  for (const [name, fn] of parts) {
    const t = performance.now();
    await fn();
    if (round >= 5) samples.get(name)!.push(performance.now() - t);
  }
}
const pick = (s: number[], q: number) =>
  s.sort((a, b) => a - b)[Math.min(s.length - 1, Math.floor(s.length * q))]!;
console.log(`${handle.kind}, ${times} rounds (parts interleaved), median / p90 in ms:`);
for (const [name, s] of samples)
  console.log(
    `  ${name.padEnd(36)} ${pick(s, 0.5).toFixed(2).padStart(7)} ${pick(s, 0.9).toFixed(2).padStart(7)}`,
  );
await handle.close();
process.exit(0);
