import { eq } from 'drizzle-orm';
import { documentTotals } from '../../../shared/document-money';
import type { Database, Transaction } from '../../db/client';
import { profiles } from '../../db/schema';
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
  name: string;
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
  return {
    name: row?.name || fallback,
    phone: row?.phone ?? null,
    email: row?.email ?? null,
    address: row?.address ?? null,
    timeZone: row?.timeZone ?? 'America/Chicago',
  };
}

export const quotePageUrl = (publicUrl: string, token: string) => `${publicUrl}/quote/${token}`;
export const invoicePageUrl = (publicUrl: string, token: string) => `${publicUrl}/pay/${token}`;
export const invoiceNumberText = (n: number) => `INV-${String(n).padStart(4, '0')}`;
