import { z } from 'zod';

/** The events an endpoint may subscribe to (issue 30). */
export const WEBHOOK_EVENT_TYPES = [
  'booking.created',
  'booking.rescheduled',
  'booking.cancelled',
  'booking.completed',
  'invoice.paid',
  'customer.created',
  'review.received',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'booking.created': 'Booking created',
  'booking.rescheduled': 'Booking rescheduled',
  'booking.cancelled': 'Booking cancelled',
  'booking.completed': 'Booking completed',
  'invoice.paid': 'Invoice paid',
  'customer.created': 'Customer created',
  'review.received': 'Review received',
};

/** The test event the owner sends from the API tab; it goes to one endpoint whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivering', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookEndpointInputSchema = z.object({
  url: z
    .string({ error: 'Address is required' })
    .trim()
    .min(1, 'Address is required')
    .max(2000, 'The address is too long')
    .refine((u) => /^https?:\/\/[^\s]+$/i.test(u), 'Enter a full address starting with https://'),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .min(1, 'Choose at least one event')
    .transform((e) => [...new Set(e)]),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;
export type WebhookEndpointValues = z.output<typeof webhookEndpointInputSchema>;

export const WEBHOOKS_TEXT = {
  created: 'Webhook endpoint added',
  deleted: 'Webhook endpoint removed',
  testSent: 'Test event sent',
  resent: 'Delivery queued again',
  fetchFailed: 'Failed to load your webhooks',
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  disabled: 'This endpoint is disabled after failing for a day. Enable it again once it answers.',
  rotated: 'Signing secret rotated',
  rotateTitle: 'Rotate the signing secret?',
  rotateHelp:
    'A new secret is made and shown once. For 24 hours each delivery is signed with both the new and the old secret, then with the new one only: update your receiver within that time.',
  secretOnce: 'Copy this signing secret now: it is not shown again.',
};
