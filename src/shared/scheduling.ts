import { z } from 'zod';
import { isValidTimeZone, weekdayIndex } from './time';

// A business's booking rules: working hours, closed dates, slot length, crews, notice and horizon
// (docs/decisions/1101). The slot function in ./slots.ts applies them for /book and the owner's bookings.

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Opening and closing wall-clock times (HH:MM); slots start from `open` while the start is before `close`. */
export interface DayHours {
  open: string;
  close: string;
}

export interface BookingRules {
  /** Index 0 is Sunday; null is a day off. */
  weeklyHours: Array<DayHours | null>;
  /** YYYY-MM-DD dates in the business's zone with no slots. */
  closedDates: string[];
  slotMinutes: number;
  /** How many jobs can run at the same time (crews). */
  capacity: number;
  minNoticeMinutes: number;
  horizonDays: number;
  /** Minutes kept free after a job before a technician's next one, besides the drive (decision 1248). */
  bufferMinutes: number;
}

/** §9's 08:00–17:00 hourly starts every day (closing at 18:00), one crew, 2 hours' notice, 60 days ahead. */
export const DEFAULT_BOOKING_RULES: BookingRules = {
  weeklyHours: Array.from({ length: 7 }, () => ({ open: '08:00', close: '18:00' })),
  closedDates: [],
  slotMinutes: 60,
  capacity: 1,
  minNoticeMinutes: 120,
  horizonDays: 60,
  bufferMinutes: 0,
};

export const SCHEDULING_TEXT = {
  saved: 'Hours and booking rules saved',
  saveFailed: 'Could not save the hours',
  loadFailed: 'Could not load the hours',
  closedDay: 'The business is closed on this date',
  outsideHours: 'Please choose one of the offered times',
  tooSoon: (notice: string) => `Please choose a time at least ${notice} from now`,
  beyondHorizon: (days: number) => `Please choose a date within the next ${days} days`,
} as const;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please enter a time as HH:MM');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a date as YYYY-MM-DD');

const dayHoursSchema = z
  .object({ open: hhmm, close: hhmm })
  .refine((d) => d.open < d.close, { message: 'Closing time must be after opening time', path: ['close'] });

export const bookingRulesSchema = z.object({
  // min and max, not length: the OpenAPI document then says 7 items (minItems/maxItems), as a client needs to know.
  weeklyHours: z
    .array(dayHoursSchema.nullable())
    .min(7, 'Please give hours for all seven days')
    .max(7, 'Please give hours for all seven days'),
  closedDates: z.array(isoDate).max(366, 'Too many closed dates'),
  slotMinutes: z.coerce
    .number({ error: 'Please enter the slot length in minutes' })
    .int('Please enter whole minutes')
    .min(15, 'Slots must be at least 15 minutes')
    .max(480, 'Slots can be at most 8 hours'),
  capacity: z.coerce
    .number({ error: 'Please enter how many jobs can run at once' })
    .int('Please enter a whole number')
    .min(1, 'At least one job must be able to run')
    .max(50, 'At most 50 jobs at once'),
  minNoticeMinutes: z.coerce
    .number({ error: 'Please enter the minimum notice' })
    .int('Please enter whole minutes')
    .min(0, 'Notice cannot be negative')
    .max(60 * 24 * 30, 'Notice can be at most 30 days'),
  horizonDays: z.coerce
    .number({ error: 'Please enter how far ahead customers may book' })
    .int('Please enter whole days')
    .min(1, 'Customers must be able to book at least 1 day ahead')
    .max(365, 'At most 365 days ahead'),
  // Optional so that a client written before it keeps saving (0 then).
  bufferMinutes: z.coerce
    .number({ error: 'Please enter the buffer between jobs in minutes' })
    .int('Please enter whole minutes')
    .min(0, 'The buffer cannot be negative')
    .max(240, 'The buffer can be at most 4 hours')
    .optional(),
});

export const schedulingInputSchema = bookingRulesSchema.extend({
  timeZone: z.string().refine(isValidTimeZone, 'Please choose a valid time zone'),
});
export type SchedulingInput = z.infer<typeof schedulingInputSchema>;

/** Day of the week (0 = Sunday) of a YYYY-MM-DD calendar date. */
export const weekdayOf = weekdayIndex;

/** "2 hours", "30 minutes", "1 day". */
export function formatNotice(minutes: number): string {
  if (minutes % 1440 === 0) return `${minutes / 1440} day${minutes === 1440 ? '' : 's'}`;
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
  return `${minutes} minutes`;
}

// The predominant zone of each US zip-code prefix range (first three digits); the owner can change it.
const ZIP3_ZONES: Array<[number, number, string]> = [
  [5, 5, 'America/New_York'],
  [6, 9, 'America/Puerto_Rico'],
  [10, 323, 'America/New_York'],
  [324, 325, 'America/Chicago'],
  [326, 349, 'America/New_York'],
  [350, 372, 'America/Chicago'],
  [373, 374, 'America/New_York'],
  [375, 375, 'America/Chicago'],
  [376, 379, 'America/New_York'],
  [380, 397, 'America/Chicago'],
  [398, 419, 'America/New_York'],
  [420, 427, 'America/Chicago'],
  [430, 462, 'America/New_York'],
  [463, 464, 'America/Chicago'],
  [465, 499, 'America/New_York'],
  [500, 576, 'America/Chicago'],
  [577, 577, 'America/Denver'],
  [580, 588, 'America/Chicago'],
  [590, 599, 'America/Denver'],
  [600, 689, 'America/Chicago'],
  [690, 693, 'America/Denver'],
  [700, 797, 'America/Chicago'],
  [798, 799, 'America/Denver'],
  [800, 834, 'America/Denver'],
  [835, 838, 'America/Los_Angeles'],
  [840, 847, 'America/Denver'],
  [850, 865, 'America/Phoenix'],
  [870, 884, 'America/Denver'],
  [889, 966, 'America/Los_Angeles'],
  [967, 968, 'Pacific/Honolulu'],
  [969, 969, 'Pacific/Guam'],
  [970, 994, 'America/Los_Angeles'],
  [995, 999, 'America/Anchorage'],
];

/** The time zone of a US zip (the last 5-digit number in an address), or null when there is none. */
export function timeZoneForAddress(address: string | null | undefined): string | null {
  const zips = address?.match(/\b\d{5}\b/g);
  const zip = zips?.[zips.length - 1];
  if (!zip) return null;
  const prefix = Number(zip.slice(0, 3));
  return ZIP3_ZONES.find(([from, to]) => prefix >= from && prefix <= to)?.[2] ?? null;
}
