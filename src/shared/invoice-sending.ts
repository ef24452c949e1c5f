import { z } from 'zod';

// Sending invoices and reminding of overdue ones (decision 0956).

/** Days after the due date on which an overdue invoice's reminder goes out; each step once. */
export const INVOICE_REMINDER_DAYS = [1, 7, 14] as const;

export const INVOICE_SEND_TEXT = {
  sent: 'Invoice sent to the customer',
  alreadyPaid: 'This invoice is already paid',
  voided: 'A void invoice cannot be sent',
  remindersOn: 'Overdue reminders are on',
  remindersOff: 'Overdue reminders are off',
} as const;

export const invoiceReminderSettingsSchema = z.object({
  enabled: z.boolean({ error: 'Please say whether reminders are on' }),
});
export type InvoiceReminderSettings = z.infer<typeof invoiceReminderSettingsSchema>;
