import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local fake of Google's Calendar API and OAuth endpoints (decision 1252), for tests and the e2e server: the real
// adapter (providers/google-calendar/google-api.ts) is pointed at it with GOOGLE_API_BASE. It keeps one primary
// calendar, counts every write, and answers like Google where sync depends on it (409 on a known id, 410 on a
// forgotten sync token, 401 on an expired access token).

interface FakeEvent {
  id: string;
  status: 'confirmed' | 'cancelled';
  summary?: string;
  start: { dateTime?: string; date?: string };
  end: { dateTime?: string; date?: string };
  transparency?: string;
  extendedProperties?: { private?: Record<string, string> };
  version: number;
}
export interface FakeChannel {
  id: string;
  token: string;
  address: string;
  resourceId: string;
  expiration: number;
  stopped: boolean;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => resolve(body));
  });

export async function startFakeGoogle(opts: { account?: string; port?: number } = {}) {
  const account = opts.account ?? 'pat@example.com';
  const events = new Map<string, FakeEvent>();
  const writes: { method: 'insert' | 'update' | 'delete'; eventId: string }[] = [];
  const channels: FakeChannel[] = [];
  const revoked: string[] = [];
  const refreshes: string[] = [];
  /** Every events.list: incremental (with a sync token) or full. */
  const lists: ('full' | 'incremental')[] = [];
  const validAccess = new Set<string>();
  const refreshTokens = new Set<string>();
  const codes = new Map<string, { access: string; refresh: string }>();
  const forgotten = new Set<string>();
  let version = 1;
  let issued = 0;

  const issue = () => {
    const access = `access-${++issued}-${randomUUID()}`;
    validAccess.add(access);
    return access;
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await read(req);
    const send = (status: number, json?: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(json === undefined ? '' : JSON.stringify(json));
    };
    const fail = (status: number, message: string) => send(status, { error: { code: status, message } });

    // OAuth: the consent page sends the browser straight back with a code.
    if (url.pathname === '/o/oauth2/v2/auth') {
      const code = `code-${randomUUID()}`;
      codes.set(code, { access: issue(), refresh: `refresh-${randomUUID()}` });
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(body);
      if (form.get('grant_type') === 'authorization_code') {
        const grant = codes.get(form.get('code') ?? '');
        if (!grant) return send(400, { error: 'invalid_grant' });
        codes.delete(form.get('code') ?? '');
        refreshTokens.add(grant.refresh);
        return send(200, { access_token: grant.access, refresh_token: grant.refresh, expires_in: 3600 });
      }
      const refresh = form.get('refresh_token') ?? '';
      if (!refreshTokens.has(refresh)) return send(400, { error: 'invalid_grant' });
      refreshes.push(refresh);
      return send(200, { access_token: issue(), expires_in: 3600 });
    }
    if (url.pathname === '/revoke' && req.method === 'POST') {
      const token = new URLSearchParams(body).get('token') ?? '';
      revoked.push(token);
      refreshTokens.delete(token);
      return send(200, {});
    }

    // What the fake was asked to write, for a person trying it out or a journey.
    if (url.pathname === '/_fake/writes' && req.method === 'GET') return send(200, { writes });

    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!validAccess.has(bearer)) return fail(401, 'Invalid Credentials');

    if (url.pathname === '/calendar/v3/channels/stop' && req.method === 'POST') {
      const { id, resourceId } = JSON.parse(body) as { id: string; resourceId: string };
      const channel = channels.find((c) => c.id === id && c.resourceId === resourceId);
      if (!channel) return fail(404, 'Channel not found');
      channel.stopped = true;
      return send(204);
    }
    const m = url.pathname.match(/^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/);
    if (m?.[1] !== 'primary') return fail(404, 'Not Found');
    const eventId = m?.[2] ? decodeURIComponent(m[2]) : undefined;

    if (eventId === 'watch' && req.method === 'POST') {
      const w = JSON.parse(body) as { id: string; token: string; address: string; params?: { ttl?: string } };
      const channel = {
        id: w.id,
        token: w.token,
        address: w.address,
        resourceId: `resource-${randomUUID()}`,
        expiration: Date.now() + Number(w.params?.ttl ?? 604800) * 1000,
        stopped: false,
      };
      channels.push(channel);
      return send(200, {
        kind: 'api#channel',
        id: w.id,
        resourceId: channel.resourceId,
        expiration: String(channel.expiration),
      });
    }
    if (!eventId && req.method === 'GET') {
      const syncToken = url.searchParams.get('syncToken');
      lists.push(syncToken ? 'incremental' : 'full');
      if (syncToken && (forgotten.has(syncToken) || !/^v\d+$/.test(syncToken)))
        return fail(410, 'Sync token is no longer valid, a full sync is required.');
      const since = syncToken ? Number(syncToken.slice(1)) : 0;
      const items = [...events.values()].filter((e) =>
        syncToken ? e.version > since : e.status !== 'cancelled',
      );
      return send(200, {
        kind: 'calendar#events',
        summary: account,
        items: items.map(({ version: _v, ...e }) => e),
        nextSyncToken: `v${version}`,
      });
    }
    if (!eventId && req.method === 'POST') {
      const e = JSON.parse(body) as Omit<FakeEvent, 'version'>;
      if (events.has(e.id)) return fail(409, 'The requested identifier already exists.');
      events.set(e.id, { ...e, status: 'confirmed', version: ++version });
      writes.push({ method: 'insert', eventId: e.id });
      return send(200, e);
    }
    if (eventId && req.method === 'PUT') {
      if (!events.has(eventId)) return fail(404, 'Not Found');
      const e = JSON.parse(body) as Omit<FakeEvent, 'version' | 'id'>;
      events.set(eventId, { ...e, id: eventId, status: 'confirmed', version: ++version });
      writes.push({ method: 'update', eventId });
      return send(200, { ...e, id: eventId });
    }
    if (eventId && req.method === 'DELETE') {
      const e = events.get(eventId);
      if (!e || e.status === 'cancelled') return fail(410, 'Resource has been deleted');
      events.set(eventId, { ...e, status: 'cancelled', version: ++version });
      writes.push({ method: 'delete', eventId });
      return send(204);
    }
    return fail(404, 'Not Found');
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    events,
    writes,
    channels,
    revoked,
    refreshes,
    lists,
    /** A personal event of the calendar's owner (busy unless transparent). */
    putPersonal(id: string, start: Date, end: Date, extra: Partial<FakeEvent> = {}) {
      events.set(id, {
        id,
        status: 'confirmed',
        summary: 'Dentist',
        start: { dateTime: start.toISOString() },
        end: { dateTime: end.toISOString() },
        ...extra,
        version: ++version,
      });
    },
    cancelPersonal(id: string) {
      const e = events.get(id);
      if (e) events.set(id, { ...e, status: 'cancelled', version: ++version });
    },
    /** Google forgets every sync token given so far (the next incremental read answers 410). */
    forgetSyncTokens() {
      for (let v = 0; v <= version; v++) forgotten.add(`v${v}`);
    },
    /** Every access token issued so far expires (the next call must refresh). */
    expireAccessTokens() {
      validAccess.clear();
    },
    /** A code for the callback, as if the person had consented. */
    consent() {
      const code = `code-${randomUUID()}`;
      codes.set(code, { access: issue(), refresh: `refresh-${randomUUID()}` });
      return code;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;
