import { BOOKING_STATUS_LABELS } from '../../../shared/booking-status';
import type { BookingStatus } from '../../../shared/constants';
import { Badge } from '../ui/badge';

// The design guide's status colours, the same on every screen.
const TONES = {
  pending: 'amber',
  confirmed: 'accent',
  in_progress: 'violet',
  completed: 'green',
  cancelled: 'neutral',
  no_show: 'red',
} as const satisfies Record<BookingStatus, string>;

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <Badge tone={TONES[status]}>{BOOKING_STATUS_LABELS[status]}</Badge>;
}

/** A weather move found no time for the booking; its customer was asked to pick one (decision 1345). */
export function NeedsNewTimeBadge() {
  return (
    <Badge tone="amber" data-testid="needs-new-time">
      Needs a new time
    </Badge>
  );
}
