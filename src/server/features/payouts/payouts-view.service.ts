import { and, desc, eq, inArray } from 'drizzle-orm';
import { formatMoney } from '../../../shared/money';
import { LEDGER_KIND_LABELS } from '../../../shared/payouts';
import type { DbOrTx } from '../../db/client';
import { ledgerEntries, payouts } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { csvOf } from '../../http/csv';
import { notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { afterCursor, type ListQuery, pageOf } from '../../http/lists';
import { ledgerTotals } from './ledger.service';
import { paymentAccountStatus } from './payment-accounts.service';
import { payoutsOf } from './payouts.service';

const entryColumns = {
  id: ledgerEntries.id,
  kind: ledgerEntries.kind,
  amountCents: ledgerEntries.amountCents,
  documentType: ledgerEntries.documentType,
  documentId: ledgerEntries.documentId,
  description: ledgerEntries.description,
  createdAt: ledgerEntries.createdAt,
};

const toEntry = <T extends { createdAt: Date }>(r: T) => ({ ...r, createdAt: r.createdAt.toISOString() });
const toPayout = (p: Awaited<ReturnType<typeof payoutsOf>>[number]) => ({
  ...p,
  createdAt: p.createdAt.toISOString(),
});

/** The Payouts screen: account state, balance, totals per kind, upcoming and past payouts. */
export async function payoutsOverview(deps: Pick<AppDeps, 'db' | 'payments'>, businessId: string) {
  const [account, totals, list] = await Promise.all([
    paymentAccountStatus(deps, businessId),
    ledgerTotals(deps.db, businessId),
    payoutsOf(deps.db, businessId),
  ]);
  const upcoming = list.filter((p) => p.status === 'pending' || p.status === 'in_transit');
  const past = list.filter((p) => !(p.status === 'pending' || p.status === 'in_transit'));
  return {
    account,
    balanceCents: totals.balance,
    totals: {
      chargesCents: totals.charge,
      tipsCents: totals.tip,
      feesCents: -(totals.fee + totals.fee_refund),
      refundsCents: -totals.refund,
      leadChargesCents: -totals.lead_charge,
      paidOutCents: -(totals.payout + totals.payout_failed),
    },
    // Test mode pays the whole balance every day (the simulated payout job).
    nextTestPayoutCents: account.mode === 'test' && totals.balance > 0 ? totals.balance : 0,
    upcoming: upcoming.map(toPayout),
    past: past.map(toPayout),
  };
}

/** Ledger entries, newest first, keyset-paged by seq. */
export async function listLedger(db: DbOrTx, businessId: string, query: ListQuery) {
  const rows = await db
    .select({ ...entryColumns, seq: ledgerEntries.seq })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.businessId, businessId),
        afterCursor(query.cursor, [{ column: ledgerEntries.seq, kind: 'int' }], 'desc'),
      ),
    )
    .orderBy(desc(ledgerEntries.seq))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => [r.seq]);
  return { items: page.items.map(({ seq: _seq, ...r }) => toEntry(r)), nextCursor: page.nextCursor };
}

/** One payout and the ledger entry that moved its money; another business's → 404. */
export async function getPayout(db: DbOrTx, businessId: string, id: string) {
  assertUuid(id, 'This payout could not be found');
  const [row] = await db
    .select({
      id: payouts.id,
      providerPayoutId: payouts.providerPayoutId,
      amountCents: payouts.amountCents,
      status: payouts.status,
      arrivalDate: payouts.arrivalDate,
      createdAt: payouts.createdAt,
    })
    .from(payouts)
    .where(and(eq(payouts.id, id), eq(payouts.businessId, businessId)));
  if (!row) throw notFound('This payout could not be found');
  const entries = await db
    .select(entryColumns)
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.businessId, businessId),
        eq(ledgerEntries.documentType, 'payout'),
        eq(ledgerEntries.documentId, row.providerPayoutId),
        inArray(ledgerEntries.kind, ['payout', 'payout_failed']),
      ),
    );
  const { providerPayoutId: _omit, ...payout } = row;
  return { ...payout, createdAt: row.createdAt.toISOString(), entries: entries.map(toEntry) };
}

/** Every ledger entry of the business as CSV (oldest first), amounts in dollars. */
export async function ledgerCsv(db: DbOrTx, businessId: string) {
  const rows = await db
    .select(entryColumns)
    .from(ledgerEntries)
    .where(eq(ledgerEntries.businessId, businessId))
    .orderBy(ledgerEntries.seq);
  return csvOf([
    ['Date', 'Type', 'Description', 'Amount', 'Document', 'Document ID'],
    ...rows.map((r) => [
      r.createdAt.toISOString(),
      LEDGER_KIND_LABELS[r.kind],
      r.description,
      formatMoney(r.amountCents),
      r.documentType,
      r.documentId,
    ]),
  ]);
}
