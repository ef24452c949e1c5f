import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { ADMIN_USERS_TEXT } from '../../shared/admin-users';
import { isSignupPlan, type SignupPlan } from '../../shared/constants';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { renderEmail } from '../emails';
import { trustedOrigins } from '../http/trusted-origins';
import type { Mailer, MailMessage } from '../providers/mail/mailer';
import { scopedAuth } from './auth-scope';

/** The header our own middleware sets from the socket (or a trusted proxy); clients cannot spoof it. */
export const CLIENT_IP_HEADER = 'x-shineroute-client-ip';

/**
 * What the product does when accounts are created and sign in. Auth knows no feature: the composition root
 * (account-hooks.ts) gives these.
 */
export interface AccountHooks {
  /** True when the account may not get a session (a suspended account; docs/decisions/0810). */
  isSuspended(userId: string): Promise<boolean>;
  /** After a session was created. */
  signedIn(userId: string): Promise<void>;
  /** After an account was created, with the plan chosen on sign-up (the Starter trial unless one was chosen). */
  signedUp(user: { id: string; firstName: string; lastName: string }, plan: SignupPlan): Promise<void>;
}

export interface AuthConfig {
  db: Database;
  accounts: AccountHooks;
  mailer: Mailer;
  baseURL: string;
  secret: string;
  /**
   * How better-auth's emails (verification, password reset) go: the server writes each as a job (decision 1321);
   * absent, straight through the mailer. `key` names the email for the queue.
   */
  sendEmail?: (email: MailMessage, key: string) => Promise<void>;
  /** Sign-in attempts allowed per client IP per minute. */
  signInLimitPerMinute?: number;
  /** Password hashing; better-auth's scrypt unless given (only the test harness gives one, see harness.ts). */
  password?: {
    hash(password: string): Promise<string>;
    verify(data: { hash: string; password: string }): Promise<boolean>;
  };
}

export function createAuth({
  db,
  accounts,
  mailer,
  baseURL,
  secret,
  signInLimitPerMinute = 10,
  password,
  sendEmail = (email) => mailer.send(email).then(() => {}),
}: AuthConfig) {
  // Every call into better-auth runs in inAuthScope (its async storages are off between calls; decision 920).
  return scopedAuth(
    betterAuth({
      baseURL,
      secret,
      basePath: '/api/auth',
      database: drizzleAdapter(db, {
        provider: 'pg',
        schema: { ...schema, rateLimit: schema.rateLimit },
      }),
      user: {
        additionalFields: {
          firstName: { type: 'string', required: true, input: true },
          lastName: { type: 'string', required: true, input: true },
        },
      },
      session: {
        expiresIn: 60 * 60 * 24 * 30,
        // Sliding sessions: a session used after a day gets a fresh expiry.
        updateAge: 60 * 60 * 24,
        cookieCache: { enabled: false },
      },
      emailAndPassword: {
        enabled: true,
        minPasswordLength: 8,
        ...(password ? { password } : {}),
        requireEmailVerification: false,
        // A reset signs every other device out (a stolen session must not outlive the password).
        revokeSessionsOnPasswordReset: true,
        sendResetPassword: async ({ user, url }) => {
          await sendEmail(
            { to: user.email, ...(await renderEmail('password-reset', { name: user.name, url })) },
            `password-reset:${user.id}:${Date.now()}`,
          );
        },
      },
      emailVerification: {
        sendOnSignUp: true,
        autoSignInAfterVerification: true,
        sendVerificationEmail: async ({ user, url }) => {
          await sendEmail(
            { to: user.email, ...(await renderEmail('email-verification', { name: user.name, url })) },
            `email-verification:${user.id}:${Date.now()}`,
          );
        },
      },
      hooks: {
        // Changing the password signs every other device out, whatever the client asks (reset does it above).
        before: createAuthMiddleware(async (ctx) => {
          if (ctx.path === '/change-password')
            return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
        }),
      },
      databaseHooks: {
        // A suspended account gets no session, whatever the way in (password, reset, verification link); the session
        // lookup (requireUser) checks again (docs/decisions/0810).
        session: {
          create: {
            before: async (s) => {
              if (await accounts.isSuspended(s.userId))
                throw new APIError('FORBIDDEN', { message: ADMIN_USERS_TEXT.suspendedSignIn });
            },
            after: async (s) => {
              await accounts.signedIn(s.userId);
            },
          },
        },
        user: {
          create: {
            after: async (user, ctx) => {
              const u = user as typeof user & { firstName?: string; lastName?: string };
              // The plan chosen on the landing page rides along in the sign-up body; anything else is the Starter trial.
              const chosen = (ctx?.body as { plan?: unknown } | undefined)?.plan;
              await accounts.signedUp(
                { id: u.id, firstName: u.firstName ?? '', lastName: u.lastName ?? '' },
                isSignupPlan(chosen) ? chosen : 'starter',
              );
            },
          },
        },
      },
      rateLimit: {
        enabled: true,
        storage: 'database',
        modelName: 'rateLimit',
        window: 60,
        max: 100,
        customRules: {
          '/sign-in/email': { window: 60, max: signInLimitPerMinute },
          '/sign-up/email': { window: 60, max: signInLimitPerMinute },
          '/request-password-reset': { window: 60, max: 5 },
          // Reading one's own session guesses nothing; limiting it per address signs out busy tabs and offices
          // behind one NAT (docs/decisions/0208).
          '/get-session': false,
        },
      },
      advanced: {
        ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
        database: { generateId: () => crypto.randomUUID() },
      },
      trustedOrigins: trustedOrigins(baseURL),
    }),
  );
}

export type Auth = ReturnType<typeof createAuth>;
