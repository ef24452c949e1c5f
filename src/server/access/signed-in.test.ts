import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountHooks } from '../account-hooks';
import { createAuth } from '../auth/auth';
import { session } from '../auth/auth.schema';
import { grantRole } from '../db/factories';
import { accountStatus } from '../db/schema';
import { createOutboxMailer } from '../providers/mail/mailer';
import { createTestContext, sessionCookie } from '../test/harness';
import { cookieValue, readSignedIn, verifiedCookie } from './signed-in';

const t = await createTestContext();
const DAY = 86_400_000;

/** What better-auth's own getSession says of these cookies: the user's id, or null. */
async function betterAuthSays(cookie: string) {
  const result = await t.auth.api.getSession({ headers: new Headers({ cookie }) });
  return result?.user.id ?? null;
}
async function weSay(cookie: string) {
  return (await readSignedIn(t.auth, t.db, new Headers({ cookie })))?.user.id ?? null;
}
const tokenOf = (cookie: string) =>
  verifiedCookie(cookie, 'better-auth.session_token', 'test-secret-test-secret-test-secret-0123')!;
const sessionRow = async (token: string) =>
  (await t.db.select().from(session).where(eq(session.token, token)))[0];
const signed = (value: string, secret: string) =>
  encodeURIComponent(`${value}.${createHmac('sha256', secret).update(value).digest('base64')}`);

describe('the signed-in check in one query (decision 925)', () => {
  it('reads a session cookie as better-auth does: the user, their names and their own business', async () => {
    const owner = await t.signUp({ firstName: 'Ada', lastName: 'Lane' });
    const signedIn = await readSignedIn(t.auth, t.db, new Headers({ cookie: owner.cookie }));
    expect(signedIn).toMatchObject({
      user: { id: owner.userId, email: owner.email, firstName: 'Ada', lastName: 'Lane' },
      businessId: owner.userId,
      memberRole: 'owner',
      suspended: false,
    });
    expect(signedIn!.user.name).toBe(
      (await t.auth.api.getSession({ headers: new Headers({ cookie: owner.cookie }) }))!.user.name,
    );
    expect(await betterAuthSays(owner.cookie)).toBe(owner.userId);
  });

  it('refuses what better-auth refuses: no cookie, a changed token or signature, no signature, another secret', async () => {
    const owner = await t.signUp();
    const token = tokenOf(owner.cookie);
    const name = 'better-auth.session_token';
    const raw = cookieValue(owner.cookie, name)!;
    const signature = raw.slice(raw.lastIndexOf('.') + 1);
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const cookies = [
      '',
      'other=1',
      `${name}=${token}`,
      `${name}=${encodeURIComponent(`${flip(token, 3)}.${signature}`)}`,
      `${name}=${encodeURIComponent(`${token}.${flip(signature, 5)}`)}`,
      `${name}=${signed(token, 'another-secret-another-secret-another-0123')}`,
      `${name}=${encodeURIComponent(`${token}.${signature.slice(0, -1)}`)}`,
      `__Secure-${name}=${encodeURIComponent(raw)}`,
    ];
    for (const cookie of cookies) {
      expect([cookie, await weSay(cookie)]).toEqual([cookie, null]);
      expect([cookie, await betterAuthSays(cookie)]).toEqual([cookie, null]);
    }
    // The same cookie among others, quoted, or after a first cookie of another name: both read it.
    for (const cookie of [
      `a=1; ${owner.cookie}; b=2`,
      `${name}="${encodeURIComponent(raw)}"`,
      `x=%E0%A4%A; ${owner.cookie}`,
    ]) {
      expect([cookie, await weSay(cookie)]).toEqual([cookie, owner.userId]);
      expect([cookie, await betterAuthSays(cookie)]).toEqual([cookie, owner.userId]);
    }
  });

  it('refuses a signed-out session and an expired one, and deletes the expired one', async () => {
    const owner = await t.signUp();
    const second = await t.signIn(owner.email, owner.password);
    expect(
      (await t.request('/api/auth/sign-out', { method: 'POST', cookie: owner.cookie, json: {} })).status,
    ).toBe(200);
    expect(await weSay(owner.cookie)).toBeNull();
    expect((await t.request('/api/dashboard', { cookie: owner.cookie })).status).toBe(401);

    const token = tokenOf(second.cookie);
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    expect(await weSay(second.cookie)).toBeNull();
    expect(await sessionRow(token)).toBeUndefined();
    expect((await t.request('/api/dashboard', { cookie: second.cookie })).status).toBe(401);
  });

  it("slides the expiry as better-auth does: once a day, not for a don't-remember-me sign-in", async () => {
    const owner = await t.signUp();
    const token = tokenOf(owner.cookie);
    // Used within the day: unchanged.
    const recent = new Date(Date.now() + 30 * DAY - 3_600_000);
    await t.db.update(session).set({ expiresAt: recent }).where(eq(session.token, token));
    expect(await weSay(owner.cookie)).toBe(owner.userId);
    expect((await sessionRow(token))!.expiresAt.getTime()).toBe(recent.getTime());
    // Last refreshed more than a day ago: 30 days from now again.
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 28 * DAY) })
      .where(eq(session.token, token));
    const before = Date.now();
    expect((await t.request('/api/dashboard', { cookie: owner.cookie })).status).toBe(200);
    const slid = (await sessionRow(token))!.expiresAt.getTime();
    expect(slid).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
    expect(slid).toBeLessThanOrEqual(Date.now() + 30 * DAY + 1000);

    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: owner.email, password: owner.password, rememberMe: false },
    });
    const once = sessionCookie(res);
    expect(once).toContain('better-auth.dont_remember=');
    const onceToken = tokenOf(once);
    const old = new Date(Date.now() + 2 * DAY);
    await t.db.update(session).set({ expiresAt: old }).where(eq(session.token, onceToken));
    expect(await weSay(once)).toBe(owner.userId);
    expect((await sessionRow(onceToken))!.expiresAt.getTime()).toBe(old.getTime());
    // A forged don't-remember cookie does not stop the refresh.
    const forged = once.replace(
      /better-auth\.dont_remember=[^;]*/,
      `better-auth.dont_remember=${signed('true', 'wrong-secret-wrong-secret-wrong-secret-01')}`,
    );
    expect(await weSay(forged)).toBe(owner.userId);
    expect((await sessionRow(onceToken))!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it("gives a technician their team's business, and says when the account is suspended", async () => {
    const owner = await t.signUp();
    const tech = await t.signUp();
    await grantRole(t.db, tech.userId, 'technician', owner.userId);
    expect(await readSignedIn(t.auth, t.db, new Headers({ cookie: tech.cookie }))).toMatchObject({
      businessId: owner.userId,
      memberRole: 'technician',
      suspended: false,
    });
    await t.db
      .update(accountStatus)
      .set({ suspendedAt: new Date() })
      .where(eq(accountStatus.userId, tech.userId));
    expect(await readSignedIn(t.auth, t.db, new Headers({ cookie: tech.cookie }))).toMatchObject({
      suspended: true,
    });
    // requireUser ends a suspended account's sessions (decision 810).
    expect((await t.request('/api/dashboard', { cookie: tech.cookie })).status).toBe(401);
    expect(await t.db.select().from(session).where(eq(session.userId, tech.userId))).toHaveLength(0);
  });

  it('reads the __Secure- cookie of an https deployment, without calling better-auth', async () => {
    const auth = createAuth({
      db: t.db,
      accounts: accountHooks(t.db),
      mailer: createOutboxMailer(t.db),
      baseURL: 'https://app.example.com',
      secret: 'another-secret-another-secret-another-0123',
    });
    const email = `secure-${Date.now()}@example.com`;
    const res = await auth.api.signUpEmail({
      body: {
        email,
        password: 'correct-horse-battery',
        name: 'Sam Secure',
        firstName: 'Sam',
        lastName: 'Secure',
      },
      headers: new Headers({ origin: 'https://app.example.com' }),
      asResponse: true,
    });
    const owner = { userId: ((await res.clone().json()) as { user: { id: string } }).user.id };
    const cookie = sessionCookie(res);
    expect(cookie).toContain('__Secure-better-auth.session_token=');
    const noBetterAuth = {
      ...auth,
      api: new Proxy(
        {},
        {
          get() {
            throw new Error('better-auth was called');
          },
        },
      ),
    } as unknown as typeof auth;
    expect((await readSignedIn(noBetterAuth, t.db, new Headers({ cookie })))?.user.id).toBe(owner.userId);
    // The http deployment's cookie name and secret do not read it.
    expect(await weSay(cookie)).toBeNull();
  });
});
