import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingField, FieldBoard } from '../../shared/field';
import { unwrap } from '../lib/api-fetch';
import { queryKeys } from '../lib/query-keys';

// The owner's field reads (decision 1171): outside the typed client's chain (app.ts), typed by src/shared/field.ts.
const get = <T>(path: string) =>
  unwrap(fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } })) as Promise<T>;

/** What happened on a booking in the field: timeline, photos, checklist, materials, notes, signature. */
export const bookingFieldQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.bookings.field(id),
    queryFn: () => get<BookingField>(`/api/bookings/${encodeURIComponent(id)}/field`),
  });

export const useBookingField = (id: string) => useQuery(bookingFieldQuery(id));

/** How often the live board asks again: a technician's tap shows within this. */
export const BOARD_REFRESH_MS = 20_000;

/** A day's board (YYYY-MM-DD, the business's day): each technician's current job and latest field event. */
export const fieldBoardQuery = (date: string) =>
  queryOptions({
    queryKey: queryKeys.fieldBoard.day(date),
    queryFn: () => get<FieldBoard>(`/api/field/board?date=${date}`),
    refetchInterval: BOARD_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

export const useFieldBoard = (date: string) => useQuery(fieldBoardQuery(date));
