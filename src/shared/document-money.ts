// The one place where quote and invoice money is computed, by the dialog, the public pages and the server alike.
// Integer cents throughout; every rounding is half-up (away from zero for the non-negative amounts used here)
// and happens once per line and once on tax (docs/decisions/0501).

/** §9: the default tax rate of a new quote, in basis points (8.5 %). Platform settings replace it later. */
export const DEFAULT_TAX_RATE_BPS = 850;
/** §9: a quote is valid for 30 days. */
export const QUOTE_VALID_DAYS = 30;
/** An invoice is due this many days after it is issued; after that an unpaid one is overdue. */
export const INVOICE_DUE_DAYS = 14;
/** The tip choices of the pay pages (percent of the subtotal, before tax). */
export const TIP_PERCENTS = [15, 20, 25] as const;

/** a × b / c rounded half-up, for non-negative integers, without floating-point drift. */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  if (a < 0 || b < 0 || c <= 0) throw new RangeError('mulDivHalfUp expects non-negative numbers');
  const product = BigInt(Math.round(a)) * BigInt(Math.round(b));
  const divisor = BigInt(Math.round(c));
  return Number((product * 2n + divisor) / (divisor * 2n));
}

export interface MoneyLine {
  /** Up to two decimals (1.5 hours); stored as hundredths to stay exact. */
  quantity: number;
  unitPriceCents: number;
}

/** Quantity in hundredths (1.5 → 150). */
export const quantityHundredths = (quantity: number) => Math.round(quantity * 100);

/** §5: line total = quantity × unit price, rounded half-up to the cent. */
export function lineTotalCents(line: MoneyLine): number {
  return mulDivHalfUp(quantityHundredths(line.quantity), line.unitPriceCents, 100);
}

export interface DocumentTotals {
  lineTotals: number[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** Subtotal = sum of rounded line totals; tax = subtotal × rate, rounded half-up once; total = subtotal + tax. */
export function documentTotals(lines: MoneyLine[], taxRateBps: number): DocumentTotals {
  const lineTotals = lines.map(lineTotalCents);
  const subtotalCents = lineTotals.reduce((sum, n) => sum + n, 0);
  const taxCents = mulDivHalfUp(subtotalCents, taxRateBps, 10_000);
  return { lineTotals, subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

export type Deposit =
  | { kind: 'none' }
  | { kind: 'percent'; percentBps: number }
  | { kind: 'fixed'; cents: number };

/** The deposit due on acceptance: a percent of the total (half-up) or a fixed amount, never more than the total. */
export function depositCents(deposit: Deposit, totalCents: number): number {
  if (deposit.kind === 'none') return 0;
  const amount =
    deposit.kind === 'percent' ? mulDivHalfUp(totalCents, deposit.percentBps, 10_000) : deposit.cents;
  return Math.min(Math.max(amount, 0), totalCents);
}

export type TipChoice =
  | { kind: 'none' }
  | { kind: 'percent'; percent: number }
  | { kind: 'custom'; cents: number };

/** A tip is its own line: a percent of the subtotal (before tax, half-up) or an amount the payer typed. */
export function tipCents(choice: TipChoice, subtotalCents: number): number {
  if (choice.kind === 'none') return 0;
  if (choice.kind === 'percent') return mulDivHalfUp(subtotalCents, choice.percent, 100);
  return Math.max(0, Math.round(choice.cents));
}

export interface Settlement {
  totalCents: number;
  /** Amounts applied to the total (card, cash, the carried deposit…), tips excluded. */
  paymentsCents: number[];
  /** Credits applied to the total (e.g. redeemed loyalty points). */
  creditsCents: number[];
  /** Tips received, each its own line; never counted as a payment towards the total. */
  tipsCents: number[];
}

const sum = (values: number[]) => values.reduce((s, n) => s + n, 0);

/** What is still owed on the total, and how much the payer has handed over in all (payments + credits + tips). */
export function settlementOf(s: Settlement) {
  const appliedCents = sum(s.paymentsCents) + sum(s.creditsCents);
  const tipCents = sum(s.tipsCents);
  return {
    appliedCents,
    tipCents,
    balanceCents: s.totalCents - appliedCents,
    /** Invariant once paid: receivedCents = totalCents + tipCents. */
    receivedCents: appliedCents + tipCents,
  };
}

export type InvoicePaymentStatus = 'unpaid' | 'partially_paid' | 'paid';

export function paymentStatusOf(totalCents: number, appliedCents: number): InvoicePaymentStatus {
  if (appliedCents >= totalCents) return 'paid';
  return appliedCents > 0 ? 'partially_paid' : 'unpaid';
}

/**
 * Checks a payment against the balance: a payment is refused when it is not positive or is more than what is
 * owed (a tip is never an overpayment; it is passed separately). Returns the error message, or null.
 */
export function paymentProblem(balanceCents: number, amountCents: number): string | null {
  if (!Number.isInteger(amountCents) || amountCents <= 0) return 'Enter an amount greater than $0.00';
  if (amountCents > balanceCents) return 'The amount is more than the balance due';
  return null;
}
