import { z } from 'zod';
import { optionalText } from './text';

// §2 /campaigns, §3 Message template and Campaign, §4 campaign status, §5 campaign rule, §8 texts, §9 SMS 160.

export const CAMPAIGN_TYPES = ['email', 'sms'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

export const CAMPAIGN_STATUSES = ['draft', 'sending', 'scheduled', 'sent', 'failed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  sending: 'Sending',
  scheduled: 'Scheduled',
  sent: 'Sent',
  failed: 'Failed',
};
/** §4: any other status displays Unknown. */
export const campaignStatusLabel = (status: string) => CAMPAIGN_STATUS_LABELS[status] ?? 'Unknown';

export const SEND_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

export const CAMPAIGN_MESSAGES = {
  required: 'Please fill in all required fields',
  created: 'Campaign created successfully',
  sent: 'Campaign sent successfully',
  noCampaigns: 'No campaigns yet',
  onlyDrafts: 'Only a draft campaign can be sent',
  noRecipients: 'No customers can receive this campaign yet',
  templateSaved: 'Template saved',
  templateDeleted: 'Template deleted',
} as const;

/** §9: the fixed open rate shown while nothing has been measured yet (spec-notes). */
export const DEFAULT_OPEN_RATE_TEXT = '68%';
export const SMS_CHARACTER_LIMIT = 160;

export const MESSAGE_VARIABLES = [
  'customer_name',
  'business_name',
  'booking_link',
  'date',
  'time',
  'expiry_date',
] as const;
export type MessageVariable = (typeof MESSAGE_VARIABLES)[number];

/** Fills {variable} placeholders; unknown placeholders stay as written so a typo is visible, not silently blank. */
export function fillVariables(text: string, values: Partial<Record<MessageVariable, string>>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => {
    const value = values[name as MessageVariable];
    return value === undefined ? whole : value;
  });
}

export interface MessageTemplate {
  id: string;
  name: string;
  type: CampaignType;
  category: string;
  subject: string | null;
  content: string;
  builtIn: boolean;
}

/** §3: the three built-in templates. */
export const BUILT_IN_TEMPLATES: MessageTemplate[] = [
  {
    id: 'builtin-booking-reminder',
    name: 'Booking Reminder',
    type: 'sms',
    category: 'Reminder',
    subject: null,
    content:
      'Hi {customer_name}, a reminder of your detailing with {business_name} on {date} at {time}. Manage it: {booking_link}',
    builtIn: true,
  },
  {
    id: 'builtin-service-follow-up',
    name: 'Service Follow-up',
    type: 'email',
    category: 'Follow-up',
    subject: 'How did we do, {customer_name}?',
    content:
      'Hi {customer_name},\n\nThank you for choosing {business_name}. We hope your car looks its best! When it is time for the next detail, book in a minute here: {booking_link}\n\nThe {business_name} team',
    builtIn: true,
  },
  {
    id: 'builtin-seasonal-promotion',
    name: 'Seasonal Promotion',
    type: 'email',
    category: 'Promotion',
    subject: 'A seasonal special from {business_name}',
    content:
      'Hi {customer_name},\n\nThe season is changing and so are the roads. Treat your car to a full detail with {business_name}: our seasonal offer runs until {expiry_date}.\n\nBook your spot: {booking_link}',
    builtIn: true,
  },
];

const required = (max: number) =>
  z.string({ error: CAMPAIGN_MESSAGES.required }).trim().min(1, CAMPAIGN_MESSAGES.required).max(max);

/** §5: name and message required ("Please fill in all required fields"); the subject is for email only. */
export const campaignInputSchema = z
  .object({
    name: required(200),
    type: z.enum(CAMPAIGN_TYPES, { error: CAMPAIGN_MESSAGES.required }),
    templateId: optionalText(100),
    subject: optionalText(200),
    message: required(5000),
  })
  .transform((v) => ({ ...v, subject: v.type === 'email' ? v.subject : null }));
export type CampaignInput = z.input<typeof campaignInputSchema>;

export const templateInputSchema = z.object({
  name: required(200),
  type: z.enum(CAMPAIGN_TYPES, { error: CAMPAIGN_MESSAGES.required }),
  category: z
    .string()
    .trim()
    .max(100)
    .default('Custom')
    .transform((v) => v || 'Custom'),
  subject: optionalText(200),
  content: required(5000),
});
export type TemplateInput = z.input<typeof templateInputSchema>;

/** The owner records the consent a customer gave them (customer form). */
export const consentInputSchema = z.object({
  emailMarketing: z.boolean(),
  smsMarketing: z.boolean(),
});
export type ConsentInput = z.infer<typeof consentInputSchema>;
