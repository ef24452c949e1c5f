import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PLATFORM_SETTINGS,
  platformSettingsFormSchema,
  SETTINGS_TEXT,
  settingsToForm,
} from './platform-settings';

// The form once had its own dollar and percent parsers; these are them, to prove the shared ones read the same.
const oldDollars = (text: string) => {
  const t = text.trim().replace(/^\$/, '');
  return /^\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : Number.NaN;
};
const oldPercent = (text: string) => {
  const t = text.trim().replace(/%$/, '');
  return /^\d{1,3}(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : Number.NaN;
};

const form = settingsToForm(DEFAULT_PLATFORM_SETTINGS);
const parse = (patch: Partial<typeof form>) => platformSettingsFormSchema.safeParse({ ...form, ...patch });

describe('/admin/settings form', () => {
  it('reads back the saved settings it shows', () => {
    expect(parse({})).toEqual({ success: true, data: DEFAULT_PLATFORM_SETTINGS });
  });

  it('reads every dollar amount up to the plan maximum as the old parser did, with or without "$"', () => {
    for (let cents = 0; cents <= 1_000_000; cents += 997) {
      for (const text of [
        `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
        `$${cents / 100}`,
      ]) {
        const result = parse({ starterPrice: text });
        expect(result.success && result.data.starterPriceCents).toBe(oldDollars(text));
      }
    }
  });

  it.each([
    ['29.999', SETTINGS_TEXT.priceCents],
    ['abc', SETTINGS_TEXT.priceCents],
    ['', SETTINGS_TEXT.priceCents],
    ['1,000', SETTINGS_TEXT.priceCents],
    ['-5', SETTINGS_TEXT.priceCents],
    ['10000.01', SETTINGS_TEXT.priceCents],
  ])('refuses the price %j with the message the old parser gave', (text, message) => {
    expect(Number.isNaN(oldDollars(text)) || oldDollars(text) > 1_000_000).toBe(true);
    const result = parse({ proPrice: text });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['proPrice'], message })]);
  });

  it('reads every percent text from 0 to 100 % as the old parser did', () => {
    for (let bps = 0; bps <= 10_000; bps++) {
      const text = `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}%`;
      const result = parse({ defaultTaxRate: text });
      expect(result.success && result.data.defaultTaxRateBps).toBe(oldPercent(text));
    }
  });

  it.each([
    ['defaultTaxRate', '100.01', SETTINGS_TEXT.taxRate],
    ['defaultTaxRate', '8.555', SETTINGS_TEXT.taxRate],
    ['platformFeePercent', '50.5', SETTINGS_TEXT.feePercent],
    ['platformFeePercent', '1000', SETTINGS_TEXT.feePercent],
    ['platformFeeFixed', '5.01', SETTINGS_TEXT.feeFixed],
    ['leadPrice', '$9.99', SETTINGS_TEXT.leadPrice],
  ] as const)('refuses %s %j with its message', (field, text, message) => {
    const result = parse({ [field]: text });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message })]);
  });
});
