import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BetterAuthOptions } from 'better-auth';
import { sql } from 'drizzle-orm';
import type { Auth } from '../auth/auth';
import type { Database } from '../db/client';
import { accountStatus, session, user, userRoles } from '../db/schema';
import { type MemberRole, signedInState } from './membership';

/**
 * The signed-in check of every owner, technician and admin request in one query (decision 925): the session by its
 * token with its user, the account's suspension and the technician's business. It keeps better-auth's own reading of
 * the session cookie (api/routes/session.ts, `getSession`, better-auth 1.7) — signed-in.test.ts holds the two to the
 * same answers:
 * - the cookie is better-auth's session cookie (its name from better-auth's context, `__Secure-` on https) and carries
 *   `token.signature`, the signature HMAC-SHA256 of the token with the auth secret in base64 (better-call's signed
 *   cookie); a missing, unsigned or wrongly signed cookie is no session;
 * - a session past its expiresAt is deleted and is no session;
 * - a session whose expiresAt is older than `expiresIn - updateAge` gets a fresh expiresAt (the sliding session),
 *   unless the signed "don't remember me" cookie came along; a session deleted meanwhile is no session;
 * Nothing is cached: a revoked or deleted session is refused on its next request.
 */
export interface SignedIn {
  user: { id: string; email: string; name: string; firstName: string; lastName: string };
  sessionToken: string;
  businessId: string;
  memberRole: MemberRole;
  suspended: boolean;
}

interface CookieSettings {
  sessionCookie: string;
  dontRememberCookie: string;
  secret: string;
  expiresInSec: number;
  updateAgeSec: number;
  refresh: boolean;
  /** Settings under which the session may not be in the database or be read differently: ask better-auth. */
  askBetterAuth: boolean;
}

const settingsOf = new WeakMap<Auth, Promise<CookieSettings>>();

function cookieSettings(auth: Auth): Promise<CookieSettings> {
  let settings = settingsOf.get(auth);
  if (!settings) {
    settings = auth.$context.then((ctx) => {
      const options = ctx.options as BetterAuthOptions;
      return {
        sessionCookie: ctx.authCookies.sessionToken.name,
        dontRememberCookie: ctx.authCookies.dontRememberToken.name,
        secret: ctx.secret,
        expiresInSec: ctx.sessionConfig.expiresIn,
        updateAgeSec: ctx.sessionConfig.updateAge,
        refresh: !options.session?.disableSessionRefresh,
        askBetterAuth: Boolean(
          options.secondaryStorage ||
            options.session?.cookieCache?.enabled ||
            options.session?.deferSessionRefresh ||
            options.plugins?.length,
        ),
      };
    });
    settingsOf.set(auth, settings);
  }
  return settings;
}

/** The value of the first cookie of that name, as better-call's parseCookies reads it (trimmed, unquoted, decoded). */
export function cookieValue(header: string, name: string): string | null {
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf('=', index);
    if (eq === -1) break;
    let end = header.indexOf(';', index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(';', eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      if (!value.includes('%')) return value;
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
    index = end + 1;
  }
  return null;
}

/** The signed value of a cookie when its signature is the auth secret's, else null (better-call's getSignedCookie). */
export function verifiedCookie(header: string, name: string, secret: string): string | null {
  const raw = cookieValue(header, name);
  if (!raw) return null;
  const dot = raw.lastIndexOf('.');
  if (dot < 1) return null;
  const value = raw.slice(0, dot);
  const signature = raw.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(value).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

/**
 * The signed-in account of a request, or null (no valid session). A suspended account's state says so; the caller
 * ends its sessions (decision 810).
 */
export async function readSignedIn(auth: Auth, db: Database, headers: Headers): Promise<SignedIn | null> {
  const settings = await cookieSettings(auth);
  if (settings.askBetterAuth) return readThroughBetterAuth(auth, db, headers);
  const cookies = headers.get('cookie');
  if (!cookies) return null;
  const token = verifiedCookie(cookies, settings.sessionCookie, settings.secret);
  if (!token) return null;
  const result = await db.execute<{
    user_id: string;
    expires_at: string | Date;
    email: string;
    name: string;
    first_name: string | null;
    last_name: string | null;
    suspended: boolean | null;
    technician_of: string | null;
  }>(sql`
    select s.user_id, s.expires_at, u.email, u.name, u.first_name, u.last_name,
      (select ${accountStatus.suspendedAt} is not null from ${accountStatus} where ${accountStatus.userId} = s.user_id) as suspended,
      (select ${userRoles.businessId} from ${userRoles}
        where ${userRoles.userId} = s.user_id and ${userRoles.role} = 'technician' and ${userRoles.businessId} is not null
        limit 1) as technician_of
    from ${session} s join ${user} u on u.id = s.user_id
    where s.token = ${token}`);
  const row = result.rows[0];
  if (!row) return null;
  const expiresAt = new Date(row.expires_at).getTime();
  const now = Date.now();
  if (expiresAt < now) {
    await db.execute(sql`delete from ${session} where ${session.token} = ${token}`);
    return null;
  }
  // better-auth's sliding session: refreshed once a day at most (updateAge), never for "don't remember me".
  if (settings.refresh && expiresAt - settings.expiresInSec * 1000 + settings.updateAgeSec * 1000 <= now) {
    const dontRemember = verifiedCookie(cookies, settings.dontRememberCookie, settings.secret);
    if (!dontRemember) {
      const updated = await db.execute(sql`
        update ${session} set expires_at = ${new Date(now + settings.expiresInSec * 1000).toISOString()}::timestamptz,
          updated_at = ${new Date(now).toISOString()}::timestamptz
        where ${session.token} = ${token} returning 1`);
      if (!updated.rows.length) return null;
    }
  }
  const technicianOf = row.technician_of && row.technician_of !== row.user_id ? row.technician_of : null;
  return {
    user: {
      id: row.user_id,
      email: row.email,
      name: row.name,
      firstName: row.first_name ?? '',
      lastName: row.last_name ?? '',
    },
    sessionToken: token,
    businessId: technicianOf ?? row.user_id,
    memberRole: technicianOf ? 'technician' : 'owner',
    suspended: Boolean(row.suspended),
  };
}

/** The same answer through better-auth's getSession and a second query (for settings this module does not read). */
async function readThroughBetterAuth(auth: Auth, db: Database, headers: Headers): Promise<SignedIn | null> {
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  const state = await signedInState(db, result.user.id);
  const u = result.user as typeof result.user & { firstName?: string; lastName?: string };
  return {
    user: {
      id: u.id,
      email: u.email,
      name: u.name,
      firstName: u.firstName ?? '',
      lastName: u.lastName ?? '',
    },
    sessionToken: result.session.token,
    ...state,
  };
}
