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
