import { z } from 'zod';

// Calendar sync (issue 28, decisions 1220–1221): the screen's texts, said once.
export const CALENDAR_SYNC_TEXT = {
  title: 'Calendar sync',
  description: 'Your jobs in Google, Apple or Outlook Calendar, and your other calendars blocking bookings.',
  feedsTitle: 'Live feeds of your jobs',
  feedsHelp:
    'Subscribe to an address in your calendar app (Google: Other calendars → From URL). Keep it private: anyone with it sees the jobs. Calendar apps refresh a subscription every few hours.',
  fetchFailed: 'Could not load your calendar feeds.',
  copied: 'The feed address is on your clipboard.',
  copyFailed: 'Copy failed: select the address and copy it.',
  rotated: 'The feed has a new address. Subscribe to it again; the old one no longer works.',
  rotateDescription:
    'Calendars subscribed to the old address stop receiving jobs. Subscribe again with the new address. This cannot be undone.',
} as const;

/** A calendar's secret iCal address to subscribe (decision 1221): webcal:// is read as https://. */
export const externalCalendarInputSchema = z.object({
  url: z
    .string({ error: 'Enter the secret iCal address of your calendar' })
    .trim()
    .min(1, 'Enter the secret iCal address of your calendar')
    .max(2000, 'This address is too long')
    .transform((u) => u.replace(/^webcal:\/\//i, 'https://'))
    .refine(
      (u) => /^https?:\/\/[^\s]+$/i.test(u),
      'Enter a full address starting with https:// or webcal://',
    ),
  // Whose calendar: the owner's own when absent; the owner may name a technician.
  userId: z.string().max(200).optional(),
});
export type ExternalCalendarInput = z.input<typeof externalCalendarInputSchema>;
export type ExternalCalendarValues = z.output<typeof externalCalendarInputSchema>;

export const EXTERNAL_CALENDARS_TEXT = {
  title: 'Other calendars block time',
  help: 'Paste the secret iCal address of a personal calendar (Google: Settings → your calendar → Secret address in iCal format). Its busy times stop customers booking those hours. ShineRoute reads it every few minutes and never changes it.',
  added: 'Calendar connected. Its busy times now block bookings.',
  removed: 'Calendar removed. Its busy times no longer block bookings.',
  fetchFailed: 'Could not load your calendars.',
  privateAddress:
    'This address is private or local: ShineRoute reads calendars only from public internet addresses.',
  tooLarge: 'This calendar is larger than 2 MB; subscribe to a smaller calendar.',
  unreadable: 'This address did not answer an iCal calendar.',
  answered: (status: number) => `The calendar's server answered ${status}; check the address.`,
} as const;

// Google Calendar two-way (decision 1252).
export const GOOGLE_CALENDAR_TEXT = {
  title: 'Google Calendar',
  help: 'Connect your Google Calendar: your busy times there stop customers booking those hours, and your ShineRoute jobs appear in it and stay in step when they move or are cancelled.',
  notConfigured:
    'Google Calendar is not configured on this server. An administrator sets GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (see the README).',
  connect: 'Connect Google Calendar',
  disconnect: 'Disconnect',
  disconnected: 'Google Calendar disconnected. Its busy times no longer block bookings.',
  connected: 'Google Calendar connected. Your busy times now block bookings and your jobs are written to it.',
  connectFailed: 'Google Calendar was not connected. Try again.',
  fetchFailed: 'Could not load your Google Calendar connection.',
  neverSynced: 'Not read yet',
  stateInvalid:
    'This Google sign-in link has expired or was not started here. Start Connect Google Calendar again.',
  noRefreshToken:
    'Google did not grant offline access. Remove ShineRoute from your Google account’s access and connect again.',
  revoked: 'Google access was withdrawn. Disconnect and connect again.',
  failed: (message: string) => `Google Calendar could not be read: ${message}`,
} as const;
