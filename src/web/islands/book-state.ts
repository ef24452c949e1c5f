import type { BookingOptions } from '../features/bookings/book/booking-queries';

/** What the server hands /book's island: the query it rendered and the options it rendered with (null: not loaded). */
export interface BookIslandState {
  business?: string;
  /** The location's slug: /book/{business}/{location} (decision 1280). */
  location?: string;
  zip?: string;
  cancelled: boolean;
  options: BookingOptions | null;
}

export const BOOK_STATE_ID = 'book-state';
export const BOOK_ISLAND_ID = 'book-island';
