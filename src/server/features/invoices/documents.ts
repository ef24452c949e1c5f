import { eq, sql } from 'drizzle-orm';
import type { AppliedBranding } from '../../../shared/branding';
import { documentTotals } from '../../../shared/document-money';
import type { Database, Transaction } from '../../db/client';
import { invoices, profiles, quotes } from '../../db/schema';
import { hashToken, signedToken, signedTokenId } from '../../http/tokens';
import { appliedBranding } from '../branding/branding.service';
import type { DocumentLine } from './invoices.schema';

// What quotes and invoices share: lines with totals, public tokens, the business shown on a document.

export const DAY_MS = 24 * 60 * 60 * 1000;

export function pricedLines(
  items: { serviceId: string | null; serviceName: string; quantity: number; unitPriceCents: number }[],
  taxRateBps: number,
) {
  const totals = documentTotals(items, taxRateBps);
  const lines: DocumentLine[] = items.map((item, i) => ({ ...item, totalCents: totals.lineTotals[i]! }));
  return {
    lines,
    subtotalCents: totals.subtotalCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
  };
}

export interface DocumentBusiness {
  id: string;
  name: string;
  /** A white-labelled business's look (decision 1315): its display name is `name` then. */
  branding: AppliedBranding | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  timeZone: string;
}

export async function documentBusiness(
  db: Database | Transaction,
  businessId: string,
): Promise<DocumentBusiness> {
  const [row] = await db
    .select({
      name: profiles.businessName,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      phone: profiles.phone,
      email: profiles.businessEmail,
      address: profiles.businessAddress,
      timeZone: profiles.timeZone,
    })
    .from(profiles)
    .where(eq(profiles.id, businessId));
  const fallback = [row?.firstName, row?.lastName].filter(Boolean).join(' ') || 'ShineRoute detailer';
  const branding = await appliedBranding(db, businessId);
  return {
    id: businessId,
    name: branding?.displayName || row?.name || fallback,
    branding,
    phone: row?.phone ?? null,
    email: row?.email ?? null,
    address: row?.address ?? null,
    timeZone: row?.timeZone ?? 'America/Chicago',
  };
}

/** What building a document's link takes: the origin ('' for a path) and the link secret. */
export type LinkDeps = { publicUrl: string; linkSecret: string };

/**
 * The customer's quote page. Its token is signed from the quote's id (decision 1164): built again whenever needed
 * (the PDF's QR code, the owner's list, reminders) and stored nowhere.
 */
export const quotePageUrl = (deps: LinkDeps, quoteId: string) =>
  `${deps.publicUrl}/quote/${signedToken(deps.linkSecret, 'quote', quoteId)}`;
/** The customer's pay page, as the quote page. */
export const invoicePageUrl = (deps: LinkDeps, invoiceId: string) =>
  `${deps.publicUrl}/pay/${signedToken(deps.linkSecret, 'invoice', invoiceId)}`;

/**
 * The row a page's token names: a signed token of its id, or a random token sent before decision 1164 (its SHA-256
 * is kept). Anything else matches no row.
 */
// Random tokens were 24 or 32 bytes of base64url before decision 1130; anything outside this shape is no token.
const LEGACY_TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

export function ofToken(
  purpose: 'quote' | 'invoice',
  table: typeof quotes | typeof invoices,
  secret: string,
  token: string,
) {
  const id = signedTokenId(secret, purpose, token);
  if (id) return eq(table.id, id);
  return LEGACY_TOKEN.test(token) ? eq(table.legacyTokenHash, hashToken(token)) : sql`false`;
}
/** A quote as the owner's API answers it: with its customer page's path. */
export const withQuotePath = <T extends { id: string }>(deps: { linkSecret: string }, quote: T) => ({
  ...quote,
  /** The customer's quote page (relative). */
  publicPath: quotePageUrl({ publicUrl: '', linkSecret: deps.linkSecret }, quote.id),
});
/** An invoice as the owner's API answers it: with its pay page's path, to share or show as a QR on site. */
export const withPayPath = <T extends { id: string }>(deps: { linkSecret: string }, invoice: T) => ({
  ...invoice,
  /** The customer's pay page (relative). */
  payPath: invoicePageUrl({ publicUrl: '', linkSecret: deps.linkSecret }, invoice.id),
});

export const quoteOfToken = (secret: string, token: string) => ofToken('quote', quotes, secret, token);
export const invoiceOfToken = (secret: string, token: string) => ofToken('invoice', invoices, secret, token);
export const invoiceNumberText = (n: number) => `INV-${String(n).padStart(4, '0')}`;
