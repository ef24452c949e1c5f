import type { BookingStatus } from './constants';

// §4's booking states and the owner's actions, enforced by the server and drawn by the screens.

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No Show',
};

/** The /bookings status filter: §4's list, plus no-show, which owners can now set (docs/decisions/0104). */
export const BOOKING_FILTERS = [
  'all',
  'pending',
  'confirmed',
  'in_progress',
  'completed',
  'cancelled',
  'no_show',
] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];

/** Bookings in these states hold their time slot. */
export const SLOT_HOLDING_STATUSES = [
  'pending',
  'confirmed',
  'in_progress',
] as const satisfies readonly BookingStatus[];

export interface BookingAction {
  to: BookingStatus;
  label: string;
  /** Only once the booking's scheduled time has passed. */
  afterStartOnly?: boolean;
}

/** Every legal transition; anything else is refused with 409. */
export const BOOKING_TRANSITIONS: Record<BookingStatus, readonly BookingAction[]> = {
  pending: [
    { to: 'confirmed', label: 'Confirm' },
    { to: 'cancelled', label: 'Cancel' },
  ],
  confirmed: [
    { to: 'in_progress', label: 'Start Service' },
    { to: 'no_show', label: 'Mark No-show', afterStartOnly: true },
  ],
  in_progress: [{ to: 'completed', label: 'Complete Service' }],
  completed: [],
  cancelled: [],
  no_show: [],
};

export type TransitionCheck = { ok: true } | { ok: false; message: string };

export function checkTransition(
  from: BookingStatus,
  to: BookingStatus,
  booking: { scheduledAt: Date | string },
  now: Date = new Date(),
): TransitionCheck {
  const action = BOOKING_TRANSITIONS[from].find((a) => a.to === to);
  if (!action) {
    return {
      ok: false,
      message: `A ${BOOKING_STATUS_LABELS[from].toLowerCase()} booking cannot be changed to ${BOOKING_STATUS_LABELS[to].toLowerCase()}`,
    };
  }
  if (action.afterStartOnly && new Date(booking.scheduledAt).getTime() > now.getTime()) {
    return { ok: false, message: 'A booking can be marked as a no-show only after its scheduled time' };
  }
  return { ok: true };
}

/** The buttons a booking card shows now. */
export function availableActions(
  booking: { status: BookingStatus; scheduledAt: Date | string },
  now: Date = new Date(),
) {
  return BOOKING_TRANSITIONS[booking.status].filter(
    (a) => checkTransition(booking.status, a.to, booking, now).ok,
  );
}
