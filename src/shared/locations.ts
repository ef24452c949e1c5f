import { z } from 'zod';
import { bookingRulesSchema } from './scheduling';
import { isValidTimeZone } from './time';

// Multi-location (Elite, decision 1280): the owner's Locations screen and the API share these.

export const LOCATIONS_TEXT = {
  created: 'Location added',
  updated: 'Location saved',
  archived: 'Location archived',
  loadFailed: 'Could not load your locations',
  notFound: 'This location could not be found',
  primaryNotArchived: 'The main location cannot be archived',
  hasUpcoming: 'This location has upcoming bookings. Reschedule or cancel them before archiving it.',
  notYourArea: (zip: string) => `${zip} is not one of your service areas. Add it on Service Areas first.`,
  notYourTechnician: 'Technician not found',
  archiveConfirm: 'Archive this location? Its booking link stops taking bookings; its past bookings stay.',
  allLocations: 'All locations',
} as const;

const name = z
  .string({ error: 'Please enter a name for the location' })
  .trim()
  .min(1, 'Please enter a name for the location')
  .max(80, 'Please keep the name under 80 characters');

export const locationInputSchema = z.object({
  name,
  address: z
    .string({ error: 'Please enter the location’s address' })
    .trim()
    .min(1, 'Please enter the location’s address')
    .max(300, 'Please keep the address under 300 characters'),
  timeZone: z.string().refine(isValidTimeZone, 'Please choose a valid time zone'),
  weeklyHours: bookingRulesSchema.shape.weeklyHours,
  // Zips of the business's service areas this location serves (they move to it from another location).
  zips: z
    .array(z.string().regex(/^\d{5}$/, 'Please enter a valid 5-digit zip code'))
    .max(500, 'Too many zip codes'),
  technicianIds: z.array(z.string().min(1).max(100)).max(200, 'Too many technicians'),
});
export type LocationInput = z.input<typeof locationInputSchema>;

/** The main location is the business itself: only its name changes here (hours on Hours & Booking…). */
export const primaryLocationInputSchema = z.object({ name });

export const locationUpdateSchema = locationInputSchema.partial();
export type LocationUpdate = z.input<typeof locationUpdateSchema>;
