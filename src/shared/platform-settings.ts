import { z } from 'zod';
import { DEFAULT_TAX_RATE_BPS } from './document-money';
import { dollarsToCents, formatMoney } from './money';
import { percentToBps } from './percent';

/** The banner's longest text: one line on a phone is ~60 characters; two or three lines at most. */
export const BANNER_MAX = 160;
/** §9: lead generation $10-20 per lead. */
export const LEAD_PRICE_MIN_CENTS = 1000;
export const LEAD_PRICE_MAX_CENTS = 2000;
/** A plan price above $10,000 a month is a typo. */
export const PLAN_PRICE_MAX_CENTS = 1_000_000;
/** The platform's application fee on each charge (never on a tip; docs/decisions/1000): at most 50 % + $5.00. */
export const PLATFORM_FEE_MAX_BPS = 5_000;
export const PLATFORM_FEE_FIXED_MAX_CENTS = 500;

export const SETTINGS_TEXT = {
  bannerRequired: 'Enter the banner text',
  bannerTooLong: `Keep the banner under ${BANNER_MAX} characters`,
  priceCents: 'Prices are whole cents from $0 to $10,000',
  leadPrice: 'The lead price must be between $10 and $20',
  taxRate: 'The tax rate must be between 0 and 100%',
  email: 'Enter a valid support email',
  phone: 'Enter a valid support phone number',
  saved: 'Settings saved',
  feePercent: 'The platform fee must be between 0 and 50%',
  feeFixed: 'The fixed fee must be between $0.00 and $5.00',
} as const;

const cents = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** The platform settings an admin edits on /admin/settings (money in cents, tax in basis points). */
export const platformSettingsSchema = z.object({
  bannerEnabled: z.boolean(),
  bannerText: z
    .string()
    .trim()
    .min(1, SETTINGS_TEXT.bannerRequired)
    .max(BANNER_MAX, SETTINGS_TEXT.bannerTooLong),
  starterPriceCents: cents(SETTINGS_TEXT.priceCents, 0, PLAN_PRICE_MAX_CENTS),
  proPriceCents: cents(SETTINGS_TEXT.priceCents, 0, PLAN_PRICE_MAX_CENTS),
  elitePriceCents: cents(SETTINGS_TEXT.priceCents, 0, PLAN_PRICE_MAX_CENTS),
  supportEmail: z.email(SETTINGS_TEXT.email).trim().max(254, SETTINGS_TEXT.email),
  supportPhone: z
    .string()
    .trim()
    .regex(/^[+()\d][\d\s().+-]{6,29}$/, SETTINGS_TEXT.phone),
  defaultTaxRateBps: cents(SETTINGS_TEXT.taxRate, 0, 10_000),
  leadPriceCents: cents(SETTINGS_TEXT.leadPrice, LEAD_PRICE_MIN_CENTS, LEAD_PRICE_MAX_CENTS),
  platformFeePercentBps: cents(SETTINGS_TEXT.feePercent, 0, PLATFORM_FEE_MAX_BPS),
  platformFeeFixedCents: cents(SETTINGS_TEXT.feeFixed, 0, PLATFORM_FEE_FIXED_MAX_CENTS),
});
export type PlatformSettingsValues = z.infer<typeof platformSettingsSchema>;

/** The values before any admin saved settings: the spec's (§9, the landing copy, /contact). */
export const DEFAULT_PLATFORM_SETTINGS: PlatformSettingsValues = {
  bannerEnabled: true,
  bannerText: 'Limited time: 50% off your first 3 months.',
  starterPriceCents: 2900,
  proPriceCents: 7900,
  elitePriceCents: 19900,
  supportEmail: 'support@shineroute.com',
  supportPhone: '(512) 555-0100',
  defaultTaxRateBps: DEFAULT_TAX_RATE_BPS,
  leadPriceCents: 1500,
  // The env defaults (PLATFORM_FEE_PERCENT / PLATFORM_FEE_FIXED_CENTS) apply until an admin saves settings.
  platformFeePercentBps: 500,
  platformFeeFixedCents: 30,
};

/** What the public pages read: the banner, plan prices, support contact and the new quote's tax rate. */
export type PublicSettings = Pick<
  PlatformSettingsValues,
  | 'bannerEnabled'
  | 'bannerText'
  | 'starterPriceCents'
  | 'proPriceCents'
  | 'elitePriceCents'
  | 'supportEmail'
  | 'supportPhone'
  | 'defaultTaxRateBps'
>;

// An amount the admin typed may start with the "$" the page shows beside it; a failed parse is NaN so that the
// settings schema answers with the field's own message.
const dollarsText = (text: string) => dollarsToCents(text.trim().replace(/^\$/, '')) ?? Number.NaN;
const percentText = (text: string) => percentToBps(text.trim().replace(/%$/, '')) ?? Number.NaN;

/** /admin/settings as typed (dollars and percent text), turned into the API's cents and basis points. */
export const platformSettingsFormSchema = z
  .object({
    bannerEnabled: z.boolean(),
    bannerText: z.string(),
    starterPrice: z.string(),
    proPrice: z.string(),
    elitePrice: z.string(),
    supportEmail: z.string(),
    supportPhone: z.string(),
    defaultTaxRate: z.string(),
    leadPrice: z.string(),
    platformFeePercent: z.string(),
    platformFeeFixed: z.string(),
  })
  .transform((f, ctx) => {
    const parsed = platformSettingsSchema.safeParse({
      bannerEnabled: f.bannerEnabled,
      bannerText: f.bannerText,
      starterPriceCents: dollarsText(f.starterPrice),
      proPriceCents: dollarsText(f.proPrice),
      elitePriceCents: dollarsText(f.elitePrice),
      supportEmail: f.supportEmail,
      supportPhone: f.supportPhone,
      defaultTaxRateBps: percentText(f.defaultTaxRate),
      leadPriceCents: dollarsText(f.leadPrice),
      platformFeePercentBps: percentText(f.platformFeePercent),
      platformFeeFixedCents: dollarsText(f.platformFeeFixed),
    });
    if (parsed.success) return parsed.data;
    const FORM_FIELD: Record<string, string> = {
      starterPriceCents: 'starterPrice',
      proPriceCents: 'proPrice',
      elitePriceCents: 'elitePrice',
      defaultTaxRateBps: 'defaultTaxRate',
      leadPriceCents: 'leadPrice',
      platformFeePercentBps: 'platformFeePercent',
      platformFeeFixedCents: 'platformFeeFixed',
    };
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      ctx.addIssue({ code: 'custom', path: [FORM_FIELD[key] ?? key], message: issue.message });
    }
    return z.NEVER;
  });
export type PlatformSettingsForm = z.input<typeof platformSettingsFormSchema>;

/** The form's text for saved settings. */
export function settingsToForm(s: PlatformSettingsValues): PlatformSettingsForm {
  return {
    bannerEnabled: s.bannerEnabled,
    bannerText: s.bannerText,
    starterPrice: formatMoney(s.starterPriceCents),
    proPrice: formatMoney(s.proPriceCents),
    elitePrice: formatMoney(s.elitePriceCents),
    supportEmail: s.supportEmail,
    supportPhone: s.supportPhone,
    defaultTaxRate: String(s.defaultTaxRateBps / 100),
    leadPrice: formatMoney(s.leadPriceCents),
    platformFeePercent: String(s.platformFeePercentBps / 100),
    platformFeeFixed: formatMoney(s.platformFeeFixedCents),
  };
}
