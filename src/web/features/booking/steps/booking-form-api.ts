import type { UseFormReturn } from 'react-hook-form';
import type { BookingForm, BookingFormInput } from '../../../../shared/booking.schemas';

/** The booking form's react-hook-form handle, as each step receives it. */
export type BookingFormApi = UseFormReturn<BookingFormInput, unknown, BookingForm>;
