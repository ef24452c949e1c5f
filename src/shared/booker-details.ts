import { z } from 'zod';

/** The details a person booking online enters that may differ from the customer's record (decision 0936). */
export const BOOKER_FIELDS = ['name', 'phone', 'address'] as const;
export type BookerField = (typeof BOOKER_FIELDS)[number];

export const BOOKER_TEXT = {
  title: 'Entered when booking',
  description:
    "The person who booked entered details that differ from this customer's record. The record was not changed.",
  merge: 'Update customer',
  merged: 'Customer updated',
  mergedDescription: 'The customer now has the details entered when booking.',
  bookerColumn: 'Booking',
  customerColumn: 'Customer record',
  none: 'None',
  bookingNotFound: 'Booking not found',
  customerNotFound: 'Customer not found',
  labels: { name: 'Name', phone: 'Phone', address: 'Address' } satisfies Record<BookerField, string>,
} as const;

/** Which of the booker's details to copy onto the customer; all that differ when none are named. */
export const mergeBookerSchema = z.object({
  fields: z
    .array(z.enum(BOOKER_FIELDS, { error: 'Unknown detail' }))
    .min(1, 'Choose at least one detail')
    .max(3)
    .optional(),
});
