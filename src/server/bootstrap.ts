import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { accountHooks } from './account-hooks';
import { createAuth } from './auth/auth';
import { openDatabase, type QueryObserver } from './db/client';
import { type Env, publicUrlOf } from './env';
import { queuePlatformEmail } from './features/campaigns/platform-email';
import { linkSecretOf } from './http/tokens';
import type { JobQueue } from './jobs/queue';
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

/** Opens and migrates the database and builds the services every entry point (server, scripts) needs. */
export async function bootstrap(env: Env, opts: { onQuery?: QueryObserver } = {}) {
  const dataDir = resolve(env.DATA_DIR);
  const publicUrl = publicUrlOf(env);
  if (env.DATABASE_URL && env.NODE_ENV === 'production' && !env.BETTER_AUTH_SECRET) {
    throw new Error(
      'BETTER_AUTH_SECRET is required in production with DATABASE_URL (all instances must share it).',
    );
  }
  const handle = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    directUrl: env.DATABASE_DIRECT_URL,
    readUrl: env.DATABASE_READ_URL,
    dataDir: join(dataDir, 'pglite'),
    onQuery: opts.onQuery,
  });
  await handle.migrate();
  const mailer = createMailer(handle.db, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  const authSecret = env.BETTER_AUTH_SECRET ?? localAuthSecret(dataDir);
  // The server sets `jobs` once its queue runs: from then on better-auth's emails are jobs (decision 1321).
  const emailQueue: { jobs?: JobQueue } = {};
  const auth = createAuth({
    db: handle.db,
    accounts: accountHooks(handle.db),
    mailer,
    baseURL: publicUrl,
    secret: authSecret,
    signInLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    sendEmail: async (email, key) =>
      (await queuePlatformEmail({ jobs: emailQueue.jobs, mailer }, email, { key }))(),
  });
  return {
    handle,
    db: handle.db,
    mailer,
    auth,
    emailQueue,
    publicUrl,
    dataDir,
    linkSecret: linkSecretOf(authSecret),
  };
}
