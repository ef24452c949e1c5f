import { describe, expect, it } from 'vitest';
import { availableActions, BOOKING_TRANSITIONS, checkTransition } from './booking-status';
import { BOOKING_STATUSES, type BookingStatus } from './constants';

const past = { scheduledAt: new Date(Date.now() - 3_600_000) };
const future = { scheduledAt: new Date(Date.now() + 3_600_000) };

describe('the booking transition table (§4)', () => {
  const legal: Array<[BookingStatus, BookingStatus]> = [
    ['pending', 'confirmed'],
    ['pending', 'cancelled'],
    ['confirmed', 'in_progress'],
    ['in_progress', 'completed'],
    ['confirmed', 'no_show'],
  ];

  it.each(legal)('allows %s → %s', (from, to) => {
    expect(checkTransition(from, to, past)).toEqual({ ok: true });
  });

  const illegal = BOOKING_STATUSES.flatMap((from) =>
    BOOKING_STATUSES.filter((to) => !legal.some(([f, t]) => f === from && t === to)).map(
      (to) => [from, to] as const,
    ),
  );
  it.each(illegal)('refuses %s → %s', (from, to) => {
    const result = checkTransition(from, to, past);
    expect(result.ok).toBe(false);
  });

  it('has exactly the five legal transitions', () => {
    const count = Object.values(BOOKING_TRANSITIONS).reduce((n, actions) => n + actions.length, 0);
    expect(count).toBe(5);
    expect(illegal).toHaveLength(36 - 5);
  });

  it('allows a no-show only once the scheduled time has passed', () => {
    expect(checkTransition('confirmed', 'no_show', future)).toEqual({
      ok: false,
      message: 'A booking can be marked as a no-show only after its scheduled time',
    });
    expect(availableActions({ status: 'confirmed', ...future }).map((a) => a.label)).toEqual([
      'Start Service',
    ]);
    expect(availableActions({ status: 'confirmed', ...past }).map((a) => a.label)).toEqual([
      'Start Service',
      'Mark No-show',
    ]);
  });

  it('names the buttons as §4 does', () => {
    expect(availableActions({ status: 'pending', ...future }).map((a) => a.label)).toEqual([
      'Confirm',
      'Cancel',
    ]);
    expect(availableActions({ status: 'in_progress', ...future }).map((a) => a.label)).toEqual([
      'Complete Service',
    ]);
    expect(availableActions({ status: 'completed', ...past })).toEqual([]);
  });

  it('explains a refused transition', () => {
    expect(checkTransition('completed', 'pending', past)).toEqual({
      ok: false,
      message: 'A completed booking cannot be changed to pending',
    });
  });
});
