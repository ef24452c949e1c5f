import { describe, expect, it } from 'vitest';
import { formatPercent } from './percent';

describe('formatPercent', () => {
  it.each([
    [0, '0%'],
    [0.5, '50%'],
    [1, '100%'],
    [0.1234, '12.3%'],
    [0.0005, '0.1%'],
    [1 / 3, '33.3%'],
    [1.25, '125%'],
    [null, '—'],
  ])('%s → %s', (rate, text) => {
    expect(formatPercent(rate)).toBe(text);
  });
});
