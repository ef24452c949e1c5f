import { z } from 'zod';
import { formSchema } from './form-schema';
import {
  LANDING_PAGE_STATES,
  MAX_ADMIN_KEYWORDS,
  MAX_LANDING_PAGE_CITIES,
  SEO_TEXT,
  STATE_CODES,
} from './seo.constants';

const trimmedList = (emptyMessage: string) =>
  z
    .array(z.string({ error: emptyMessage }).max(80, 'Keep each entry under 80 characters'), {
      error: emptyMessage,
    })
    .transform((items) => items.map((s) => s.trim().replace(/\s+/g, ' ')).filter((s) => s.length > 0));

/** The owner's Quick Landing Page Generator (§5): keyword, 1–5 cities, one of the 15 supported states. */
export const landingPagesInputSchema = z.object({
  keyword: z
    .string({ error: SEO_TEXT.missingKeyword.description })
    .trim()
    .min(1, SEO_TEXT.missingKeyword.description)
    .max(80, 'Keep the keyword under 80 characters'),
  cities: trimmedList(SEO_TEXT.noCities.description)
    .refine((cities) => cities.length > 0, SEO_TEXT.noCities.description)
    .refine((cities) => cities.length <= MAX_LANDING_PAGE_CITIES, SEO_TEXT.tooManyCities),
  state: z.enum(LANDING_PAGE_STATES, { error: SEO_TEXT.noState.description }),
});
export type LandingPagesInput = z.input<typeof landingPagesInputSchema>;

/** The admin's Platform SEO Generator (§5): 1–3 keywords, at least one of the 50 states. */
export const adminGenerateInputSchema = z.object({
  keywords: trimmedList(SEO_TEXT.missingKeywords.description)
    .refine((k) => k.length > 0, SEO_TEXT.missingKeywords.description)
    .refine((k) => k.length <= MAX_ADMIN_KEYWORDS, SEO_TEXT.tooManyKeywords),
  targetVehicles: z.boolean().default(false),
  selectedStates: z
    .array(z.enum(STATE_CODES, { error: 'Please select valid US states.' }), {
      error: SEO_TEXT.noStates.description,
    })
    .min(1, SEO_TEXT.noStates.description),
  // The spec's client sends batchSize 10; the server decides the batch size and accepts the field for compatibility.
  batchSize: z.number().int().min(1).max(100).optional(),
});
export type AdminGenerateInput = z.input<typeof adminGenerateInputSchema>;
export type AdminGenerateInputParsed = z.output<typeof adminGenerateInputSchema>;

/** The owner's generator form as typed (the state may still be unchosen), then landingPagesInputSchema. */
export const landingPagesFormSchema = formSchema(
  z.object({ keyword: z.string(), cities: z.array(z.string()), state: z.string() }),
  landingPagesInputSchema,
  (form) => form,
);
export type LandingPagesForm = z.input<typeof landingPagesFormSchema>;

/** The admin's generator form, then adminGenerateInputSchema (the spec's client sends batchSize 10). */
export const adminGenerateFormSchema = formSchema(
  z.object({
    keywords: z.array(z.string()),
    targetVehicles: z.boolean(),
    selectedStates: z.array(z.string()),
  }),
  adminGenerateInputSchema,
  (form) => ({ ...form, batchSize: 10 }),
);
export type AdminGenerateForm = z.input<typeof adminGenerateFormSchema>;
