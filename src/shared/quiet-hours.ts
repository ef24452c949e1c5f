import { addDays, utcToZoned, zonedTimeToUtc } from './time';

/** Marketing SMS may go out from 8:00 until 21:00 on the business's wall clock (TCPA quiet hours). */
export const QUIET_HOURS = { start: '08:00', end: '21:00' } as const;

/** `now` when it is inside the allowed hours in the zone, else the next 8:00 there. */
export function nextAllowedSendTime(now: Date, timeZone: string): Date {
  const local = utcToZoned(now, timeZone);
  if (local.time >= QUIET_HOURS.start && local.time < QUIET_HOURS.end) return now;
  const day = local.time < QUIET_HOURS.start ? local.date : addDays(local.date, 1);
  return zonedTimeToUtc(day, QUIET_HOURS.start, timeZone);
}
