// Google Calendar behind a small interface (decision 1252): OAuth (authorization URL, code exchange, refresh,
// revoke) and the calendar calls sync needs. The real adapter (google-api.ts) talks to Google or to a local fake
// (GOOGLE_API_BASE); without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET there is no adapter and the screen says so.

export interface GoogleTokens {
  accessToken: string;
  /** Google sends a refresh token on the first consent (and with prompt=consent); a refresh may omit it. */
  refreshToken?: string;
  expiresAt: Date;
}

/** One event as sync reads it. */
export interface GoogleEvent {
  id: string;
  status?: string | null;
  transparency?: string | null;
  start?: { dateTime?: string | null; date?: string | null } | null;
  end?: { dateTime?: string | null; date?: string | null } | null;
  /** ShineRoute wrote it (extendedProperties.private.shinerouteBooking): never read back as busy time. */
  bookingId?: string | null;
}

export interface GoogleEventPage {
  items: GoogleEvent[];
  /** The calendar's title (the account's address for a primary calendar). */
  summary?: string | null;
  nextPageToken?: string | null;
  nextSyncToken?: string | null;
}

/** A job as written to the calendar. */
export interface GoogleEventBody {
  bookingId: string;
  summary: string;
  location: string;
  description: string;
  start: Date;
  end: Date;
  timeZone: string;
}

/** The sync token is no longer valid (HTTP 410): forget what was read and read the calendar whole again. */
export class GoogleSyncTokenGone extends Error {}
/** The grant was revoked or the refresh token is no longer valid: the person must connect again. */
export class GoogleGrantRevoked extends Error {}

export interface GoogleCalendarApi {
  authorizationUrl(opts: { state: string; redirectUri: string }): string;
  exchangeCode(code: string, redirectUri: string): Promise<GoogleTokens>;
  refresh(refreshToken: string): Promise<GoogleTokens>;
  revoke(token: string): Promise<void>;
  /** events.list on the primary calendar: from `timeMin` (a full read) or from `syncToken` (what changed since). */
  listEvents(
    accessToken: string,
    opts: { syncToken?: string; timeMin?: Date; pageToken?: string },
  ): Promise<GoogleEventPage>;
  /** Writes the event with this id (insert; an id Google already has is updated instead). */
  putEvent(accessToken: string, eventId: string, body: GoogleEventBody): Promise<void>;
  /** Deletes the event; one already gone counts as deleted. */
  deleteEvent(accessToken: string, eventId: string): Promise<void>;
  /** events.watch: Google posts to `address` with the channel's id and token when the calendar changes. */
  watch(
    accessToken: string,
    opts: { channelId: string; token: string; address: string; ttlSeconds: number },
  ): Promise<{ resourceId: string; expiresAt: Date }>;
  stopChannel(accessToken: string, opts: { channelId: string; resourceId: string }): Promise<void>;
}

/** The event id ShineRoute gives a job (base32hex, as Google requires): the same job always gets the same id. */
export const eventIdOf = (bookingId: string) => `sr${bookingId.replaceAll('-', '').toLowerCase()}`;
