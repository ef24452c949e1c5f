import { z } from 'zod';
import { formSchema } from './form-schema';
import { addDays, weekdayIndex, zonedTimeToUtc } from './time';

// Timesheets (issue 26): a technician's shifts (clock in / clock out) and the time on each job (check-in → check-out),
// by the business's day and week; the owner corrects entries with a reason, kept in an audit trail.

export const TIME_ENTRY_KINDS = ['shift', 'job'] as const;
export type TimeEntryKind = (typeof TIME_ENTRY_KINDS)[number];

export const TIMESHEET_TEXT = {
  title: 'Timesheets',
  description: 'Hours per technician: shifts clocked in and out, and time on each job.',
  exportCsv: 'Export CSV',
  editTitle: 'Edit time entry',
  saved: 'Time entry updated',
  empty: 'No hours recorded this week. Technicians clock in and out from the field app.',
  alreadyClockedIn: 'You are already clocked in.',
  notClockedIn: 'You are not clocked in.',
  endBeforeStart: 'The end must be after the start.',
  reasonRequired: 'Say why the entry is changed',
  tooLong: 'An entry cannot be longer than 24 hours.',
  rangeTooLong: 'Ask for at most 62 days at a time.',
} as const;

/** ISO-8601 with an offset ("2026-11-26T08:00:00-06:00" or "…Z"): a phone's own clock, as it acted. */
export const instantSchema = z.iso.datetime({ offset: true, error: 'Give a date and time with its offset' });

export const clockInSchema = z.object({
  deviceTime: instantSchema,
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
});
export type ClockInInput = z.infer<typeof clockInSchema>;

export const clockOutSchema = z.object({ deviceTime: instantSchema });

export const MAX_ENTRY_MINUTES = 24 * 60;

/**
 * The owner's correction of one entry (PATCH /api/timesheets/entries/{id}). The route takes these fields and checks
 * the order against the stored entry once it is found (another business's or a malformed id is 404 first, whatever
 * the body); the form adds the order check below so the owner sees it before sending.
 */
export const timeEntryEditFieldsSchema = z.object({
  startedAt: instantSchema.optional(),
  endedAt: instantSchema.optional(),
  reason: z
    .string({ error: TIMESHEET_TEXT.reasonRequired })
    .trim()
    .min(1, TIMESHEET_TEXT.reasonRequired)
    .max(500),
});
export const timeEntryEditSchema = timeEntryEditFieldsSchema.refine(
  (v) => !(v.startedAt && v.endedAt) || Date.parse(v.endedAt) > Date.parse(v.startedAt),
  {
    message: TIMESHEET_TEXT.endBeforeStart,
    path: ['endedAt'],
  },
);
export type TimeEntryEdit = z.infer<typeof timeEntryEditSchema>;

export const calendarDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');

/** The Monday of a calendar date's week (weeks run Monday to Sunday, as payroll does). */
export function weekStartOf(date: string): string {
  return addDays(date, -((weekdayIndex(date) + 6) % 7));
}

/** "7 h 05 min" for a number of minutes. */
export function hoursLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h} h ${String(m).padStart(2, '0')} min`;
}

/** Decimal hours with two places ("7.08"), as payroll spreadsheets read them. */
export const decimalHours = (minutes: number) => (minutes / 60).toFixed(2);

/** The edit dialog's fields as typed: dates and times on the business's clock, and the reason. */
export const timeEntryFieldsSchema = z.object({
  startDate: calendarDateSchema,
  startTime: z.string().regex(/^\d{2}:\d{2}$/, 'Enter a start time'),
  endDate: z.string(),
  endTime: z.string(),
  reason: z.string(),
});
export type TimeEntryFields = z.infer<typeof timeEntryFieldsSchema>;

/** The edit dialog: its fields read in the business's zone, then the server's own schema on the result. */
export const timeEntryFormSchema = (timeZone: string) =>
  formSchema(
    timeEntryFieldsSchema,
    timeEntryEditSchema,
    (f) => ({
      startedAt: zonedTimeToUtc(f.startDate, f.startTime, timeZone).toISOString(),
      endedAt:
        f.endDate && /^\d{2}:\d{2}$/.test(f.endTime)
          ? zonedTimeToUtc(f.endDate, f.endTime, timeZone).toISOString()
          : undefined,
      reason: f.reason,
    }),
    { endedAt: 'endTime' },
  );
