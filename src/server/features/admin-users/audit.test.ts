import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSeoPage, updateProfile } from '../../db/factories';
import { adminAuditLog, businessVerifications } from '../../db/schema';
import { createTestContext } from '../../test/harness';

// The admin actions of other features write their audit row in the same transaction as the change.
const t = await createTestContext({ jobs: 'memory' });
const admin = await t.createAdmin();

const rowsFor = (action: string) => t.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, action));

describe('audit rows of existing admin actions', () => {
  it('verification decisions record the status before and after', async () => {
    const owner = await t.signUp();
    await updateProfile(t.db, owner.userId, { businessName: 'Audit Detail' });
    await t.db.insert(businessVerifications).values({ businessId: owner.userId });
    const reject = await t.request(`/api/admin/verifications/${owner.userId}/reject`, {
      method: 'POST',
      cookie: admin.cookie,
      json: { reason: 'Blurry license' },
    });
    expect(reject.status).toBe(200);
    expect(
      (
        await t.request(`/api/admin/verifications/${owner.userId}/approve`, {
          method: 'POST',
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(200);
    const [rejected] = await rowsFor('verification.reject');
    expect(rejected).toMatchObject({
      actorId: admin.userId,
      actorEmail: admin.email,
      targetType: 'business',
      targetId: owner.userId,
      targetLabel: 'Audit Detail',
      before: { verificationStatus: 'pending', rejectionReason: null },
      after: { verificationStatus: 'rejected', rejectionReason: 'Blurry license' },
    });
    const [approved] = await rowsFor('verification.approve');
    expect(approved).toMatchObject({
      before: { verificationStatus: 'rejected', rejectionReason: 'Blurry license' },
      after: { verificationStatus: 'verified', rejectionReason: null },
    });
    // A decision on nothing writes nothing.
    const missing = await t.request(`/api/admin/verifications/${crypto.randomUUID()}/approve`, {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(missing.status).toBe(404);
    expect(await rowsFor('verification.approve')).toHaveLength(1);
  });

  it('SEO generation and deletes are recorded', async () => {
    const gen = await t.request('/api/admin/seo/generate', {
      method: 'POST',
      cookie: admin.cookie,
      json: { keywords: ['Audit Wash'], selectedStates: ['VT'], targetVehicles: false },
    });
    expect(gen.status).toBe(202);
    const { runId } = await gen.json();
    const [generated] = await rowsFor('seo.generate');
    expect(generated).toMatchObject({
      targetType: 'seo_run',
      targetId: runId,
      after: { keywords: ['Audit Wash'], states: ['VT'] },
    });

    const page = await createSeoPage(t.db, { slug: 'audit-delete-one', city: 'Burlington', state: 'VT' });
    expect(
      (await t.request(`/api/admin/seo/pages/${page.id}`, { method: 'DELETE', cookie: admin.cookie })).status,
    ).toBe(204);
    const [deleted] = await rowsFor('seo.delete_page');
    expect(deleted).toMatchObject({ targetId: page.id, targetLabel: 'audit-delete-one' });

    await createSeoPage(t.db, { slug: 'audit-delete-all', city: 'Montpelier', state: 'VT' });
    const all = await t.request('/api/admin/seo/pages', { method: 'DELETE', cookie: admin.cookie });
    const { deleted: n } = await all.json();
    const [cleared] = await rowsFor('seo.delete_all');
    expect(cleared!.after).toEqual({ deleted: n });
  });
});
