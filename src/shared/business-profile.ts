import { z } from 'zod';
import { formSchema } from './form-schema';
import { optionalText } from './text';

// Business profile, testimonials and the generated business page (spec §2, §5, §8, §9).

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_DEFAULT = 5;
/** §9: the business page shows at most this many featured testimonials. */
export const BUSINESS_PAGE_TESTIMONIALS = 3;
export const BUSINESS_PAGE_KEYWORDS = ['auto detailing', 'car wash'] as const;

export const PROFILE_TEXT = {
  loadFailed: 'Failed to load business profile',
  updateFailed: 'Failed to update business profile',
  updated: 'Business profile updated successfully',
  nameRequired: 'Business name is required',
  email: 'Please enter a valid email address',
  website: 'Please enter a valid website URL',
  testimonialMissingTitle: 'Missing Information',
  testimonialMissing: 'Please fill in customer name and testimonial text',
  testimonialAdded: 'Testimonial added successfully',
  testimonialAddFailed: 'Failed to add testimonial',
  testimonialDeleted: 'Testimonial deleted',
  testimonialDeleteFailed: 'Failed to delete testimonial',
  testimonialFeatured: 'Testimonial featured',
  testimonialUnfeatured: 'Testimonial unfeatured',
  testimonialUpdateFailed: 'Failed to update testimonial',
  rating: 'Rating must be a whole number from 1 to 5',
  pageNeedsName: 'Please complete your business profile first',
  pageCreatedTitle: 'Business Page Created!',
  pageCreated: 'Your business profile page has been generated',
  pageFailed: 'Failed to generate business page',
} as const;

/** §5: service radius and years in business are parsed as integers, 0 when empty or not a number. */
export function parseIntegerOrZero(text: string | number | null | undefined): number {
  const n = Number.parseInt(String(text ?? '').trim(), 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** "One per line" fields: trimmed lines, blank lines dropped. */
export function linesToList(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** §9 rule, made URL-safe: the lower-cased name, non-alphanumerics as hyphens, plus -auto-detailing. */
export function businessPageSlug(businessName: string): string {
  const base = businessName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return base ? `${base}-auto-detailing` : 'auto-detailing';
}

/** §9: city is the 2nd and state the 3rd comma-separated part of the address (defaults Local and Area). */
export function cityStateFromAddress(address: string | null | undefined): { city: string; state: string } {
  const parts = (address ?? '').split(',').map((p) => p.trim());
  const city = parts[1] || 'Local';
  // "TX 78701" → "TX": a trailing zip code is not part of the state (docs/decisions/0203).
  const state = (parts[2] ?? '').replace(/\s*\d{5}(-\d{4})?$/, '').trim() || 'Area';
  return { city, state };
}

const list = z
  .array(z.string().trim().max(300))
  .max(50)
  .default([])
  .transform((items) => items.filter(Boolean));

const WHOLE = 'Enter a whole number of 0 or more';
const count = z.number({ error: WHOLE }).int(WHOLE).min(0, WHOLE).max(100_000, WHOLE).default(0);

export const businessProfileInputSchema = z.object({
  businessName: z
    .string({ error: PROFILE_TEXT.nameRequired })
    .trim()
    .min(1, PROFILE_TEXT.nameRequired)
    .max(200),
  businessTagline: optionalText(200),
  businessDescription: optionalText(5000),
  businessAddress: optionalText(300),
  serviceRadiusMiles: count,
  phone: optionalText(40),
  businessEmail: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .pipe(z.email(PROFILE_TEXT.email).nullable()),
  websiteUrl: z
    .string()
    .trim()
    .max(300)
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const withScheme = /^https?:\/\//i.test(v) ? v : `https://${v}`;
      try {
        const url = new URL(withScheme);
        if (!url.hostname.includes('.')) throw new Error('no host');
        return url.toString();
      } catch {
        ctx.addIssue({ code: 'custom', message: PROFILE_TEXT.website });
        return z.NEVER;
      }
    }),
  yearsInBusiness: count,
  insuranceInfo: optionalText(1000),
  aboutOwner: optionalText(5000),
  certifications: list,
  specialties: list,
  serviceGuarantees: list,
});
export type BusinessProfileInput = z.input<typeof businessProfileInputSchema>;

const required = z
  .string({ error: PROFILE_TEXT.testimonialMissing })
  .trim()
  .min(1, PROFILE_TEXT.testimonialMissing);

export const testimonialInputSchema = z.object({
  customerName: required.max(120),
  testimonialText: required.max(2000),
  serviceType: optionalText(120),
  rating: z
    .number({ error: PROFILE_TEXT.rating })
    .int(PROFILE_TEXT.rating)
    .min(RATING_MIN, PROFILE_TEXT.rating)
    .max(RATING_MAX, PROFILE_TEXT.rating)
    .default(RATING_DEFAULT),
  customerInitial: z
    .string()
    .trim()
    .max(1, 'The initial is one letter')
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null)),
});
export type TestimonialInput = z.input<typeof testimonialInputSchema>;

/** The Add a testimonial form as typed (the rating is the select's text), then testimonialInputSchema. */
export const testimonialFormSchema = formSchema(
  z.object({
    customerName: z.string(),
    serviceType: z.string(),
    rating: z.string(),
    testimonialText: z.string(),
  }),
  testimonialInputSchema,
  (form) => ({ ...form, rating: Number(form.rating) }),
);
export type TestimonialForm = z.input<typeof testimonialFormSchema>;

/** §5: the initial defaults to the upper-cased first letter of the name. */
export function defaultInitial(customerName: string): string {
  const first = Array.from(customerName.trim())[0] ?? '';
  // One character even when upper-casing makes two (ß → SS).
  return Array.from(first.toUpperCase())[0] ?? '';
}
