import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { depositCents, QUOTE_VALID_DAYS } from '../../../shared/document-money';
import { QUOTE_MESSAGES, type QuoteStatus, type quoteInputSchema } from '../../../shared/invoices.schemas';
import type { Database, DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { customers, invoices, quotes, services } from '../../db/schema';
import { renderEmailRow } from '../../emails';
import type { AppDeps } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { assertOwnedIds, assertUuid } from '../../http/ids';
import { afterCursor, cursorText, type ListQuery, pageOf, type SortKey } from '../../http/lists';
import {
  type AutomationDeps,
  deliverQueued,
  queueTransactionalEmail,
} from '../campaigns/automations/message-queue';
import { DAY_MS, documentBusiness, pricedLines, quoteOfToken, quotePageUrl } from './documents';

export const QUOTE_NOT_FOUND = 'Quote not found';

export type QuoteRow = typeof quotes.$inferSelect;

export function toQuote(q: QuoteRow, invoiceId: string | null = null) {
  return {
    id: q.id,
    customerId: q.customerId,
    customerName: q.customerName,
    customerEmail: q.customerEmail,
    items: q.items,
    subtotalCents: q.subtotalCents,
    taxRateBps: q.taxRateBps,
    taxCents: q.taxCents,
    totalCents: q.totalCents,
    depositCents: q.depositCents,
    notes: q.notes,
    status: q.status,
    expiresAt: q.expiresAt.toISOString(),
    sentAt: q.sentAt?.toISOString() ?? null,
    acceptedAt: q.acceptedAt?.toISOString() ?? null,
    declinedAt: q.declinedAt?.toISOString() ?? null,
    depositPaidAt: q.depositPaidAt?.toISOString() ?? null,
    createdAt: q.createdAt.toISOString(),
    invoiceId,
  };
}

/**
 * Quotes that were never answered expire 30 days after creation (§9). Run on every read and by the daily job,
 * so nobody has to expire them by hand; an accepted quote never expires.
 */
export async function expireQuotes(db: DbOrTx, where: { businessId?: string; quoteId?: string } = {}) {
  await db
    .update(quotes)
    .set({ status: 'expired' })
    .where(
      and(
        inArray(quotes.status, ['draft', 'sent']),
        lt(quotes.expiresAt, new Date()),
        where.businessId ? eq(quotes.businessId, where.businessId) : undefined,
        where.quoteId ? eq(quotes.id, where.quoteId) : undefined,
      ),
    );
}

export async function createQuote(
  db: Database,
  businessId: string,
  input: z.output<typeof quoteInputSchema>,
) {
  const customerId = assertUuid(input.customerId, 'Customer not found');
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.businessId, businessId)));
  if (!customer) throw notFound('Customer not found');
  // A line may name one of the business's services (archived ones included: the owner quotes what they did).
  const serviceIds = input.items.flatMap((i) => (i.serviceId ? [i.serviceId] : []));
  await assertOwnedIds(db, services, businessId, serviceIds, 'Service not found');
  const priced = pricedLines(input.items, input.taxRateBps);
  const deposit = depositCents(input.deposit, priced.totalCents);
  const createdAt = new Date();
  const [row] = await db
    .insert(quotes)
    .values({
      businessId,
      customerId,
      customerName: `${customer.firstName} ${customer.lastName}`.trim(),
      customerEmail: customer.email,
      items: priced.lines,
      subtotalCents: priced.subtotalCents,
      taxRateBps: input.taxRateBps,
      taxCents: priced.taxCents,
      totalCents: priced.totalCents,
      depositCents: deposit,
      depositPercentBps: input.deposit.kind === 'percent' ? input.deposit.percentBps : null,
      notes: input.notes,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + QUOTE_VALID_DAYS * DAY_MS),
    })
    .returning();
  return toQuote(row!);
}

/** Newest first; created_at travels as the database's text, so quotes of one millisecond are not skipped. */
const QUOTE_ORDER: SortKey[] = [
  { column: quotes.createdAt, kind: 'timestamp' },
  { column: quotes.id, kind: 'uuid' },
];

export async function listQuotes(
  db: Database,
  businessId: string,
  query: ListQuery & { status?: QuoteStatus },
) {
  await expireQuotes(db, { businessId });
  const term = query.q?.trim();
  const rows = await db
    .select({ quote: quotes, invoiceId: invoices.id, at: cursorText(quotes.createdAt) })
    .from(quotes)
    .leftJoin(invoices, eq(invoices.quoteId, quotes.id))
    .where(
      and(
        eq(quotes.businessId, businessId),
        query.status ? eq(quotes.status, query.status) : undefined,
        term ? sql`${quotes.customerName} ilike ${containsPattern(term)}` : undefined,
        afterCursor(query.cursor, QUOTE_ORDER, 'desc'),
      ),
    )
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => [r.at, r.quote.id]);
  return { items: page.items.map((r) => toQuote(r.quote, r.invoiceId)), nextCursor: page.nextCursor };
}

export async function findOwnQuote(db: DbOrTx, businessId: string, id: string) {
  assertUuid(id, QUOTE_NOT_FOUND);
  await expireQuotes(db, { quoteId: id });
  const [row] = await db
    .select({ quote: quotes, invoiceId: invoices.id, at: cursorText(quotes.createdAt) })
    .from(quotes)
    .leftJoin(invoices, eq(invoices.quoteId, quotes.id))
    .where(and(eq(quotes.id, id), eq(quotes.businessId, businessId)));
  if (!row) throw notFound(QUOTE_NOT_FOUND);
  return row;
}

export async function getQuote(db: Database, businessId: string, id: string) {
  const row = await findOwnQuote(db, businessId, id);
  return toQuote(row.quote, row.invoiceId);
}

/**
 * Emails the customer the link to the public quote page; sending again re-sends the same link. The email is written in
 * the transaction that marks the quote sent (decision 1290): a quote is "sent" exactly when its email exists.
 */
export async function sendQuote(deps: AutomationDeps, businessId: string, id: string) {
  const { quote } = await findOwnQuote(deps.db, businessId, id);
  if (quote.status !== 'draft' && quote.status !== 'sent') {
    throw conflict(
      quote.status === 'expired' ? QUOTE_MESSAGES.expired : `This quote is already ${quote.status}`,
    );
  }
  const business = await documentBusiness(deps.db, businessId);
  const email = await renderEmailRow(
    'quote-sent',
    {
      customerName: quote.customerName,
      businessName: business.name,
      totalCents: quote.totalCents,
      depositCents: quote.depositCents,
      expires: { at: quote.expiresAt, timeZone: business.timeZone },
      link: quotePageUrl(deps, quote.id),
    },
    { db: deps.db, businessId, publicUrl: deps.publicUrl },
  );
  const { row, messageIds } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(quotes)
      .set({ status: 'sent', sentAt: new Date() })
      .where(and(eq(quotes.id, quote.id), inArray(quotes.status, ['draft', 'sent'])))
      .returning();
    // Accepted or declined meanwhile: nothing is sent.
    if (!row) return { row: null, messageIds: [] };
    const messageIds = await queueTransactionalEmail(tx, deps.publicUrl, {
      businessId,
      customerId: row.customerId,
      kind: 'quote',
      // Each Send is its own email.
      dedupeKey: `quote:${row.id}:${crypto.randomUUID()}`,
      to: row.customerEmail,
      ...email,
    });
    return { row, messageIds };
  });
  await deliverQueued(deps, messageIds);
  return toQuote(row ?? quote);
}

/** The public page's quote, by its token; expiry is applied first. */
export async function findQuoteByToken(
  { db, linkSecret }: { db: DbOrTx; linkSecret: string },
  token: string,
) {
  const [found] = await db.select({ id: quotes.id }).from(quotes).where(quoteOfToken(linkSecret, token));
  if (!found) return null;
  await expireQuotes(db, { quoteId: found.id });
  const [row] = await db.select().from(quotes).where(eq(quotes.id, found.id));
  return row ?? null;
}

/** Why a quote cannot be answered now, or null when it can. */
export function answerProblem(q: QuoteRow): string | null {
  if (
    q.status === 'expired' ||
    (q.expiresAt.getTime() < Date.now() && (q.status === 'draft' || q.status === 'sent'))
  )
    return QUOTE_MESSAGES.expired;
  // Only a quote the business sent can be answered: a draft's link exists before sending but is not an offer yet.
  if (q.status === 'draft') return QUOTE_MESSAGES.notSent;
  if (q.status !== 'sent') return QUOTE_MESSAGES.notAcceptable;
  return null;
}

/** Accept or decline from the public page. A quote with a deposit is accepted only by paying it. */
export async function answerQuote(
  { db, linkSecret }: Pick<AppDeps, 'db' | 'linkSecret'>,
  token: string,
  answer: 'accept' | 'decline',
) {
  return db.transaction(async (tx) => {
    const found = await findQuoteByToken({ db: tx, linkSecret }, token);
    if (!found) throw notFound(QUOTE_NOT_FOUND);
    const [q] = await tx.select().from(quotes).where(eq(quotes.id, found.id)).for('update');
    const problem = answerProblem(q!);
    if (problem) throw conflict(problem);
    if (answer === 'accept' && q!.depositCents > 0)
      throw conflict('Please pay the deposit to accept this quote');
    const now = new Date();
    const [row] = await tx
      .update(quotes)
      .set(
        answer === 'accept'
          ? { status: 'accepted', acceptedAt: now }
          : { status: 'declined', declinedAt: now },
      )
      .where(eq(quotes.id, q!.id))
      .returning();
    return row!;
  });
}
