import { addDays, calendarDateInZone, viewerTimeZone } from '../../../shared/date-labels';

// The days the field app reads, apart from its screens: the page's entry asks for them before the app's code arrives
// (field/main.tsx), so this module loads nothing else.

/** How far ahead the phone keeps jobs for a day without signal (issue 26). */
export const DAYS_KEPT = 7;
export const ZONE_KEY = 'shineroute-field-zone';

/** The business's zone, as the last jobs read said (the phone's own until then). */
export function fieldZone() {
  return localStorage.getItem(ZONE_KEY) ?? viewerTimeZone();
}

export function fieldRange(zone = fieldZone()) {
  const today = calendarDateInZone(new Date(), zone);
  return { today, tomorrow: addDays(today, 1), from: today, to: addDays(today, DAYS_KEPT - 1) };
}
