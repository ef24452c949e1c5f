/**
 * A rate (0.123 for 12.3 %) as a percentage to one decimal, the decimal left off when it is 0: 0.5 → "50%",
 * 0.1234 → "12.3%"; no rate (nothing to divide by) → "—". The one way a rate is shown on screen.
 */
export function formatPercent(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`;
}

/** Percent text as typed, 0 to 100 with at most two decimals ("8.5") → basis points (850), or null. */
export function percentToBps(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(t)) return null;
  const bps = Math.round(Number(t) * 100);
  return bps <= 10_000 ? bps : null;
}
