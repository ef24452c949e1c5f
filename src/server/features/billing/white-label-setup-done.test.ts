import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addOnPurchases } from '../../db/schema';
import { crashes, deliveredTo, messageRows, sweep } from '../../test/crash';
import { createTestContext } from '../../test/harness';

// The white-label setup marked done tells its owner by email (decisions 1357, 1366): the message row commits with the
// fulfilment, is delivered once, and survives a process killed right after the commit; a fulfilment that fails writes
// neither.

const t = await createTestContext({ jobs: 'memory' });
const { dieAfterCommit, failAtTheEnd } = crashes(t.db);
const admin = await t.createAdmin();

const fulfil = (id: string, cookie = admin.cookie) =>
  t.request(`/api/admin/billing/add-ons/${id}/fulfil`, { method: 'POST', cookie });

async function setupOrder() {
  const owner = await t.signUp({ plan: 'elite' });
  const res = await t.request('/api/billing/add-ons', {
    method: 'POST',
    cookie: owner.cookie,
    json: { addOn: 'white_label_setup' },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const order = (await res.json()) as { id: string };
  const notices = () => messageRows(t.db, owner.userId, 'white_label_setup');
  return { owner, order, notices };
}

/** The setup-done emails that reached an address (the owner also gets the sign-up's verification email). */
const setupEmailsTo = async (to: string) =>
  (await deliveredTo(t.db, to)).filter((m) => m.subject === 'Your white-label setup is done');

const statusOf = async (id: string) =>
  (await t.db.select().from(addOnPurchases).where(eq(addOnPurchases.id, id)))[0]!.status;

describe('the white-label setup marked done', () => {
  it("emails the business's owner once; fulfilled again is 409 and sends nothing", async () => {
    const { owner, order, notices } = await setupOrder();
    expect(await notices()).toEqual([]);
    expect((await fulfil(order.id)).status).toBe(200);
    const [sent] = await setupEmailsTo(owner.email);
    expect(sent).toMatchObject({ subject: 'Your white-label setup is done' });
    expect(sent!.body).toMatch(/business-profile\?tab=branding/);
    expect((await notices()).map((r) => r.status)).toEqual(['sent']);

    expect((await fulfil(order.id)).status).toBe(409);
    await sweep(t.deps);
    expect(await setupEmailsTo(owner.email)).toHaveLength(1);
  });

  it('commits with the fulfilment: killed right after it, the tick delivers it once', async () => {
    const { owner, order, notices } = await setupOrder();
    await dieAfterCommit(() => fulfil(order.id));
    expect(await statusOf(order.id)).toBe('fulfilled');
    expect((await notices()).map((r) => [r.status, r.to])).toEqual([['pending', owner.email]]);
    await sweep(t.deps);
    expect(await setupEmailsTo(owner.email)).toHaveLength(1);
    expect((await fulfil(order.id)).status).toBe(409);
    await sweep(t.deps);
    expect(await notices()).toHaveLength(1);
    expect(await setupEmailsTo(owner.email)).toHaveLength(1);
  });

  it('a fulfilment that fails at its end writes no email; done again, one', async () => {
    const { owner, order, notices } = await setupOrder();
    await failAtTheEnd(() => fulfil(order.id));
    expect(await statusOf(order.id)).toBe('ordered');
    expect(await notices()).toEqual([]);
    expect((await fulfil(order.id)).status).toBe(200);
    await sweep(t.deps);
    expect(await setupEmailsTo(owner.email)).toHaveLength(1);
  });

  it("another business's owner is told nothing, and an NFC order's fulfilment sends no setup email", async () => {
    const { order } = await setupOrder();
    const other = await t.signUp({ plan: 'elite' });
    const nfc = await t.request('/api/billing/add-ons', {
      method: 'POST',
      cookie: other.cookie,
      json: { addOn: 'nfc_tags', quantity: 3, target: 'booking' },
    });
    expect(nfc.status, await nfc.clone().text()).toBe(201);
    expect((await fulfil(((await nfc.json()) as { id: string }).id)).status).toBe(200);
    expect((await fulfil(order.id)).status).toBe(200);
    expect(await messageRows(t.db, other.userId, 'white_label_setup')).toEqual([]);
    expect(await setupEmailsTo(other.email)).toEqual([]);
  });
});
