import { describe, expect, it } from 'vitest';
import { grantRole } from '../../db/factories';
import { createTestContext } from '../../test/harness';

const t = await createTestContext();

/**
 * Every admin route the app's router knows, read from the router itself, so a new admin route cannot be left
 * without its guard: signed out → 401, a signed-in non-admin (owner or technician) → 403.
 */
const adminRoutes = t.app.routes
  .filter((r) => r.path.startsWith('/api/admin/') && r.method !== 'ALL')
  .map((r) => ({
    method: r.method,
    path: r.path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000'),
  }))
  .filter((r, i, all) => all.findIndex((o) => o.method === r.method && o.path === r.path) === i);

describe('admin routes', () => {
  it('are found in the router', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(5);
    expect(adminRoutes.map((r) => r.path)).toContain('/api/admin/outbox');
    for (const path of [
      '/api/admin/users',
      '/api/admin/users/:id/suspend',
      '/api/admin/audit',
      '/api/admin/settings',
    ]) {
      expect(adminRoutes.map((r) => r.path)).toContain(
        path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000'),
      );
    }
  });

  it('answer 401 signed out', async () => {
    for (const r of adminRoutes) {
      const res = await t.request(r.path, { method: r.method, json: r.method === 'GET' ? undefined : {} });
      expect([r.method, r.path, res.status]).toEqual([r.method, r.path, 401]);
    }
  });

  it('answer 403 to an owner and to a technician, and let an admin through', async () => {
    const owner = await t.signUp();
    const tech = await t.signUp();
    await grantRole(t.db, tech.userId, 'technician', owner.userId);
    for (const who of [owner, tech]) {
      for (const r of adminRoutes) {
        const res = await t.request(r.path, {
          method: r.method,
          cookie: who.cookie,
          json: r.method === 'GET' ? undefined : {},
        });
        expect([r.method, r.path, res.status]).toEqual([r.method, r.path, 403]);
      }
    }
    const admin = await t.createAdmin();
    const res = await t.request('/api/admin/outbox', { cookie: admin.cookie });
    expect(res.status).toBe(200);
  });
});
