import { asc, eq } from 'drizzle-orm';
import { tipCents } from '../../../shared/document-money';
import type { Database } from '../../db/client';
import { customers, invoices, quotes, services } from '../../db/schema';
import { recordCompletedCharge } from '../payouts/ledger.service';
import { applicationFeeCents, getPlatformFee, type PlatformFee } from '../payouts/platform-fee';
import { invoiceNumberText } from './documents';
import { applyPayment, invoiceFromQuote } from './invoices.service';
import { createQuote } from './quotes.service';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo business's quotes in every status (draft, sent, accepted, declined, expired, invoiced) and an unpaid,
 * a partially paid and a paid invoice (with a tip), built through the real services.
 */
export async function seedInvoicesDemo(db: Database, businessId: string, platformFee?: PlatformFee) {
  const people = await db
    .select()
    .from(customers)
    .where(eq(customers.businessId, businessId))
    .orderBy(asc(customers.createdAt))
    .limit(8);
  const offered = await db
    .select()
    .from(services)
    .where(eq(services.businessId, businessId))
    .orderBy(asc(services.basePriceCents));
  if (people.length < 8 || offered.length < 3) return;
  const [basic, premium, ceramic] = offered as [
    (typeof offered)[0],
    (typeof offered)[0],
    (typeof offered)[0],
  ];
  const line = (
    s: typeof basic,
    quantity = 1,
  ): { serviceId: string | null; serviceName: string; quantity: number; unitPriceCents: number } => ({
    serviceId: s.id,
    serviceName: s.name,
    quantity,
    unitPriceCents: s.basePriceCents,
  });

  const plan: Array<{
    status: 'draft' | 'sent' | 'accepted' | 'declined' | 'expired' | 'invoiced';
    ageDays: number;
    items: ReturnType<typeof line>[];
    deposit?: boolean;
    notes?: string;
  }> = [
    {
      status: 'draft',
      ageDays: 1,
      items: [
        line(premium),
        { serviceId: null, serviceName: 'Pet hair removal', quantity: 1, unitPriceCents: 3500 },
      ],
    },
    {
      status: 'sent',
      ageDays: 3,
      items: [line(ceramic)],
      deposit: true,
      notes: 'Ceramic coating needs the car indoors for 24 hours.',
    },
    { status: 'accepted', ageDays: 6, items: [line(basic, 3)], notes: 'Three family cars, same visit.' },
    { status: 'declined', ageDays: 12, items: [line(ceramic), line(premium)] },
    { status: 'expired', ageDays: 45, items: [line(premium)] },
    { status: 'invoiced', ageDays: 20, items: [line(premium), line(basic)] },
    { status: 'invoiced', ageDays: 15, items: [line(ceramic)] },
    { status: 'invoiced', ageDays: 9, items: [line(premium, 2)] },
  ];

  const invoiceIds: string[] = [];
  for (const [i, p] of plan.entries()) {
    const q = await createQuote(db, businessId, {
      customerId: people[i]!.id,
      items: p.items,
      taxRateBps: 850,
      notes: p.notes ?? null,
      deposit: p.deposit ? { kind: 'percent', percentBps: 2500 } : { kind: 'none' },
    });
    const createdAt = new Date(Date.now() - p.ageDays * DAY);
    const sentAt = p.status === 'draft' ? null : new Date(createdAt.getTime() + 3_600_000);
    const answeredAt = new Date(createdAt.getTime() + DAY);
    await db
      .update(quotes)
      .set({
        createdAt,
        expiresAt: new Date(createdAt.getTime() + 30 * DAY),
        sentAt,
        status: p.status === 'invoiced' ? 'accepted' : p.status,
        acceptedAt: p.status === 'accepted' || p.status === 'invoiced' ? answeredAt : null,
        declinedAt: p.status === 'declined' ? answeredAt : null,
      })
      .where(eq(quotes.id, q.id));
    if (p.status === 'invoiced') invoiceIds.push((await invoiceFromQuote({ db }, businessId, q.id)).id);
  }

  // INV-0001 paid by card with a 20 % tip, INV-0002 partly paid in cash, INV-0003 unpaid.
  const [paid, partial] = invoiceIds as [string, string, string];
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, paid));
    const card = await applyPayment(tx, paid, {
      method: 'card',
      amountCents: row!.totalCents,
      tipCents: tipCents({ kind: 'percent', percent: 20 }, row!.subtotalCents),
      paidAt: new Date(Date.now() - 2 * DAY),
      paymentReference: `seed_card_${paid}`,
    });
    // A card payment pays the business (less the platform's fee), so the demo's /payouts shows it like a real one.
    await recordCompletedCharge(tx, {
      businessId,
      documentType: 'invoice',
      documentId: paid,
      paymentReference: `seed_card_${paid}`,
      amountCents: card!.payment.amountCents,
      tipCents: card!.payment.tipCents,
      applicationFeeCents: applicationFeeCents(
        card!.payment.amountCents,
        await getPlatformFee(tx, platformFee),
      ),
      description: `Invoice ${invoiceNumberText(card!.invoice.number)}: ${card!.invoice.customerName}`,
    });
    await applyPayment(tx, partial, {
      method: 'cash',
      amountCents: 15000,
      tipCents: 0,
      note: 'Paid half on site',
      paidAt: new Date(Date.now() - DAY),
    });
  });
}
