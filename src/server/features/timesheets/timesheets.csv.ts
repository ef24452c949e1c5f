import { decimalHours } from '../../../shared/timesheets';
import type { DbOrTx } from '../../db/client';
import { csvOf } from '../../http/csv';
import { listTimesheets, type TimesheetQuery } from './timesheets.service';

export const TIMESHEET_CSV_HEADER = [
  'Technician',
  'Email',
  'Date',
  'Shift hours',
  'Job hours',
  'Entries edited',
];

/**
 * Payroll's CSV: one row per technician and business day with time on it, hours in decimals (7.50); cells that look
 * like formulas are neutralised by csvOf.
 */
export async function timesheetCsv(
  db: DbOrTx,
  businessId: string,
  range: Omit<TimesheetQuery, 'technicianId'>,
  now = new Date(),
) {
  const sheet = await listTimesheets(db, businessId, range, now);
  const rows: Array<Array<string | number | null>> = [TIMESHEET_CSV_HEADER];
  for (const person of sheet.items) {
    for (const day of person.days) {
      if (!day.shiftMinutes && !day.jobMinutes) continue;
      rows.push([
        person.technician.name,
        person.technician.email,
        day.date,
        decimalHours(day.shiftMinutes),
        decimalHours(day.jobMinutes),
        day.entries.filter((e) => e.edits.length).length,
      ]);
    }
  }
  return { from: sheet.from, to: sheet.to, csv: csvOf(rows) };
}
