import { z } from 'zod';

// Service areas and the waitlist (spec §2, §5, §8; docs/decisions/0003).

export const SERVICE_AREA_TEXT = {
  missingTitle: 'Missing Information',
  missing: 'Please fill in all required fields',
  zip: 'Please enter a valid 5-digit zip code',
  stateCode: 'State code must be 2 letters',
  launchDate: 'Please enter a valid launch date',
  duplicate: 'You already have a service area for this zip code',
  loadFailed: 'Failed to load service areas',
  added: 'Service area added successfully',
  addFailed: 'Failed to add service area',
  activated: 'Service area activated',
  deactivated: 'Service area deactivated',
  updateFailed: 'Failed to update service area',
  removed: 'Service area removed successfully',
  removeFailed: 'Failed to remove service area',
  deleteConfirm: 'Are you sure you want to remove this service area?',
  unknownZip: 'We could not find this zip code',
} as const;

const required = (max: number, tooLong: string) =>
  z.string({ error: SERVICE_AREA_TEXT.missing }).trim().min(1, SERVICE_AREA_TEXT.missing).max(max, tooLong);

export const serviceAreaInputSchema = z.object({
  // §5 says at most 5 characters; the public zip check needs exactly 5 digits, so that is what we accept.
  zipCode: required(5, SERVICE_AREA_TEXT.zip).regex(/^\d{5}$/, SERVICE_AREA_TEXT.zip),
  city: required(100, 'City is too long'),
  state: required(100, 'State is too long'),
  // §5: at most 2 characters, upper-cased; optional.
  stateCode: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null))
    .pipe(
      z
        .string()
        .regex(/^[A-Z]{2}$/, SERVICE_AREA_TEXT.stateCode)
        .nullable(),
    ),
  launchDate: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .pipe(z.iso.date(SERVICE_AREA_TEXT.launchDate).nullable()),
});
export type ServiceAreaInput = z.input<typeof serviceAreaInputSchema>;
