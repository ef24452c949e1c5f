import { z } from 'zod';
import { BRANDING_TEXT } from './branding-text';

export {
  BRANDING_TEXT,
  brandTextOnWhite,
  contrastRatio,
  DARK_TEXT,
  LIGHT_TEXT,
  luminance,
  textOnBrand,
} from './branding-text';

// White-label (Elite, decision 1315): the business's display name, brand colour and logo on its customer-facing
// pages, emails and documents. The owner's Branding section and the API share these.

export const MAX_LOGO_BYTES = 512 * 1024;

/** The logo's accepted types, read from its bytes (never SVG: a drawing can carry script). */
export const LOGO_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

const HEX = /^#[0-9a-fA-F]{6}$/;

export const MAX_LEGAL_URL_LENGTH = 500;

/**
 * The legal links' messages, kept here rather than in BRANDING_TEXT: branding-text.ts is in /book's JavaScript (the
 * "Powered by" mark), and only the Branding tab and the server need these (e2e/bundle-budget.spec.ts).
 */
export const LEGAL_URL_TEXT = {
  invalid: 'Enter a full web address starting with https://, e.g. https://example.com/privacy',
  tooLong: 'Please keep the address under 500 characters',
} as const;

/**
 * The business's own Privacy policy or Terms address (decision 1358): shown as a link, never fetched by the app, so
 * only its shape is checked — https, a host name with a dot, no user name or password, no spaces, at most 500
 * characters. Empty means none (ShineRoute's stay). Undefined leaves the stored one as it is.
 */
export const legalUrlSchema = z
  .string()
  .trim()
  .max(MAX_LEGAL_URL_LENGTH, LEGAL_URL_TEXT.tooLong)
  .nullish()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (!v) return null;
    try {
      if (!/^https:\/\/[^\s]+$/i.test(v)) throw new Error('not https');
      const url = new URL(v);
      const host = url.hostname;
      if (url.protocol !== 'https:' || url.username || url.password) throw new Error('shape');
      if (!host.includes('.') || host.endsWith('.') || host.startsWith('[') || /^[\d.]+$/.test(host))
        throw new Error('host');
      const href = url.toString();
      if (href.length > MAX_LEGAL_URL_LENGTH) throw new Error('long');
      return href;
    } catch {
      ctx.addIssue({ code: 'custom', message: LEGAL_URL_TEXT.invalid });
      return z.NEVER;
    }
  });

export const brandingInputSchema = z.object({
  displayName: z
    .string()
    .trim()
    .max(80, 'Please keep the display name under 80 characters')
    .nullable()
    .transform((v) => (v ? v : null)),
  color: z
    .string()
    .trim()
    .nullable()
    .refine((v) => !v || HEX.test(v), BRANDING_TEXT.colorInvalid)
    .transform((v) => (v ? v.toLowerCase() : null)),
  privacyUrl: legalUrlSchema,
  termsUrl: legalUrlSchema,
});
export type BrandingInput = z.input<typeof brandingInputSchema>;
export type BrandingValues = z.output<typeof brandingInputSchema>;

/** The logo as the API takes it: its bytes in base64 (≤ 512 KB decoded; the type is read from the bytes). */
export const logoUploadSchema = z.object({
  fileName: z.string().trim().min(1).max(200),
  dataBase64: z
    .string()
    .max(Math.ceil((MAX_LOGO_BYTES * 4) / 3) + 4, BRANDING_TEXT.logoTooLarge)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The logo could not be read'),
});

/** The branding a customer sees: null when the business is not white-labelled (not Elite, or nothing set). */
export const appliedBrandingSchema = z.object({
  displayName: z.string(),
  color: z.string().nullable(),
  textColor: z.string().nullable(),
  logoUrl: z.string().nullable(),
  // The business's own legal pages (decision 1358); absent or null: ShineRoute's.
  privacyUrl: z.string().nullish(),
  termsUrl: z.string().nullish(),
});
export type AppliedBranding = z.infer<typeof appliedBrandingSchema>;

/** The public address of a business's own logo (the only file that route serves). */
export const brandLogoPath = (businessId: string, version: string) =>
  `/api/public/branding/${encodeURIComponent(businessId)}/logo?v=${encodeURIComponent(version)}`;

/**
 * The browser-tab icon of a white-labelled business's public pages (/book, /seo): its logo when it has one, else its
 * initial on its colour as an inline SVG — never ShineRoute's mark.
 */
export function brandIconHref(branding: AppliedBranding): string {
  if (branding.logoUrl) return branding.logoUrl;
  const fill = branding.color ?? '#0f172a';
  const text = branding.color ? (branding.textColor ?? '#ffffff') : '#ffffff';
  const initial = [...branding.displayName.trim()][0]?.toUpperCase() ?? '';
  const letter = initial.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${fill}"/><text x="16" y="22" font-family="Arial,sans-serif" font-size="18" font-weight="700" text-anchor="middle" fill="${text}">${letter}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The icon's link tag (the logo's type is not known here: the browser reads it from the response). */
export const brandIconTag = (branding: AppliedBranding) =>
  `<link rel="icon" href="${brandIconHref(branding).replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
