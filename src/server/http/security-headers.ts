import { ServerResponse } from 'node:http';
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
  Object.entries(securityHeaders(APP_CSP)).map(([name, value]) => Object.freeze([name.toLowerCase(), value] as const)),
);

/** Puts the app's security headers on a Node response; headers the answer sets afterwards replace them. */
export function setAppSecurityHeaders(res: ServerResponse) {
  for (const [name, value] of APP_HEADERS) res.setHeader(name, value);
}

/**
 * Sets the security headers on every answer that has not set its own (e.g. a document download's sandbox CSP).
 * Served by Node (main.ts, through @hono/node-server) they go on Node's response before the route runs: the answer's
 * own headers replace them when it is written (`writeHead` sets each of its headers over these), and the answer keeps
 * its plain headers object, which the adapter writes without building a fetch `Headers` (decision 923). Elsewhere
 * (app.request in tests, another runtime) they are added to the answer's `Headers` afterwards, as before.
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
