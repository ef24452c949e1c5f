import { z } from 'zod';

export const zipCodeSchema = z
  .string({ error: 'Please enter a valid 5-digit zip code' })
  .regex(/^\d{5}$/, 'Please enter a valid 5-digit zip code');

export const availabilityQuerySchema = z.object({ zip: zipCodeSchema });

export const waitlistInputSchema = z.object({
  email: z
    .string({ error: 'Please enter both email and zip code' })
    .trim()
    .min(1, 'Please enter both email and zip code')
    .pipe(z.email('Please enter a valid email address'))
    .transform((e) => e.toLowerCase()),
  zip_code: z
    .string({ error: 'Please enter both email and zip code' })
    .min(1, 'Please enter both email and zip code')
    .pipe(zipCodeSchema),
});
export type WaitlistInput = z.input<typeof waitlistInputSchema>;
