import { eq } from 'drizzle-orm';
import { TIP_PERCENTS, type TipChoice } from '../../../shared/document-money';
import { dollarsToCents } from '../../../shared/money';
import { isBusinessClosed } from '../../access/closed-businesses';
import { invoices } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { offersLoyalty } from '../loyalty/loyalty-plan';
import { listRewards } from '../loyalty/rewards.service';
import { qrDataUrl } from './document-render';
import { invoiceView, quoteView } from './document-views';
import { documentBusiness, invoiceOfToken, invoicePageUrl } from './documents';
import { answerProblem, findQuoteByToken } from './quotes.service';

// What the customer's quote and pay pages show (decision 0503), read by the document's token; null when the token
// names no document. The pages' HTML is in public-documents.views.ts.

type Deps = Pick<AppDeps, 'db' | 'publicUrl' | 'linkSecret' | 'linkSecret'>;

async function invoiceOfPageToken(deps: Pick<Deps, 'db' | 'linkSecret'>, token: string) {
  const [inv] = await deps.db.select().from(invoices).where(invoiceOfToken(deps.linkSecret, token));
  return inv ?? null;
}

/** The quote page's content: the document, why it cannot be answered (if so), and its invoice once invoiced. */
export async function quotePageData(deps: Deps, token: string) {
  const quote = await findQuoteByToken(deps, token);
  if (!quote) return null;
  const business = await documentBusiness(deps.db, quote.businessId);
  const view = quoteView(quote, business, deps);
  const qr = view.link ? await qrDataUrl(view.link.url) : null;
  const [invoice] =
    quote.status === 'invoiced'
      ? await deps.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.quoteId, quote.id))
      : [];
  return {
    quote,
    business,
    view,
    qr,
    problem: answerProblem(quote),
    invoicePath: invoice ? invoicePageUrl({ ...deps, publicUrl: '' }, invoice.id) : null,
  };
}
export type QuotePageData = NonNullable<Awaited<ReturnType<typeof quotePageData>>>;

/** The pay page's content: the document, the balance, and whether loyalty rewards are offered on it. */
export async function invoicePageData(deps: Deps, token: string) {
  const inv = await invoiceOfPageToken(deps, token);
  if (!inv) return null;
  const business = await documentBusiness(deps.db, inv.businessId);
  const view = await invoiceView(deps.db, inv, business, deps);
  const qr = view.link ? await qrDataUrl(view.link.url) : null;
  const balanceCents = inv.totalCents - inv.paidCents;
  const offersRewards =
    inv.status !== 'void' &&
    balanceCents > 0 &&
    (await offersLoyalty(deps.db, inv.businessId)) &&
    (await listRewards(deps.db, inv.businessId, { activeOnly: true })).length > 0;
  return { inv, business, view, qr, balanceCents, offersRewards };
}
export type InvoicePageData = NonNullable<Awaited<ReturnType<typeof invoicePageData>>>;

/** The invoice id a pay link names (to match a returning checkout to it), or null. */
export async function invoiceIdOfToken(deps: Pick<Deps, 'db' | 'linkSecret'>, token: string) {
  const [inv] = await deps.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(invoiceOfToken(deps.linkSecret, token));
  return inv?.id ?? null;
}

/** The tip chosen in the pay form, or the message telling what is wrong with it. */
export function tipOfForm(form: Record<string, unknown>): TipChoice | string {
  const tip = String(form.tip ?? 'none');
  if (tip === 'none') return { kind: 'none' };
  if (tip === 'custom') {
    const cents = dollarsToCents(String(form.customTip ?? ''));
    return cents === null ? 'Enter a custom tip in dollars, e.g. 10 or 12.50' : { kind: 'custom', cents };
  }
  const percent = Number(tip);
  return (TIP_PERCENTS as readonly number[]).includes(percent)
    ? { kind: 'percent', percent }
    : 'Choose a tip';
}

/** Whether a quote or pay link names a document of a closed account: its pages are gone at once (decision 1285). */
export async function documentOfClosedBusiness(
  deps: Pick<Deps, 'db' | 'linkSecret'>,
  kind: 'quote' | 'pay',
  token: string,
) {
  const doc = kind === 'quote' ? await findQuoteByToken(deps, token) : await invoiceOfPageToken(deps, token);
  return doc ? isBusinessClosed(deps.db, doc.businessId) : false;
}
