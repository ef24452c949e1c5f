import { z } from 'zod';
import { bookingFormSchema } from './booking.schemas';
import { MAX_REPEAT_DISCOUNT_PERCENT } from './series';

// Repeat visits' inputs (zod): one schema for the forms and the server. Apart from ./series so /book's first script
// carries no zod (decision 0911).

const percent = z.coerce
  .number({ error: 'Enter a percentage' })
  .int('Use a whole percentage')
  .min(0, 'The discount cannot be negative')
  .max(MAX_REPEAT_DISCOUNT_PERCENT, `The discount can be at most ${MAX_REPEAT_DISCOUNT_PERCENT}%`);

export const repeatTermsInputSchema = z.object({
  repeatable: z.boolean(),
  weeklyPercent: percent,
  biweeklyPercent: percent,
  fourWeeklyPercent: percent,
});
export type RepeatTermsInput = z.infer<typeof repeatTermsInputSchema>;

export const repeatWeeksSchema = z.union([z.literal(1), z.literal(2), z.literal(4)], {
  error: 'Choose every 1, 2 or 4 weeks',
});

export const seriesCheckoutSchema = bookingFormSchema.extend({
  businessId: z.string({ error: 'Repeat visits are booked with a business' }).trim().min(1).max(100),
  repeatWeeks: repeatWeeksSchema,
});
export type SeriesCheckoutInput = z.input<typeof seriesCheckoutSchema>;

/** The owner's New booking with a frequency: the same series, the business from the session. */
export const ownerSeriesSchema = seriesCheckoutSchema.pick({
  serviceId: true,
  vehicleType: true,
  date: true,
  time: true,
  location: true,
  zip: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  vehicleMake: true,
  vehicleModel: true,
  vehicleYear: true,
  vehicleColor: true,
  notes: true,
  repeatWeeks: true,
});
export type OwnerSeriesInput = z.input<typeof ownerSeriesSchema>;

const isoDate = z.iso.date({ error: 'Please choose a date' });
export const weatherMoveSchema = z
  .object({
    fromDate: isoDate,
    toDate: isoDate,
    // The day's bookings to move (decision 1326); absent: every live booking of the day.
    bookingIds: z.array(z.uuid('Please choose bookings of the day')).min(1).max(200).optional(),
  })
  .refine((v) => v.fromDate !== v.toDate, { message: 'Choose another day', path: ['toDate'] });
export type WeatherMoveInput = z.infer<typeof weatherMoveSchema>;

export const seriesVisitMoveSchema = z.object({
  date: isoDate,
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please choose a time'),
});
