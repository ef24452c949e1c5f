import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountHooks } from '../account-hooks';
import { profiles, userRoles } from '../db/schema';
import { createOutboxMailer } from '../providers/mail/mailer';
import { createTestContext } from '../test/harness';
import { createAuth } from './auth';
import { account } from './auth.schema';

const t = await createTestContext({ signInLimitPerMinute: 3 });

describe('accounts', () => {
  it('sign-up creates a starter profile with the names and sends a verification email', async () => {
    const owner = await t.signUp({ firstName: 'Lena', lastName: 'Park', plan: 'starter' });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, owner.userId));
    expect(profile).toMatchObject({
      firstName: 'Lena',
      lastName: 'Park',
      subscriptionTier: 'starter',
      verificationStatus: 'pending',
    });
    const mail = await t.emailsTo(owner.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Verify your ShineRoute email');
    expect(mail[0]!.body).toContain('/api/auth/verify-email?token=');
  });

  it('rejects a second sign-up with the same email', async () => {
    const owner = await t.signUp();
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: owner.email, password: 'another-password', name: 'X Y', firstName: 'X', lastName: 'Y' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('signs in with the right password and the session cookie works', async () => {
    const owner = await t.signUp();
    const { res, cookie } = await t.signIn(owner.email, owner.password);
    expect(res.status).toBe(200);
    expect(cookie).toContain('better-auth.session_token=');
    const session = await t.request('/api/auth/get-session', { cookie });
    expect((await session.json()).user.email).toBe(owner.email);
    expect((await t.request('/api/dashboard', { cookie })).status).toBe(200);
  });

  it("fails a wrong password with the service's message", async () => {
    const owner = await t.signUp();
    const { res } = await t.signIn(owner.email, 'wrong-password');
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('Invalid email or password');
  });

  it('signs out: the cookie stops working', async () => {
    const owner = await t.signUp();
    expect((await t.request('/api/dashboard', { cookie: owner.cookie })).status).toBe(200);
    const out = await t.request('/api/auth/sign-out', { method: 'POST', cookie: owner.cookie, json: {} });
    expect(out.status).toBe(200);
    expect((await t.request('/api/dashboard', { cookie: owner.cookie })).status).toBe(401);
  });

  it('rate-limits sign-in attempts from one address', async () => {
    const owner = await t.signUp();
    const ip = '203.0.113.9';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        ip,
        json: { email: owner.email, password: 'nope-nope' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    // Another address is not affected.
    const other = await t.signIn(owner.email, owner.password);
    expect(other.res.status).toBe(200);
  });

  it('sends a password reset email', async () => {
    const owner = await t.signUp();
    const res = await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: owner.email, redirectTo: '/auth?mode=reset' },
    });
    expect(res.status).toBe(200);
    const mail = await t.emailsTo(owner.email);
    expect(mail.map((m) => m.subject)).toContain('Reset your ShineRoute password');
  });
});

describe('roles', () => {
  it('reports no role for an owner and admin for a granted admin', async () => {
    const owner = await t.signUp();
    expect(await (await t.request('/api/me/role', { cookie: owner.cookie })).json()).toEqual({ role: null });
    await t.db.insert(userRoles).values({ userId: owner.userId, role: 'admin' });
    expect(await (await t.request('/api/me/role', { cookie: owner.cookie })).json()).toEqual({
      role: 'admin',
    });
  });

  it('answers 401 to a signed-out role query', async () => {
    expect((await t.request('/api/me/role')).status).toBe(401);
  });
});

describe('password hashing', () => {
  it('hashes with scrypt unless told otherwise (the harness uses a fast hash for test accounts only)', async () => {
    const productAuth = createAuth({
      db: t.db,
      accounts: accountHooks(t.db),
      mailer: createOutboxMailer(t.db),
      baseURL: 'http://localhost:3000',
      secret: 'product-secret-product-secret-0123456',
    });
    const email = `hash-${Date.now()}@example.test`;
    const { user } = await productAuth.api.signUpEmail({
      body: { email, password: 'a-long-password', name: 'Hash Check', firstName: 'Hash', lastName: 'Check' },
    });
    const [row] = await t.db
      .select({ password: account.password })
      .from(account)
      .where(eq(account.userId, user.id));
    // better-auth's scrypt format: 16-byte salt and 64-byte key, hex.
    expect(row?.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    const signedUp = await t.signUp();
    const [testRow] = await t.db
      .select({ password: account.password })
      .from(account)
      .where(eq(account.userId, signedUp.userId));
    expect(testRow?.password).toMatch(/^test-sha256:/);
  });
});
