import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCustomer } from '../../db/factories';
import { messageSends, outboxMessages } from '../../db/schema';
import type { Mailer } from '../../providers/mail/mailer';
import { createTestContext } from '../../test/harness';
import { bookableBusiness } from '../bookings/book/booking.fixtures';
import { deliverDueMessages, queueTransactionalEmail } from './automations/message-queue';

// The emails other writes imply are message rows written in the write's transaction (decision 1290): the row exists
// exactly when the write commits; a process that dies after the commit leaves it pending for the automations tick.

const t = await createTestContext();

class Killed extends Error {}

const rowsOf = (businessId: string, kind: string) =>
  t.db
    .select()
    .from(messageSends)
    .where(and(eq(messageSends.businessId, businessId), eq(messageSends.kind, kind)));
const emailsTo = (to: string) => t.db.select().from(outboxMessages).where(eq(outboxMessages.to, to));

/** Runs `write` with a mailer that dies inside the delivery's transaction, as a SIGKILL right after the commit. */
async function dieWhileDelivering(write: () => Promise<unknown>) {
  const { mailer } = t.deps;
  t.deps.mailer = { transport: 'outbox', send: () => Promise.reject(new Killed('SIGKILL')) } satisfies Mailer;
  try {
    await write();
  } finally {
    t.deps.mailer = mailer;
  }
}

const newEmail = (what: string) => `${what}-${crypto.randomUUID().slice(0, 8)}@example.com`;

describe('a transactional email written in a transaction', () => {
  it('exists when the transaction commits and not when it rolls back', async () => {
    const owner = await t.signUp();
    const row = {
      businessId: owner.userId,
      kind: 'quote' as const,
      to: 'x@example.com',
      subject: 'S',
      body: 'B',
    };
    await expect(
      t.db.transaction(async (tx) => {
        await queueTransactionalEmail(tx, t.deps.publicUrl, { ...row, dedupeKey: `test:${owner.userId}:1` });
        throw new Killed('the write failed');
      }),
    ).rejects.toThrow(Killed);
    expect(await rowsOf(owner.userId, 'quote')).toEqual([]);
    await t.db.transaction((tx) =>
      queueTransactionalEmail(tx, t.deps.publicUrl, { ...row, dedupeKey: `test:${owner.userId}:2` }),
    );
    expect(await rowsOf(owner.userId, 'quote')).toHaveLength(1);
  });
});

describe('a team invitation', () => {
  const invite = (cookie: string, email: string) =>
    t.request('/api/team/invitations', { method: 'POST', cookie, json: { email } });

  it('is emailed once with the invitation; a refused invitation emails nothing', async () => {
    const owner = await t.signUp();
    const email = newEmail('tech');
    expect((await invite(owner.cookie, email)).status).toBe(201);
    const [row] = await rowsOf(owner.userId, 'team_invite');
    expect(row).toMatchObject({ status: 'sent', to: email });
    expect(row!.body).toMatch(/\/join\//);
    expect(await emailsTo(email)).toHaveLength(1);
    // The same address again: the write is refused, and no second email is written.
    expect((await invite(owner.cookie, email)).status).toBe(409);
    expect(await rowsOf(owner.userId, 'team_invite')).toHaveLength(1);
    expect(await emailsTo(email)).toHaveLength(1);
  });

  it('still reaches the invitee when the process dies right after the commit', async () => {
    const owner = await t.signUp();
    const email = newEmail('tech');
    await dieWhileDelivering(async () => expect((await invite(owner.cookie, email)).status).toBe(201));
    expect(await emailsTo(email)).toEqual([]);
    expect((await rowsOf(owner.userId, 'team_invite'))[0]!.status).toBe('pending');
    await deliverDueMessages(t.deps);
    await deliverDueMessages(t.deps);
    expect(await emailsTo(email)).toHaveLength(1);
  });
});

describe('a quote sent', () => {
  it('is emailed once per Send, with the status; a quote that cannot be sent emails nothing', async () => {
    const owner = await t.signUp();
    const email = newEmail('ana');
    const customer = await createCustomer(t.db, owner.userId, { firstName: 'Ana', lastName: 'Lopez', email });
    const created = await t.request('/api/quotes', {
      method: 'POST',
      cookie: owner.cookie,
      json: {
        customerId: customer.id,
        items: [{ serviceId: null, serviceName: 'Premium Detail', quantity: 1, unitPriceCents: 12000 }],
        taxRateBps: 0,
      },
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    await dieWhileDelivering(async () =>
      expect(
        (await t.request(`/api/quotes/${id}/send`, { method: 'POST', cookie: owner.cookie })).status,
      ).toBe(200),
    );
    expect((await rowsOf(owner.userId, 'quote'))[0]).toMatchObject({
      status: 'pending',
      customerId: customer.id,
    });
    await deliverDueMessages(t.deps);
    expect(await emailsTo(email)).toHaveLength(1);
    expect((await t.request(`/api/quotes/${id}/send`, { method: 'POST', cookie: owner.cookie })).status).toBe(
      200,
    );
    expect(await emailsTo(email)).toHaveLength(2);
    const declined = await t.request(`/api/quotes/${crypto.randomUUID()}/send`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect(declined.status).toBe(404);
    expect(await rowsOf(owner.userId, 'quote')).toHaveLength(2);
  });
});

describe('a loyalty code', () => {
  it('is stored and emailed together, and still reaches the customer after a crash', async () => {
    const owner = await t.signUp();
    await bookableBusiness(t.db, owner.userId);
    const email = newEmail('jordan');
    await createCustomer(t.db, owner.userId, { firstName: 'Jordan', lastName: 'Reyes', email });
    await dieWhileDelivering(async () => {
      const res = await t.request('/api/public/loyalty/send-code', {
        method: 'POST',
        json: { businessId: owner.userId, email },
      });
      expect(res.status).toBe(200);
    });
    const [row] = await rowsOf(owner.userId, 'loyalty_code');
    expect(row).toMatchObject({ status: 'pending', to: email });
    await deliverDueMessages(t.deps);
    const [mail] = await emailsTo(email);
    expect(mail!.subject).toMatch(/\b\d{6}\b/);
  });
});
