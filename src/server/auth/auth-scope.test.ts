import { executionAsyncResource } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../test/harness';
import { authScopeState, inAuthScope } from './auth-scope';

const t = await createTestContext();

describe('better-auth runs in a scope: its async storages are off between calls (decision 920)', () => {
  it('after a sign-up, a sign-in and signed-in requests, nothing of better-auth is left on', async () => {
    const owner = await t.signUp();
    expect((await t.request('/api/me/role', { cookie: owner.cookie })).status).toBe(200);
    expect((await t.request('/api/dashboard', { cookie: owner.cookie })).status).toBe(200);
    // The storages exist (better-auth ran) and none is enabled, so async hooks are off for the public routes.
    expect(authScopeState()).toEqual({ inFlight: 0, storagesEnabled: 0 });
    expect((await t.request('/api/health')).status).toBe(200);
  });

  it('concurrent calls keep their storages on until the last one ends', async () => {
    const owner = await t.signUp();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.request('/api/me/role', { cookie: owner.cookie })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(authScopeState()).toEqual({ inFlight: 0, storagesEnabled: 0 });
  });

  it('a scope that throws still closes', async () => {
    await expect(inAuthScope(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(authScopeState().inFlight).toBe(0);
    expect(typeof executionAsyncResource()).toBe('object');
  });
});
