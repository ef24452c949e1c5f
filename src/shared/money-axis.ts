// A chart axis's money label, apart from money.ts: money.ts is in /book's JavaScript (its price summary), and only the
// analytics charts need this (e2e/bundle-budget.spec.ts counts every byte of /book).
/**
 * Integer cents as a short whole-dollar label for a chart's axis, e.g. 45_000 → "$450", 150_000 → "$1.5k",
 * 200_000 → "$2k", -150_000 → "-$1.5k": thousands to one decimal (none when it is 0), from integer arithmetic.
 */
export function formatCentsShort(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  if (abs < 100_000) return `${sign}$${Math.round(abs / 100)}`;
  const tenths = Math.round(abs / 10_000);
  const rest = tenths % 10;
  return `${sign}$${Math.floor(tenths / 10)}${rest === 0 ? '' : `.${rest}`}k`;
}
