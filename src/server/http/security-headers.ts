import { type IncomingMessage, ServerResponse } from 'node:http';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';

/**
 * The one definition of the security headers every answer carries: the app-wide middleware below, the SEO page fast
 * path and the static web app all take them from here, so a policy changes in one place.
 */

/** The web app and the test checkout: scripts only from our own origin (no inline script), never framed. */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Radix and sonner position with inline style attributes; styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** SEO pages need no script at all: a strict policy makes any markup that slipped past the sanitiser inert. */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const BASE_HEADERS: Record<string, string> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'no-referrer',
  'Strict-Transport-Security': 'max-age=15552000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'DENY',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
};

/** The full header set for an answer under the given Content-Security-Policy. */
export function securityHeaders(csp: string = APP_CSP): Record<string, string> {
  return { ...BASE_HEADERS, 'Content-Security-Policy': csp };
}

const APP_HEADERS: readonly (readonly [string, string])[] = Object.freeze(
  Object.entries(securityHeaders(APP_CSP)).map(([name, value]) =>
    Object.freeze([name.toLowerCase(), value] as const),
  ),
);
/** The same headers as one flat list (name, value, name, value…), the form `writeHead` takes without converting. */
const APP_RAW: readonly string[] = Object.freeze(APP_HEADERS.flat());
const APP_NAMES: ReadonlySet<string> = new Set(APP_HEADERS.map(([name]) => name));

type OutgoingHeaders = Parameters<ServerResponse['writeHead']>[1];

/**
 * The app's security headers followed by an answer's own, as the one flat list `writeHead` writes as it is; a header
 * the answer sets itself (a document's sandbox CSP) replaces the app's of the same name.
 */
export function withAppSecurityHeaders(headers: OutgoingHeaders | undefined): unknown[] {
  if (headers == null) return APP_RAW as string[];
  const own: unknown[] = [];
  let replaced: Set<string> | undefined;
  const add = (name: string, value: unknown) => {
    own.push(name, value);
    const lower = name.toLowerCase();
    if (!APP_NAMES.has(lower)) return;
    replaced ??= new Set();
    replaced.add(lower);
  };
  if (Array.isArray(headers)) {
    if (Array.isArray(headers[0]))
      for (const [name, value] of headers as unknown as [string, unknown][]) add(name, value);
    else for (let i = 0; i < headers.length; i += 2) add(headers[i] as string, headers[i + 1]);
  } else {
    for (const name in headers) add(name, (headers as Record<string, unknown>)[name]);
  }
  if (!replaced) return APP_RAW.concat(own as string[]);
  const kept: unknown[] = [];
  for (let i = 0; i < APP_RAW.length; i += 2)
    if (!replaced.has(APP_RAW[i]!)) kept.push(APP_RAW[i], APP_RAW[i + 1]);
  return kept.concat(own);
}

/**
 * Node's response on the app's HTTP server (main.ts, http/node-listener.ts `createAppServer`). Once an answer is marked
 * (`secure`), `writeHead` writes the app's security headers and the answer's own in one flat list: no `setHeader` per
 * header, no header object, one pass of Node's header writer (decision 924). An unmarked answer is written as Node
 * writes any.
 */
export class SecureServerResponse<
  Request extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Request> {
  /** Set for an answer that carries the app's security headers. */
  appSecurityHeaders = false;

  override writeHead(statusCode: number, reason?: string | OutgoingHeaders, headers?: OutgoingHeaders): this {
    if (!this.appSecurityHeaders) {
      return typeof reason === 'string'
        ? super.writeHead(statusCode, reason, headers)
        : super.writeHead(statusCode, reason);
    }
    this.appSecurityHeaders = false;
    if (typeof reason === 'string')
      return super.writeHead(statusCode, reason, withAppSecurityHeaders(headers) as OutgoingHeaders);
    return super.writeHead(statusCode, withAppSecurityHeaders(reason) as OutgoingHeaders);
  }
}

/**
 * Puts the app's security headers on a Node response; headers the answer sets afterwards replace them. On the app's
 * own server (SecureServerResponse) it only marks the answer, and `writeHead` adds them.
 */
export function setAppSecurityHeaders(res: ServerResponse) {
  if (res instanceof SecureServerResponse) {
    res.appSecurityHeaders = true;
    return;
  }
  for (const [name, value] of APP_HEADERS) res.setHeader(name, value);
}

/**
 * Sets the security headers on every answer that has not set its own (e.g. a document download's sandbox CSP).
 * Served by Node (main.ts, through @hono/node-server) they go on Node's response before the route runs and the
 * answer's own headers replace them when it is written (decision 923; on the app's server, SecureServerResponse, in
 * one flat header list, decision 924), and the answer keeps its plain headers object, which the adapter writes without
 * building a fetch `Headers`. Elsewhere (app.request in tests, another runtime) they are added to the answer's
 * `Headers` afterwards, as before.
 */
export const secureResponses = createMiddleware<AppEnv>(async (c, next) => {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  if (outgoing instanceof ServerResponse && !outgoing.headersSent) {
    setAppSecurityHeaders(outgoing);
    return next();
  }
  await next();
  for (const [name, value] of APP_HEADERS) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
});
