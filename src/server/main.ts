import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createAuth } from './auth/auth';
import { openDatabase } from './db/client';
import { DEMO_ADMIN, DEMO_OWNER, seedDemo } from './db/seed';
import { loadEnv } from './env';
import { createMailer } from './providers/mail/mailer';

/** A secret generated once and kept in the data dir, so sessions survive restarts without configuration. */
function localAuthSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function main() {
  const env = loadEnv();
  const dataDir = resolve(env.DATA_DIR);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  if (env.DATABASE_URL && env.NODE_ENV === 'production' && !env.BETTER_AUTH_SECRET) {
    throw new Error('BETTER_AUTH_SECRET is required in production with DATABASE_URL (all instances must share it).');
  }

  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: join(dataDir, 'pglite') });
  await handle.migrate();
  console.log(handle.kind === 'postgres' ? 'Database: PostgreSQL (DATABASE_URL)' : `Database: embedded PGlite in ${dataDir}/pglite`);

  const mailer = createMailer(handle.db, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  console.log(mailer.transport === 'smtp' ? 'Email: SMTP (SMTP_URL)' : 'Email: stored in the outbox (set SMTP_URL to deliver)');

  const auth = createAuth({
    db: handle.db,
    mailer,
    baseURL: publicUrl,
    secret: env.BETTER_AUTH_SECRET ?? localAuthSecret(dataDir),
  });

  const seeded = env.SEED_DEMO ? await seedDemo(handle.db, auth) : null;
  if (seeded?.created) console.log('Demo data created.');

  const app = createApp({
    db: handle.db,
    auth,
    mailer,
    publicUrl,
    supportEmail: env.SUPPORT_EMAIL,
    trustProxy: env.TRUST_PROXY,
    webDistDir: fileURLToPath(new URL('../../dist/web', import.meta.url)),
  });

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => {
    console.log(`\nShineRoute is running at ${publicUrl}`);
    if (env.SEED_DEMO) {
      console.log(`  Business owner: ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`);
      console.log(`  Platform admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}\n`);
    }
  });

  const shutdown = async () => {
    server.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
