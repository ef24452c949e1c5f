import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLIENT_IP_HEADER } from '../../auth/auth';
import { clientAddress, trustedProxyHops } from '../../http/client-address';
import type { AppDeps } from '../../http/context';
import { PLAIN_HOST } from '../../http/node-listener';
import { limiterOf, tooManyRequestsMessage, ZIP_CHECK_LIMIT } from '../../http/rate-limits';
import { setAppSecurityHeaders } from '../../http/security-headers';
import { zipCheckCounterOf } from '../analytics/zip-check-counter';
import { zipAreasOf } from './zip-areas';

/** The one request form this path answers: a GET of the check with a five-digit zip and nothing else. */
const ZIP_CHECK_URL = /^\/api\/public\/availability\?zip=(\d{5})$/;

/**
 * `GET /api/public/availability?zip=NNNNN` answered on the HTTP server, ahead of Hono (docs/decisions/0923), as
 * /seo/{slug} is (decision 309): the landing page's zip check is the product's most frequent request, and Hono's
 * fetch adapter, router, validator and middleware chain cost more than the answer, which comes from memory
 * (decision 901).
 *
 * It does what the app does for that request, with the app's own parts: the security headers (http/security-headers),
 * the client address (http/client-address), the same per-address limiter instance (http/rate-limits, limiterOf) and
 * 429, the zip areas in memory and the analytics counter. The app's other middleware does nothing for such a GET
 * (no body, no origin check for reads, a NUL cannot pass the pattern, no write). It answers only when that is
 * possible at once from memory; anything else — another form of the URL, an invalid zip (the app's 400), HEAD, an
 * unusual Host, a client-sent address header, or a due look at the areas' counter — returns false before counting
 * anything, and the app answers as before. The route in public.routes.ts stays the documented one.
 */
export function zipCheckListener(deps: AppDeps) {
  const areas = zipAreasOf(deps.db);
  const counter = zipCheckCounterOf(deps.db);
  const hitNow = limiterOf(deps.db, ZIP_CHECK_LIMIT, { exclusiveDatabase: deps.exclusiveDatabase }).hitNow;
  if (!hitNow) throw new Error('the zip check limit must be a batched limit');
  const hops = trustedProxyHops(deps);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET') return false;
    const match = ZIP_CHECK_URL.exec(req.url ?? '');
    if (!match) return false;
    const { host } = req.headers;
    if (!host || !PLAIN_HOST.test(host) || req.headers[CLIENT_IP_HEADER] !== undefined) return false;
    const zip = match[1]!;
    const answer = areas.checkNow(zip);
    if (!answer) return false;
    setAppSecurityHeaders(res);
    // Node joins repeated X-Forwarded-For lines into one string, as the app reads it.
    const forwardedFor = req.headers['x-forwarded-for'];
    const address = clientAddress(
      hops,
      typeof forwardedFor === 'string' ? forwardedFor : undefined,
      () => req.socket.remoteAddress,
    );
    const wait = hitNow(address ?? 'unknown');
    if (wait !== null) {
      const body = JSON.stringify({ error: { message: tooManyRequestsMessage(wait) } });
      res.writeHead(429, {
        'Retry-After': String(wait),
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
      });
      res.end(body);
      return true;
    }
    counter.record(zip, answer.available);
    const body = JSON.stringify(answer);
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
    return true;
  };
}
