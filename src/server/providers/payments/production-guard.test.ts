import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env';
import { checkPaymentsForProduction } from './production-guard';

describe('the test checkout in production', () => {
  it('refuses to start without a payment provider', () => {
    expect(() => checkPaymentsForProduction(loadEnv({ NODE_ENV: 'production' }))).toThrow(
      /Refusing to start.*ALLOW_TEST_CHECKOUT=true/,
    );
  });

  it('starts with ALLOW_TEST_CHECKOUT=true, and says so', () => {
    expect(
      checkPaymentsForProduction(loadEnv({ NODE_ENV: 'production', ALLOW_TEST_CHECKOUT: 'true' })),
    ).toMatch(/^WARNING: ALLOW_TEST_CHECKOUT=true/);
  });

  it('starts with Stripe, and in development without it', () => {
    expect(
      checkPaymentsForProduction(loadEnv({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_x' })),
    ).toBeNull();
    expect(checkPaymentsForProduction(loadEnv({ NODE_ENV: 'development' }))).toBeNull();
  });
});
