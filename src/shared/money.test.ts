import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatCents, formatMoney } from './money';
import { formatCentsShort } from './money-axis';

describe('formatMoney', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [99, '0.99'],
    [100, '1.00'],
    [4550, '45.50'],
    [123456, '1234.56'],
    [100000000, '1000000.00'],
    [-150, '-1.50'],
    [-5, '-0.05'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('gives the same text as the inline (cents / 100).toFixed(2) it replaces, for every cent up to $100 and either sign', () => {
    for (let cents = -10_000; cents <= 10_000; cents++) {
      expect(formatMoney(cents)).toBe((cents / 100).toFixed(2));
    }
    for (const cents of [8 * 899 + 15 * 2500, 999_999_99, 12_345_678_90])
      expect(formatMoney(cents)).toBe((cents / 100).toFixed(2));
  });

  it('reads back through dollarsToCents', () => {
    for (const cents of [0, 1, 10, 4550, 123456]) expect(dollarsToCents(formatMoney(cents))).toBe(cents);
  });
});

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [12345, '$123.45'],
    [123456789, '$1,234,567.89'],
    [-150, '-$1.50'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe('formatCentsShort (chart axes)', () => {
  it.each([
    [0, '$0'],
    [4_550, '$46'],
    [45_000, '$450'],
    [99_900, '$999'],
    [100_000, '$1k'],
    [150_000, '$1.5k'],
    [199_999, '$2k'],
    [200_000, '$2k'],
    [1_234_567, '$12.3k'],
    // A half rounds up: the float (1.95).toFixed(1) the chart helpers used gave "1.9".
    [195_000, '$2k'],
    [145_000, '$1.5k'],
    [-45_000, '-$450'],
    [-150_000, '-$1.5k'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatCentsShort(cents)).toBe(text);
  });

  it('gives the same thousands as the one-decimal rounding it replaced away from halves, without a trailing ".0"', () => {
    for (let cents = 100_000; cents <= 10_000_000; cents += 12_345) {
      if (cents % 10_000 === 5_000) continue;
      const old = (cents / 100_000).toFixed(1).replace(/\.0$/, '');
      expect(formatCentsShort(cents)).toBe(`$${old}k`);
    }
  });
});
