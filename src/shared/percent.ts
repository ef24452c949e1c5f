/**
 * A rate (0.123 for 12.3 %) as a percentage to one decimal, the decimal left off when it is 0: 0.5 → "50%",
 * 0.1234 → "12.3%"; no rate (nothing to divide by) → "—". The one way a rate is shown on screen.
 */
export function formatPercent(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`;
}
