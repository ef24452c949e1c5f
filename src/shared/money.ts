/** Formats integer cents as dollars with two decimals, e.g. 12345 → "$123.45". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses a dollar amount typed by a user ("12.5", "12.50") into integer cents, or null. */
export function dollarsToCents(input: string | number): number | null {
  const text = String(input).trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/**
 * Integer cents as a plain decimal amount without symbol or grouping, e.g. 123456 → "1234.56", -150 → "-1.50".
 * For CSV cells, structured data and the text of money inputs; on screen use formatCents.
 * Digits come from integer arithmetic, so no float rounding can change them.
 */
export function formatMoney(cents: number): string {
  const whole = Math.round(cents);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
