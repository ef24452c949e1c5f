import { describe, expect, it } from 'vitest';
import { TIMESHEET_TEXT, timeEntryFormSchema, weekStartOf } from './timesheets';

describe('weekStartOf', () => {
  it('is the Monday of the week, Sunday included', () => {
    expect(weekStartOf('2026-11-26')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23');
  });
});

describe('the edit dialog’s schema', () => {
  const schema = timeEntryFormSchema('America/Chicago');
  const base = {
    startDate: '2026-11-01',
    startTime: '00:30',
    endDate: '2026-11-01',
    endTime: '03:30',
    reason: 'x',
  };

  it('reads the times on the business’s clock, across the fall-back night', () => {
    expect(schema.parse(base)).toEqual({
      startedAt: '2026-11-01T05:30:00.000Z',
      endedAt: '2026-11-01T09:30:00.000Z',
      reason: 'x',
    });
  });

  it('puts the server’s messages on the fields', () => {
    const result = schema.safeParse({ ...base, endTime: '00:00', reason: ' ' });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(byField).toEqual({
      endTime: TIMESHEET_TEXT.endBeforeStart,
      reason: TIMESHEET_TEXT.reasonRequired,
    });
  });
});
