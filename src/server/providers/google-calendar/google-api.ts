import { calendar, type calendar_v3 } from '@googleapis/calendar';
import { requestIdHeaders } from '../../observability/request-context';
import {
  type GoogleCalendarApi,
  type GoogleEventBody,
  GoogleGrantRevoked,
  GoogleSyncTokenGone,
  type GoogleTokens,
} from './google-calendar';

export interface GoogleApiConfig {
  clientId: string;
  clientSecret: string;
  /** Another base for every Google address (a local fake); default Google's own. */
  apiBase?: string;
}

const SCOPE = 'https://www.googleapis.com/auth/calendar.events';
const TIMEOUT_MS = 15_000;

const statusOf = (err: unknown) => {
  const e = err as { status?: number; code?: number | string; response?: { status?: number } };
  return e.status ?? e.response?.status ?? (typeof e.code === 'number' ? e.code : undefined);
};

const bodyOf = (b: GoogleEventBody): calendar_v3.Schema$Event => ({
  summary: b.summary,
  location: b.location,
  description: b.description,
  start: { dateTime: b.start.toISOString(), timeZone: b.timeZone },
  end: { dateTime: b.end.toISOString(), timeZone: b.timeZone },
  status: 'confirmed',
  extendedProperties: { private: { shinerouteBooking: b.bookingId } },
});

/** The real adapter: @googleapis/calendar for the calendar, Google's OAuth endpoints for tokens. */
export function googleCalendarApi(config: GoogleApiConfig): GoogleCalendarApi {
  const base = config.apiBase?.replace(/\/+$/, '');
  const urls = {
    root: base ? `${base}/` : 'https://www.googleapis.com/',
    auth: base ? `${base}/o/oauth2/v2/auth` : 'https://accounts.google.com/o/oauth2/v2/auth',
    token: base ? `${base}/token` : 'https://oauth2.googleapis.com/token',
    revoke: base ? `${base}/revoke` : 'https://oauth2.googleapis.com/revoke',
  };
  const api = calendar({ version: 'v3', rootUrl: urls.root, timeout: TIMEOUT_MS, retry: false });
  // Read per call: each carries the id of the request or job it serves (decision 1291).
  const as = (accessToken: string) => ({
    headers: { Authorization: `Bearer ${accessToken}`, ...requestIdHeaders() },
  });

  async function tokenRequest(form: Record<string, string>): Promise<GoogleTokens> {
    const res = await fetch(urls.token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...requestIdHeaders() },
      body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...form }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const json = (await res.json().catch(() => ({}))) as {
      access_token?: string;
      refresh_token?: string;
      expires_in?: number;
      error?: string;
    };
    if (json.error === 'invalid_grant')
      throw new GoogleGrantRevoked('Google refused the grant; connect again');
    if (!res.ok || !json.access_token) throw new Error(`Google's token endpoint answered ${res.status}`);
    return {
      accessToken: json.access_token,
      refreshToken: json.refresh_token,
      expiresAt: new Date(Date.now() + (json.expires_in ?? 3600) * 1000),
    };
  }

  return {
    authorizationUrl({ state, redirectUri }) {
      const q = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: SCOPE,
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
      });
      return `${urls.auth}?${q}`;
    },
    exchangeCode: (code, redirectUri) =>
      tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: (refreshToken) => tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async revoke(token) {
      await fetch(urls.revoke, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...requestIdHeaders() },
        body: new URLSearchParams({ token }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    },
    async listEvents(accessToken, opts) {
      try {
        const { data } = await api.events.list(
          {
            calendarId: 'primary',
            singleEvents: true,
            maxResults: 250,
            showDeleted: Boolean(opts.syncToken),
            syncToken: opts.syncToken,
            timeMin: opts.syncToken ? undefined : opts.timeMin?.toISOString(),
            pageToken: opts.pageToken,
          },
          as(accessToken),
        );
        return {
          summary: data.summary,
          nextPageToken: data.nextPageToken,
          nextSyncToken: data.nextSyncToken,
          items: (data.items ?? []).map((e) => ({
            id: e.id ?? '',
            status: e.status,
            transparency: e.transparency,
            start: e.start,
            end: e.end,
            bookingId: e.extendedProperties?.private?.shinerouteBooking ?? null,
          })),
        };
      } catch (err) {
        if (statusOf(err) === 410) throw new GoogleSyncTokenGone('The sync token expired');
        throw err;
      }
    },
    async putEvent(accessToken, eventId, body) {
      try {
        await api.events.insert(
          { calendarId: 'primary', sendUpdates: 'none', requestBody: { id: eventId, ...bodyOf(body) } },
          as(accessToken),
        );
      } catch (err) {
        // The id is the job's: a retried insert, or a job written before, is updated in place.
        if (statusOf(err) !== 409) throw err;
        await api.events.update(
          { calendarId: 'primary', eventId, sendUpdates: 'none', requestBody: bodyOf(body) },
          as(accessToken),
        );
      }
    },
    async deleteEvent(accessToken, eventId) {
      try {
        await api.events.delete({ calendarId: 'primary', eventId, sendUpdates: 'none' }, as(accessToken));
      } catch (err) {
        const status = statusOf(err);
        if (status !== 404 && status !== 410) throw err;
      }
    },
    async watch(accessToken, opts) {
      const { data } = await api.events.watch(
        {
          calendarId: 'primary',
          requestBody: {
            id: opts.channelId,
            type: 'web_hook',
            address: opts.address,
            token: opts.token,
            params: { ttl: String(opts.ttlSeconds) },
          },
        },
        as(accessToken),
      );
      return {
        resourceId: data.resourceId ?? '',
        expiresAt: new Date(Number(data.expiration ?? Date.now() + opts.ttlSeconds * 1000)),
      };
    },
    async stopChannel(accessToken, opts) {
      try {
        await api.channels.stop(
          { requestBody: { id: opts.channelId, resourceId: opts.resourceId } },
          as(accessToken),
        );
      } catch (err) {
        if (statusOf(err) !== 404) throw err;
      }
    },
  };
}

/** The adapter the environment configures, or null: Google Calendar is then shown as not configured. */
export function createGoogleCalendar(env: {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_API_BASE?: string;
}): GoogleCalendarApi | null {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  return googleCalendarApi({
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    apiBase: env.GOOGLE_API_BASE,
  });
}
