import { z } from 'zod';

// White-label (Elite, decision 1315): the business's display name, brand colour and logo on its customer-facing
// pages, emails and documents. The owner's Branding section and the API share these.

export const BRANDING_TEXT = {
  saved: 'Branding saved',
  logoSaved: 'Logo uploaded',
  logoRemoved: 'Logo removed',
  loadFailed: 'Could not load your branding',
  logoType: 'The logo must be a PNG, JPEG or WebP image',
  logoTooLarge: 'The logo must be 512 KB or smaller',
  colorInvalid: 'Please enter a colour as #RRGGBB, e.g. #0F766E',
  poweredBy: 'Powered by ShineRoute',
} as const;

export const MAX_LOGO_BYTES = 512 * 1024;

/** The logo's accepted types, read from its bytes (never SVG: a drawing can carry script). */
export const LOGO_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

const HEX = /^#[0-9a-fA-F]{6}$/;

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

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#0f172a';
const BLACK = '#000000';

/**
 * The text colour on a brand-coloured fill: white or black, whichever contrasts more. Any brand colour is accepted;
 * the text chosen for it keeps the header and buttons readable — at least 4.58:1 whatever the colour, which is why it
 * is black and not the app's near-black (decision 1315).
 */
export function textOnBrand(color: string): string {
  return contrastRatio(color, LIGHT_TEXT) >= contrastRatio(color, BLACK) ? LIGHT_TEXT : BLACK;
}

/** The branding a customer sees: null when the business is not white-labelled (not Elite, or nothing set). */
export const appliedBrandingSchema = z.object({
  displayName: z.string(),
  color: z.string().nullable(),
  textColor: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
export type AppliedBranding = z.infer<typeof appliedBrandingSchema>;

/** The public address of a business's own logo (the only file that route serves). */
export const brandLogoPath = (businessId: string, version: string) =>
  `/api/public/branding/${encodeURIComponent(businessId)}/logo?v=${encodeURIComponent(version)}`;

/** The brand colour as text on white when it is readable there (WCAG AA, 4.5:1); near-black otherwise. */
export function brandTextOnWhite(color: string | null): string {
  return color && contrastRatio(color, LIGHT_TEXT) >= 4.5 ? color : DARK_TEXT;
}
