import { describe, expect, it } from 'vitest';
import { loyaltyTier, pointsForPriceCents } from './loyalty';

describe('loyalty tier (§4)', () => {
  it.each([
    [0, 0, 'bronze'],
    [199, 19_999, 'bronze'],
    [200, 0, 'silver'],
    [0, 20_000, 'silver'],
    [499, 0, 'silver'],
    [0, 49_999, 'silver'],
    [0, 50_000, 'gold'],
    [500, 0, 'gold'],
    [999, 99_999, 'gold'],
    [1000, 0, 'elite'],
    [0, 100_000, 'elite'],
    [10, 150_000, 'elite'],
    [1200, 0, 'elite'],
  ] as const)('%i points and %i cents spent → %s', (points, cents, tier) => {
    expect(loyaltyTier(points, cents)).toBe(tier);
  });

  it.each([
    [199, 200, 'bronze', 'silver'],
    [499, 500, 'silver', 'gold'],
    [999, 1000, 'gold', 'elite'],
  ] as const)(
    'changes tier exactly at %i → %i points and at the same dollars spent',
    (below, at, before, after) => {
      expect(loyaltyTier(below, 0)).toBe(before);
      expect(loyaltyTier(at, 0)).toBe(after);
      expect(loyaltyTier(0, below * 100 + 99)).toBe(before);
      expect(loyaltyTier(0, at * 100)).toBe(after);
    },
  );
});

describe('points for a completed booking (1 per whole $5)', () => {
  it.each([
    [0, 0],
    [1, 0],
    [499, 0],
    [500, 1],
    [501, 1],
    [999, 1],
    [1000, 2],
    [12_499, 24],
    [12_500, 25],
    [12_501, 25],
    [-500, 0],
  ])('%i cents → %i points', (cents, points) => {
    expect(pointsForPriceCents(cents)).toBe(points);
  });
});
