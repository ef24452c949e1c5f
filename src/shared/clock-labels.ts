// Labels for wall-clock times and durations that need no time zone. They sit apart from ./time.ts, which re-exports
// them, so that /book's island can show them without loading the zone library (decision 0965).

/** "10:00 AM" for an HH:MM slot. */
export function formatSlot(time: string): string {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const suffix = hh >= 12 ? 'PM' : 'AM';
  const h12 = hh % 12 === 0 ? 12 : hh % 12;
  return `${h12}:${String(mm).padStart(2, '0')} ${suffix}`;
}

/** "45 min", "1 hr", "3 hrs", "1 hr 30 min". */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m ? `${h} hr ${m} min` : `${h} hr${h > 1 ? 's' : ''}`;
}
