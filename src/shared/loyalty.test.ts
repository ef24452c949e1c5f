import { describe, expect, it } from 'vitest';
import { loyaltyTier } from './loyalty';

describe('loyalty tier (§4)', () => {
  it.each([
    [0, 0, 'bronze'],
    [199, 19_999, 'bronze'],
    [200, 0, 'silver'],
    [0, 20_000, 'silver'],
    [499, 0, 'silver'],
    [0, 50_000, 'gold'],
    [500, 0, 'gold'],
    [999, 99_999, 'gold'],
    [1000, 0, 'elite'],
    [0, 100_000, 'elite'],
    [10, 150_000, 'elite'],
  ] as const)('%i points and %i cents spent → %s', (points, cents, tier) => {
    expect(loyaltyTier(points, cents)).toBe(tier);
  });
});
