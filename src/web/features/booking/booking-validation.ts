import type { Resolver } from 'react-hook-form';
import type { BookingForm, BookingFormInput } from '../../../shared/booking.schemas';

// zod and the booking schema load when the customer first touches the form or presses Book Now, not with the page
// (the /book budget, docs/decisions/911). The server validates the same schema.
let schema: ReturnType<typeof load> | undefined;
const load = () => Promise.all([import('@hookform/resolvers/zod'), import('../../../shared/booking.schemas')]);

/** Starts loading the validation code (idempotent). */
export const loadBookingValidation = () => {
  schema ??= load();
  return schema;
};

/** The booking form's resolver: the zod schema, loaded on first use. */
export const bookingResolver: Resolver<BookingFormInput, unknown, BookingForm> = async (values, context, options) => {
  const [{ zodResolver }, { bookingFormSchema }] = await loadBookingValidation();
  return zodResolver(bookingFormSchema)(values, context, options);
};

/** The first problem with the form as the schema sees it, or null when it can be booked. */
export async function firstBookingProblem(values: BookingFormInput): Promise<string | null> {
  const [, { bookingFormSchema }] = await loadBookingValidation();
  const parsed = bookingFormSchema.safeParse(values);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Failed to create booking');
}
