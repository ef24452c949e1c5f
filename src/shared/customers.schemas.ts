import { z } from 'zod';
import { optionalText } from './text';

// §5 customer form: names and email required; empty phone, address and notes are stored as null.

export const customerInputSchema = z.object({
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Please enter a valid email address'))
    .transform((e) => e.toLowerCase()),
  phone: optionalText(40),
  address: optionalText(300),
  notes: optionalText(2000),
});
export type CustomerInput = z.input<typeof customerInputSchema>;

export const CUSTOMER_MESSAGES = {
  duplicateEmail: 'A customer with this email already exists',
  deleteConfirm: 'Are you sure you want to delete this customer?',
} as const;
