import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles } from '../db/schema';
import { createTestContext } from '../test/harness';

// The landing page's plan buttons open sign-up with the plan chosen; the new business starts its trial on it
// (issue 16, docs/decisions/1110).

const t = await createTestContext();

async function signUpWith(extra: Record<string, unknown>) {
  const email = `plan-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await t.request('/api/auth/sign-up/email', {
    method: 'POST',
    json: {
      email,
      password: 'correct-horse-battery',
      name: 'Pia Plan',
      firstName: 'Pia',
      lastName: 'Plan',
      ...extra,
    },
  });
  expect(res.status).toBe(200);
  const { user } = (await res.json()) as { user: { id: string } };
  const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
  return profile!;
}

describe('sign-up with a chosen plan', () => {
  it('starts the trial on the plan chosen on the landing page', async () => {
    const pro = await signUpWith({ plan: 'pro' });
    expect(pro).toMatchObject({ subscriptionTier: 'pro', subscriptionActive: true });
    expect(pro.trialEndsAt!.getTime()).toBeGreaterThan(Date.now() + 13 * 24 * 3600 * 1000);
    expect((await signUpWith({ plan: 'elite' })).subscriptionTier).toBe('elite');
  });

  it('is Starter without a plan, and an unknown or unpriced plan is not honoured', async () => {
    expect((await signUpWith({})).subscriptionTier).toBe('starter');
    expect((await signUpWith({ plan: 'franchise' })).subscriptionTier).toBe('starter');
    expect((await signUpWith({ plan: 'platinum' })).subscriptionTier).toBe('starter');
    expect((await signUpWith({ plan: { tier: 'elite' } })).subscriptionTier).toBe('starter');
  });
});
