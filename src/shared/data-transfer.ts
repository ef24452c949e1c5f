import { z } from 'zod';

/** An export's states: queued → running → ready (downloadable until it expires) or failed. */
export const DATA_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** How long an export stays downloadable (issue 30). */
export const EXPORT_KEEP_DAYS = 7;
/** How long a closed account's data stays exportable before it is deleted (the Terms: 30 days). */
export const CLOSED_KEEP_DAYS = 30;

export const DATA_TEXT = {
  exportQueued: 'Your export has started. We will email you when it is ready.',
  exportFailed: 'The export could not be built. Please try again.',
  exportRunning: 'An export is already being built.',
  closeNameMismatch: 'Type your business name exactly as it is shown to confirm.',
  closed: 'Your account is closed. Your data stays exportable for 30 days.',
  closedPublic: 'This business no longer takes bookings on ShineRoute.',
  importEmpty: 'The file has no rows to import.',
  importTooLarge: 'A file may hold at most 10,000 rows.',
  importNoName: 'Map a column to First name (or Name) before importing.',
} as const;

/** Closing needs the business name typed exactly (a confirm dialog's guard, checked again on the server). */
export const closeAccountSchema = z.object({
  businessName: z
    .string({ error: 'Type your business name' })
    .trim()
    .min(1, 'Type your business name')
    .max(200),
});
export type CloseAccountValues = z.infer<typeof closeAccountSchema>;
