import { z } from 'zod';
import { VEHICLE_TYPES } from './constants';
import { formSchema } from './form-schema';
import { dollarsToCents } from './money';
import { optionalText } from './text';

// §5 service form: name, base price and duration required; price in cents on the wire; multipliers per vehicle type.

export const multipliersSchema = z.object(
  Object.fromEntries(
    VEHICLE_TYPES.map((t) => [
      t,
      z
        .number({ error: 'Each vehicle multiplier must be a number' })
        .positive('Each vehicle multiplier must be greater than 0')
        .max(10, 'Each vehicle multiplier must be 10 or less'),
    ]),
  ) as Record<(typeof VEHICLE_TYPES)[number], z.ZodNumber>,
);

export const serviceInputSchema = z.object({
  name: z.string({ error: 'Service name is required' }).trim().min(1, 'Service name is required').max(120),
  description: optionalText(2000),
  basePriceCents: z
    .number({ error: 'Base price is required' })
    .int('Base price must be in whole cents')
    .min(0, 'Base price cannot be negative')
    .max(10_000_000, 'Base price is too large'),
  durationMinutes: z
    .number({ error: 'Duration is required' })
    .int('Duration must be a whole number of minutes')
    .min(15, 'Duration must be at least 15 minutes')
    .max(24 * 60, 'Duration must be at most 24 hours'),
  isActive: z.boolean().optional(),
  vehicleTypeMultipliers: multipliersSchema.optional(),
});
export type ServiceInput = z.input<typeof serviceInputSchema>;

export const serviceUpdateSchema = serviceInputSchema.partial();

export const SERVICE_MESSAGES = {
  deleteConfirm: 'Are you sure you want to delete this service?',
} as const;

/**
 * The Add/Edit Service dialog's fields as typed (dollars, minutes and multipliers as text), then serviceInputSchema
 * itself, so the dialog and the server give the same messages.
 */
export const serviceFormSchema = formSchema(
  z.object({
    name: z.string().trim().min(1, 'Service name is required'),
    description: z.string(),
    price: z
      .string()
      .trim()
      .min(1, 'Base price is required')
      .refine((v) => dollarsToCents(v) !== null, 'Enter a price in dollars, e.g. 45 or 45.50'),
    duration: z
      .string()
      .trim()
      .min(1, 'Duration is required')
      .regex(/^\d+$/, 'Duration must be a whole number of minutes'),
    multipliers: z.record(z.enum(VEHICLE_TYPES), z.string()),
  }),
  serviceInputSchema,
  (form) => ({
    name: form.name,
    description: form.description,
    basePriceCents: dollarsToCents(form.price) ?? undefined,
    durationMinutes: Number(form.duration),
    vehicleTypeMultipliers: Object.fromEntries(VEHICLE_TYPES.map((t) => [t, Number(form.multipliers[t])])),
  }),
  { basePriceCents: 'price', durationMinutes: 'duration', vehicleTypeMultipliers: 'multipliers' },
);
export type ServiceForm = z.input<typeof serviceFormSchema>;
