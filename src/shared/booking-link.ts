import { z } from 'zod';

// The business's readable booking link /book/{slug} (decisions 1103, 0955).

export const BOOKING_LINK_TEXT = {
  slugFormat: 'Your booking link can use 3 to 60 lowercase letters, numbers and dashes',
  slugTaken: 'That booking link is taken. Please choose another.',
  needsName: 'Save your business name to get your booking link.',
  saved: 'Booking link saved. Your old link sends customers to the new one.',
} as const;

export const bookingSlugSchema = z
  .string({ error: BOOKING_LINK_TEXT.slugFormat })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/, BOOKING_LINK_TEXT.slugFormat)
  .refine((s) => !s.includes('--'), BOOKING_LINK_TEXT.slugFormat);

export const bookingLinkInputSchema = z.object({ slug: bookingSlugSchema });
export type BookingLinkInput = z.input<typeof bookingLinkInputSchema>;
