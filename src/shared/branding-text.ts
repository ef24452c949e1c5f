// White-label's words and colour rules without zod (decision 1315): /book's island imports these, and its budget
// leaves zod to the lazily loaded validation.

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

/** The brand colour as text on white when it is readable there (WCAG AA, 4.5:1); near-black otherwise. */
export function brandTextOnWhite(color: string | null): string {
  return color && contrastRatio(color, LIGHT_TEXT) >= 4.5 ? color : DARK_TEXT;
}
