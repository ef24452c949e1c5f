import { describe, expect, it } from 'vitest';
import { PDF_BYTES } from '../../test/files';
import { createTestContext } from '../../test/harness';

// A decision that does not change the review (approving again, rejecting again for the same reason) sends nothing:
// the fuzz run emailed an owner 15 times for one approval.
const t = await createTestContext();

async function submitted() {
  const owner = await t.signUp();
  const form = new FormData();
  form.set('documentType', 'government_id');
  form.set('file', new File([PDF_BYTES as Uint8Array<ArrayBuffer>], 'id.pdf'));
  expect(
    (await t.request('/api/verification/documents', { method: 'POST', body: form, cookie: owner.cookie }))
      .status,
  ).toBe(201);
  return owner;
}

const audit = async (admin: { cookie: string }, businessId: string) => {
  const res = await t.request(`/api/admin/audit?targetId=${businessId}`, { cookie: admin.cookie });
  const { items } = (await res.json()) as { items: Array<{ action: string }> };
  return items.map((e) => e.action);
};

describe('reviewing a verification again without a change', () => {
  it('a second approval answers the same review and emails, audits and writes nothing more', async () => {
    const admin = await t.createAdmin();
    const owner = await submitted();
    const approve = () =>
      t.request(`/api/admin/verifications/${owner.userId}/approve`, { method: 'POST', cookie: admin.cookie });
    const first = await approve();
    expect(first.status).toBe(200);
    const [review] = (
      await (await t.request('/api/admin/verifications?status=verified', { cookie: admin.cookie })).json()
    ).items.filter((r: { businessId: string }) => r.businessId === owner.userId);
    for (let i = 0; i < 3; i++) {
      const again = await approve();
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({
        businessId: owner.userId,
        verificationStatus: 'verified',
        rejectionReason: null,
      });
    }
    const mails = (await t.emailsTo(owner.email)).filter(
      (m) => m.subject === 'Your business is verified on ShineRoute',
    );
    expect(mails).toHaveLength(1);
    expect(await audit(admin, owner.userId)).toEqual(['verification.approve']);
    const [after] = (
      await (await t.request('/api/admin/verifications?status=verified', { cookie: admin.cookie })).json()
    ).items.filter((r: { businessId: string }) => r.businessId === owner.userId);
    expect(after.reviewedAt).toBe(review.reviewedAt);
  });

  it('the same rejection again sends nothing; another reason is a new decision and is sent', async () => {
    const admin = await t.createAdmin();
    const owner = await submitted();
    const reject = (reason: string) =>
      t.request(`/api/admin/verifications/${owner.userId}/reject`, {
        method: 'POST',
        cookie: admin.cookie,
        json: { reason },
      });
    expect((await reject('The ID photo is unreadable')).status).toBe(200);
    expect((await reject(' The ID photo is unreadable ')).status).toBe(200);
    const subject = 'Your ShineRoute verification needs attention';
    expect((await t.emailsTo(owner.email)).filter((m) => m.subject === subject)).toHaveLength(1);
    expect((await reject('The name does not match the account')).status).toBe(200);
    const mails = (await t.emailsTo(owner.email)).filter((m) => m.subject === subject);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.body).toContain('Reason: The name does not match the account');
    // Then an approval is a change again.
    expect(
      (
        await t.request(`/api/admin/verifications/${owner.userId}/approve`, {
          method: 'POST',
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.emailsTo(owner.email)).filter((m) => m.subject === 'Your business is verified on ShineRoute'),
    ).toHaveLength(1);
    expect(await audit(admin, owner.userId)).toEqual([
      'verification.approve',
      'verification.reject',
      'verification.reject',
    ]);
  });
});
