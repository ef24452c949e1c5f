import type { BookingFormInput } from '../../../../shared/booking.schemas';
import type { BookingFormApi, FieldName } from './steps/booking-form-api';

// zod and the booking schema load when the customer first touches the form or presses Book Now, not with the page
// (the /book budget, docs/decisions/0911). The server validates the same schema.
let schema: ReturnType<typeof load> | undefined;
const load = () => import('../../../../shared/booking.schemas');

/** Starts loading the validation code (idempotent). */
export const loadBookingValidation = () => {
  schema ??= load();
  return schema;
};

/** Each field's first problem as the schema sees it (none: it can be booked). */
export async function bookingProblems(
  values: BookingFormInput,
): Promise<BookingFormApi['formState']['errors']> {
  const { bookingFormSchema } = await loadBookingValidation();
  const parsed = bookingFormSchema.safeParse(values);
  const problems: BookingFormApi['formState']['errors'] = {};
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const name = issue.path[0] as FieldName | undefined;
    if (name && !problems[name]) problems[name] = { message: issue.message };
  }
  return problems;
}

/** The first problem with the form as the schema sees it, or null when it can be booked. */
export async function firstBookingProblem(values: BookingFormInput): Promise<string | null> {
  const { bookingFormSchema } = await loadBookingValidation();
  const parsed = bookingFormSchema.safeParse(values);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Failed to create booking');
}
