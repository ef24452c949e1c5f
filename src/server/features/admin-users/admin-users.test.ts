import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_USERS_TEXT as T } from '../../../shared/admin-users';
import { createBooking, createService, updateProfile } from '../../db/factories';
import { accountStatus, adminAuditLog, session, userRoles } from '../../db/schema';
import { createTestContext } from '../../test/harness';

const t = await createTestContext();

const post = (path: string, cookie: string, json: unknown = {}) =>
  t.request(path, { method: 'POST', cookie, json });
const del = (path: string, cookie: string) => t.request(path, { method: 'DELETE', cookie });
const auditOf = (targetId: string) =>
  t.db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.targetId, targetId))
    .orderBy(adminAuditLog.createdAt);

// The first admin of this file's database: the last-admin rules are checked before any other admin exists.
const first = await t.createAdmin();

describe('the last admin', () => {
  it('cannot revoke their own admin role or suspend themselves', async () => {
    const revoke = await del(`/api/admin/users/${first.userId}/roles/admin`, first.cookie);
    expect(revoke.status).toBe(409);
    expect((await revoke.json()).error.message).toBe(T.lastAdmin);
    const suspend = await post(`/api/admin/users/${first.userId}/suspend`, first.cookie);
    expect(suspend.status).toBe(409);
    expect((await suspend.json()).error.message).toBe(T.selfSuspend);
    expect(await auditOf(first.userId)).toHaveLength(0);
  });

  it('may step down once another admin can sign in, and a suspended admin does not count', async () => {
    const second = await t.createAdmin();
    expect((await post(`/api/admin/users/${second.userId}/suspend`, first.cookie)).status).toBe(200);
    expect((await del(`/api/admin/users/${first.userId}/roles/admin`, first.cookie)).status).toBe(409);
    expect((await post(`/api/admin/users/${second.userId}/restore`, first.cookie)).status).toBe(200);
    const signedIn = await t.signIn(second.email, second.password);
    // A self-demotion with another admin left is allowed.
    expect((await del(`/api/admin/users/${second.userId}/roles/admin`, signedIn.cookie)).status).toBe(204);
    expect((await t.request('/api/admin/users', { cookie: signedIn.cookie })).status).toBe(403);
  });
});

describe('listing accounts', () => {
  it('pages through accounts newest first with the one list shape and searches name, email and business', async () => {
    const owner = await t.signUp({ firstName: 'Zelda', lastName: 'Zephyr' });
    await updateProfile(t.db, owner.userId, {
      businessName: 'Quokka Shine',
      subscriptionTier: 'elite',
      verificationStatus: 'verified',
    });
    const res = await t.request('/api/admin/users?q=quokka', { cookie: first.cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.nextCursor).toBeNull();
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      id: owner.userId,
      name: 'Zelda Zephyr',
      email: owner.email,
      businessName: 'Quokka Shine',
      plan: 'elite',
      subscriptionState: 'trialing',
      verificationStatus: 'verified',
      roles: [],
      suspended: false,
      technicianOf: null,
    });
    expect(body.items[0].trialDaysLeft).toBe(14);
    expect(body.items[0].lastSignInAt).not.toBeNull();
    const byEmail = await (
      await t.request(`/api/admin/users?q=${encodeURIComponent(owner.email.toUpperCase())}`, {
        cookie: first.cookie,
      })
    ).json();
    expect(byEmail.items.map((i: { id: string }) => i.id)).toEqual([owner.userId]);
    // LIKE wildcards are searched for literally.
    expect(
      (await (await t.request('/api/admin/users?q=%25', { cookie: first.cookie })).json()).items,
    ).toEqual([]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/users?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await (await t.request(url, { cookie: first.cookie })).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i: { id: string }) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen[0]).toBe(owner.userId);
    expect(seen).toContain(first.userId);
  });

  it('filters admins and suspended accounts, and answers 400 on bad input', async () => {
    const admins = await (await t.request('/api/admin/users?filter=admins', { cookie: first.cookie })).json();
    expect(admins.items.every((i: { roles: string[] }) => i.roles.includes('admin'))).toBe(true);
    expect(admins.items.map((i: { id: string }) => i.id)).toContain(first.userId);
    for (const q of ['filter=everyone', 'limit=0', 'limit=101', 'cursor=not-a-cursor']) {
      expect([q, (await t.request(`/api/admin/users?${q}`, { cookie: first.cookie })).status]).toEqual([
        q,
        400,
      ]);
    }
  });
});

describe('roles', () => {
  it('grants and revokes the admin role, with an audit row for each', async () => {
    const user = await t.signUp();
    const granted = await post(`/api/admin/users/${user.userId}/roles`, first.cookie, { role: 'admin' });
    expect(granted.status).toBe(200);
    expect((await granted.json()).roles).toEqual(['admin']);
    expect((await t.request('/api/admin/users', { cookie: user.cookie })).status).toBe(200);
    const again = await post(`/api/admin/users/${user.userId}/roles`, first.cookie, { role: 'admin' });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe(T.hasRole('admin'));
    expect((await del(`/api/admin/users/${user.userId}/roles/admin`, first.cookie)).status).toBe(204);
    expect((await del(`/api/admin/users/${user.userId}/roles/admin`, first.cookie)).status).toBe(409);
    const rows = await auditOf(user.userId);
    expect(rows.map((r) => [r.action, r.actorId, r.actorEmail, r.targetLabel])).toEqual([
      ['role.grant', first.userId, first.email, user.email],
      ['role.revoke', first.userId, first.email, user.email],
    ]);
    expect(rows[0]!.before).toEqual({ roles: [], technicianOf: null });
    expect(rows[0]!.after).toEqual({ roles: ['admin'], technicianOf: null });
  });

  it('binds a technician to a business by its owner email, within the seats; revoking ends their sessions', async () => {
    const owner = await t.signUp({ plan: 'pro' });
    await updateProfile(t.db, owner.userId, { businessName: 'Seat Shine' });
    const tech = await t.signUp();
    const path = `/api/admin/users/${tech.userId}/roles`;
    const missing = await post(path, first.cookie, { role: 'technician' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toBe(T.businessRequired);
    expect(
      (await post(path, first.cookie, { role: 'technician', businessOwnerEmail: 'nobody@example.com' }))
        .status,
    ).toBe(404);
    expect(
      (await post(path, first.cookie, { role: 'technician', businessOwnerEmail: 'not an email' })).status,
    ).toBe(400);
    expect(
      (await post(path, first.cookie, { role: 'technician', businessOwnerEmail: tech.email })).status,
    ).toBe(409);
    const ok = await post(path, first.cookie, {
      role: 'technician',
      businessOwnerEmail: owner.email.toUpperCase(),
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).technicianOf).toEqual({ businessId: owner.userId, businessName: 'Seat Shine' });
    const billing = await (await t.request('/api/billing', { cookie: tech.cookie })).json();
    expect(billing).toMatchObject({ memberRole: 'technician', businessName: 'Seat Shine' });

    // Pro has 3 seats: the owner, this technician and one more.
    const third = await t.signUp();
    expect(
      (
        await post(`/api/admin/users/${third.userId}/roles`, first.cookie, {
          role: 'technician',
          businessOwnerEmail: owner.email,
        })
      ).status,
    ).toBe(200);
    const fourth = await t.signUp();
    const full = await post(`/api/admin/users/${fourth.userId}/roles`, first.cookie, {
      role: 'technician',
      businessOwnerEmail: owner.email,
    });
    expect(full.status).toBe(409);
    expect((await full.json()).error.message).toContain('The Pro plan includes 3 users');

    expect((await del(`/api/admin/users/${tech.userId}/roles/technician`, first.cookie)).status).toBe(204);
    expect(await t.db.select().from(session).where(eq(session.userId, tech.userId))).toHaveLength(0);
    expect((await t.request('/api/billing', { cookie: tech.cookie })).status).toBe(401);
    const roles = await t.db
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.userId, tech.userId)));
    expect(roles).toHaveLength(0);
    expect((await auditOf(tech.userId)).map((r) => r.action)).toEqual(['role.grant', 'role.revoke']);
  });

  it('answers 404 for an unknown or malformed account and 400 for an unknown role', async () => {
    expect(
      (await post(`/api/admin/users/${crypto.randomUUID()}/roles`, first.cookie, { role: 'admin' })).status,
    ).toBe(404);
    expect((await post('/api/admin/users/nope/roles', first.cookie, { role: 'admin' })).status).toBe(404);
    expect(
      (await post(`/api/admin/users/${first.userId}/roles`, first.cookie, { role: 'owner' })).status,
    ).toBe(400);
    expect((await del(`/api/admin/users/${first.userId}/roles/owner`, first.cookie)).status).toBe(400);
    expect(
      (await t.request(`/api/admin/users/${crypto.randomUUID()}`, { cookie: first.cookie })).status,
    ).toBe(404);
  });
});

describe('suspending', () => {
  it('ends every session, blocks sign-in, and restoring lets the account back in', async () => {
    const user = await t.signUp();
    const other = await t.signIn(user.email, user.password);
    expect((await t.request('/api/billing', { cookie: other.cookie })).status).toBe(200);

    const res = await post(`/api/admin/users/${user.userId}/suspend`, first.cookie, {
      reason: 'Chargebacks',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ suspended: true, suspensionReason: 'Chargebacks' });
    expect(await t.db.select().from(session).where(eq(session.userId, user.userId))).toHaveLength(0);
    for (const cookie of [user.cookie, other.cookie]) {
      expect((await t.request('/api/billing', { cookie })).status).toBe(401);
      const s = await (await t.request('/api/auth/get-session', { cookie })).json();
      expect(s).toBeNull();
    }
    const signIn = await t.signIn(user.email, user.password);
    expect(signIn.res.status).toBe(403);
    expect((await signIn.res.json()).message).toBe(T.suspendedSignIn);
    expect(await t.db.select().from(session).where(eq(session.userId, user.userId))).toHaveLength(0);
    expect((await post(`/api/admin/users/${user.userId}/suspend`, first.cookie)).status).toBe(409);

    const listed = await (
      await t.request('/api/admin/users?filter=suspended', { cookie: first.cookie })
    ).json();
    expect(listed.items.map((i: { id: string }) => i.id)).toContain(user.userId);

    expect((await post(`/api/admin/users/${user.userId}/restore`, first.cookie)).status).toBe(200);
    expect((await post(`/api/admin/users/${user.userId}/restore`, first.cookie)).status).toBe(409);
    const back = await t.signIn(user.email, user.password);
    expect(back.res.status).toBe(200);
    expect((await t.request('/api/billing', { cookie: back.cookie })).status).toBe(200);

    const rows = await auditOf(user.userId);
    expect(rows.map((r) => r.action)).toEqual(['account.suspend', 'account.restore']);
    expect(rows[0]!.after).toEqual({ suspended: true, reason: 'Chargebacks', sessionsEnded: 2 });
  });

  it('refuses an over-long reason', async () => {
    const user = await t.signUp();
    const res = await post(`/api/admin/users/${user.userId}/suspend`, first.cookie, {
      reason: 'x'.repeat(501),
    });
    expect(res.status).toBe(400);
    expect(await auditOf(user.userId)).toHaveLength(0);
  });

  it('a session that slipped past the suspension is ended at its next request', async () => {
    const user = await t.signUp();
    // As if a sign-in had raced the suspension: the account is suspended and a session is still there.
    await t.db
      .insert(accountStatus)
      .values({ userId: user.userId, suspendedAt: new Date() })
      .onConflictDoUpdate({
        target: accountStatus.userId,
        set: { suspendedAt: new Date() },
      });
    const res = await t.request('/api/billing', { cookie: user.cookie });
    expect(res.status).toBe(401);
    expect((await res.json()).error.message).toBe(T.suspendedSignIn);
    expect(await t.db.select().from(session).where(eq(session.userId, user.userId))).toHaveLength(0);
  });
});

describe('business overview', () => {
  it('shows the business read-only with its counts and team', async () => {
    const owner = await t.signUp();
    await updateProfile(t.db, owner.userId, { businessName: 'Overview Auto', phone: '(512) 555-0199' });
    const service = await createService(t.db, owner.userId, {
      name: 'Wash',
      basePriceCents: 5000,
      durationMinutes: 60,
    });
    await createBooking(t.db, owner.userId, {
      service: { id: service.id, name: service.name, durationMinutes: 60 },
      scheduledAt: new Date(Date.now() - 86_400_000),
      locationAddress: '1 Main St',
      quotedPriceCents: 5000,
      status: 'completed',
    });
    const res = await t.request(`/api/admin/users/${owner.userId}`, { cookie: first.cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.account.id).toBe(owner.userId);
    expect(body.business).toMatchObject({
      businessName: 'Overview Auto',
      phone: '(512) 555-0199',
      plan: 'pro',
      counts: { services: 1, customers: 0, bookings: 1, activeServiceAreas: 0 },
      completedRevenueCents: 5000,
      team: [],
    });
  });
});

describe('the audit log', () => {
  it('pages newest first and filters by target', async () => {
    const page1 = await (await t.request('/api/admin/audit?limit=3', { cookie: first.cookie })).json();
    expect(page1.items).toHaveLength(3);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = await (
      await t.request(`/api/admin/audit?limit=3&cursor=${page1.nextCursor}`, { cookie: first.cookie })
    ).json();
    const ids = [...page1.items, ...page2.items].map((i: { id: string }) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    const times = [...page1.items, ...page2.items].map((i: { createdAt: string }) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const target = page1.items[0].targetId;
    const filtered = await (
      await t.request(`/api/admin/audit?targetId=${target}`, { cookie: first.cookie })
    ).json();
    expect(filtered.items.every((i: { targetId: string }) => i.targetId === target)).toBe(true);
    expect((await t.request('/api/admin/audit?cursor=bad', { cookie: first.cookie })).status).toBe(400);
  });
});
