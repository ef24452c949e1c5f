import { z } from 'zod';
import { CAMPAIGN_TYPES } from './campaigns';
import { optionalText } from './text';

// Automated messages (decision 610): reminders, review requests, win-back, and the transactional messages that go
// through the same delivery path as campaigns (message_sends), told apart by kind and the marketing flag.

export const MESSAGE_KINDS = [
  'campaign',
  'confirmation',
  'receipt',
  'reminder_24h',
  'reminder_2h',
  'review_request',
  'winback',
  'self_service',
  'time_change',
  // An invoice the owner sends, and its overdue reminders (decision 0956).
  'invoice',
  'invoice_reminder',
  // A maintenance plan's failed renewal and suspension (issue 32).
  'membership',
  // The owner's new-booking notice, written with the booking (decision 1263).
  'owner_notice',
  // Emails implied by other writes, written in their transaction (decision 1290).
  'team_invite',
  'quote',
  'loyalty_code',
  'data_export',
  'webhook_disabled',
  // A custom domain switched off after its DNS record was gone at three daily checks (decision 1342).
  'domain_disabled',
  // The owner's notice that the white-label setup they ordered is done, written with the order's fulfilment (1366).
  'white_label_setup',
  'refund',
  'slot_lost',
  // Emails written with their write that had none of ours before (decision 1321).
  'verification',
  'insights_digest',
  // The owner's notice of a customer's self-service move or cancel, written with it (decision 1331).
  'self_service_owner',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_KIND_LABELS: Record<string, string> = {
  campaign: 'Campaign',
  confirmation: 'Booking confirmation',
  receipt: 'Receipt',
  reminder_24h: 'Reminder (24 hours)',
  reminder_2h: 'Reminder (2 hours)',
  review_request: 'Review request',
  winback: 'Win-back',
  self_service: 'Reschedule / cancel',
  time_change: 'New time',
  invoice: 'Invoice',
  invoice_reminder: 'Invoice reminder',
  membership: 'Maintenance plan',
  owner_notice: 'New booking (to you)',
  team_invite: 'Team invitation',
  quote: 'Quote',
  loyalty_code: 'Rewards code',
  data_export: 'Data export ready',
  webhook_disabled: 'Webhook endpoint disabled',
  domain_disabled: 'Custom domain switched off',
  white_label_setup: 'White-label setup done',
  refund: 'Cancelled and refunded',
  slot_lost: 'Slot taken, refunded',
  verification: 'Verification decision',
  insights_digest: 'Weekly insights',
  self_service_owner: 'Reschedule / cancel (to you)',
};
export const messageKindLabel = (kind: string) => MESSAGE_KIND_LABELS[kind] ?? kind;

/** Reminder offsets before the start, in hours; each can be switched off. */
export const REMINDER_OFFSETS = [
  { kind: 'reminder_24h', hours: 24 },
  { kind: 'reminder_2h', hours: 2 },
] as const;
export type ReminderKind = (typeof REMINDER_OFFSETS)[number]['kind'];

const HOUR_MS = 3_600_000;

/**
 * When a reminder `hours` before the start is due: that many real hours earlier (decision 611). Across a
 * daylight-saving change that is not the same wall-clock time the day before, and must not be.
 */
export function reminderDueAt(startsAt: Date, hours: number): Date {
  return new Date(startsAt.getTime() - hours * HOUR_MS);
}

/**
 * The reminders due now for a booking (decision 611): each switched-on offset whose moment has come, except one
 * whose moment passed before the booking was made (its confirmation is fresh); the 24-hour reminder is not sent once
 * the 2-hour one is due.
 */
export function dueReminders(
  booking: { startsAt: Date; createdAt: Date },
  enabled: Record<ReminderKind, boolean>,
  now: Date,
): ReminderKind[] {
  const due = (hours: number) => reminderDueAt(booking.startsAt, hours).getTime();
  return REMINDER_OFFSETS.filter(
    (offset) =>
      enabled[offset.kind] &&
      now.getTime() >= due(offset.hours) &&
      booking.createdAt.getTime() <= due(offset.hours) &&
      !(offset.kind === 'reminder_24h' && now.getTime() >= due(2)),
  ).map((offset) => offset.kind);
}

/** §9: a booking can be moved or cancelled by the customer until 24 hours before it starts. */
export const SELF_SERVICE_NOTICE_HOURS = 24;

export const AUTOMATION_TEXT = {
  saved: 'Automations saved',
  reviewLinkInvalid: 'Please enter a full link starting with https://',
  winbackMessageRequired: 'Please write the win-back message',
  winbackDays: 'Win-back days must be a whole number from 14 to 730',
  noMessages: 'No automated messages sent yet',
  // The self-service page (decision 612).
  tooLate: (phone: string | null) =>
    `Changes are possible up to 24 hours before your appointment. Please call the business${phone ? ` at ${phone}` : ''} to make a change.`,
  notChangeable: 'This booking can no longer be changed online.',
  rescheduled: 'Your booking has been moved',
  cancelled: 'Your booking has been cancelled',
  linkNotFound: 'This link is not valid',
  cancelInProgress: 'This booking is already being cancelled',
  // The public review page (decision 614).
  reviewRating: 'Please choose a rating from 1 to 5 stars',
  reviewText: 'Please tell us a little about your experience',
  reviewTooLong: 'Please keep your review under 1,000 characters',
  reviewThanks: 'Thank you for your review!',
  reviewAlreadySent: 'You have already reviewed this booking. Thank you!',
  reviewNotYet: 'You can review this booking once it is completed.',
} as const;

/** What a customer sends from /review/:token. */
export const reviewInputSchema = z.object({
  rating: z
    .number({ error: AUTOMATION_TEXT.reviewRating })
    .int(AUTOMATION_TEXT.reviewRating)
    .min(1, AUTOMATION_TEXT.reviewRating)
    .max(5, AUTOMATION_TEXT.reviewRating),
  text: z
    .string({ error: AUTOMATION_TEXT.reviewText })
    .trim()
    .min(1, AUTOMATION_TEXT.reviewText)
    .max(1000, AUTOMATION_TEXT.reviewTooLong),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

export const DEFAULT_WINBACK = {
  days: 90,
  channel: 'email' as const,
  subject: 'We miss you, {customer_name}',
  message:
    'Hi {customer_name},\n\nIt has been a while since your last detail with {business_name}. Your car deserves some care: book a time that suits you here: {booking_link}\n\nThe {business_name} team',
};

const optionalLink = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^https?:\/\/[^\s]+\.[^\s]+$/.test(v), AUTOMATION_TEXT.reviewLinkInvalid);

export const automationSettingsSchema = z
  .object({
    reminder24h: z.boolean(),
    reminder2h: z.boolean(),
    reviewRequests: z.boolean(),
    reviewLink: optionalLink,
    winback: z.boolean(),
    winbackDays: z.coerce
      .number({ error: AUTOMATION_TEXT.winbackDays })
      .int(AUTOMATION_TEXT.winbackDays)
      .min(14, AUTOMATION_TEXT.winbackDays)
      .max(730, AUTOMATION_TEXT.winbackDays),
    winbackChannel: z.enum(CAMPAIGN_TYPES),
    winbackSubject: optionalText(200),
    winbackMessage: z.string().trim().max(1600),
  })
  .superRefine((v, ctx) => {
    if (v.winback && !v.winbackMessage)
      ctx.addIssue({
        code: 'custom',
        path: ['winbackMessage'],
        message: AUTOMATION_TEXT.winbackMessageRequired,
      });
  });
export type AutomationSettingsInput = z.input<typeof automationSettingsSchema>;
export type AutomationSettings = z.output<typeof automationSettingsSchema>;

// Review requests on for a business that never saved its settings: every completed job asks, no gating (decision 0957).
export const DEFAULT_AUTOMATION_SETTINGS: AutomationSettings = {
  reminder24h: true,
  reminder2h: true,
  reviewRequests: true,
  reviewLink: null,
  winback: false,
  winbackDays: DEFAULT_WINBACK.days,
  winbackChannel: DEFAULT_WINBACK.channel,
  winbackSubject: DEFAULT_WINBACK.subject,
  winbackMessage: DEFAULT_WINBACK.message,
};

export const selfServiceRescheduleSchema = z.object({
  date: z.string({ error: 'Please choose a date' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Please choose a date'),
  time: z.string({ error: 'Please choose a time' }).regex(/^\d{2}:\d{2}$/, 'Please choose a time'),
});
export type SelfServiceReschedule = z.infer<typeof selfServiceRescheduleSchema>;
