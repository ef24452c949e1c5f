import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices, quotes, user } from '../../db/schema';
import { DEMO_OWNER, seedDemo } from '../../db/seed';
import { createTestContext } from '../../test/harness';
import { ledgerTotals } from '../payouts/ledger.service';

const t = await createTestContext();

describe('invoices demo data', () => {
  it('gives the demo business quotes in every status and an unpaid, a partially paid and a paid invoice', async () => {
    await seedDemo(t.db, t.auth);
    const [owner] = await t.db.select().from(user).where(eq(user.email, DEMO_OWNER.email));
    const q = await t.db.select().from(quotes).where(eq(quotes.businessId, owner!.id));
    expect(new Set(q.map((x) => x.status))).toEqual(
      new Set(['draft', 'sent', 'accepted', 'declined', 'expired', 'invoiced']),
    );
    const inv = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.businessId, owner!.id))
      .orderBy(invoices.number);
    expect(inv.map((i) => [i.number, i.status])).toEqual([
      [1, 'paid'],
      [2, 'partially_paid'],
      [3, 'unpaid'],
    ]);
    expect(inv[0]!.tipCents).toBeGreaterThan(0);
    for (const i of inv) expect(i.paidCents).toBeLessThanOrEqual(i.totalCents);
    // Only the card payment went through the business's payment account: it is in the ledger, the cash one is not.
    const ledger = await ledgerTotals(t.db, owner!.id);
    expect(ledger).toMatchObject({ charge: inv[0]!.totalCents, tip: inv[0]!.tipCents });
    expect(ledger.fee).toBeLessThan(0);
  });
});
