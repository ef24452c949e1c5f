import type { Env } from '../../env';

/**
 * The free test checkout books without payment, so production refuses to start on it unless the operator says so
 * explicitly with ALLOW_TEST_CHECKOUT=true (a demo or staging deployment). Returns the line to log.
 */
export function checkPaymentsForProduction(
  env: Pick<Env, 'NODE_ENV' | 'STRIPE_SECRET_KEY' | 'ALLOW_TEST_CHECKOUT'>,
): string | null {
  if (env.NODE_ENV !== 'production' || env.STRIPE_SECRET_KEY) return null;
  if (!env.ALLOW_TEST_CHECKOUT) {
    throw new Error(
      'Refusing to start: NODE_ENV=production without a payment provider would take bookings unpaid. Set STRIPE_SECRET_KEY, or set ALLOW_TEST_CHECKOUT=true to run the built-in test checkout on purpose.',
    );
  }
  return 'WARNING: ALLOW_TEST_CHECKOUT=true: production runs the built-in test checkout, bookings are not paid.';
}
