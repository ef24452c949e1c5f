import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import { requestIdFrom, runWithRequestId } from './request-context';

/** The route pattern the app matched for a request (app.ts sets it); requests answered before the app have none. */
const routes = new WeakMap<IncomingMessage, string>();

export function setRouteOf(req: IncomingMessage, pattern: string) {
  routes.set(req, pattern);
}

/** Requests answered on the HTTP server ahead of the app (node-listener.ts) are named here. */
function routeOf(req: IncomingMessage): string {
  const known = routes.get(req);
  if (known) return known;
  const path = (req.url ?? '/').split('?')[0]!;
  if (path === '/api/health') return '/api/health';
  if (path.startsWith('/seo/')) return '/seo/:slug';
  if (path === '/api/public/availability') return '/api/public/availability';
  return 'unmatched';
}

/**
 * Wraps the HTTP server's listener: every request gets an id (a valid X-Request-Id it came with, else a new one),
 * answered in X-Request-Id and carried through everything it causes (request-context.ts); once answered it is
 * counted and timed by route pattern and logged as one JSON line (health probes are counted, not logged).
 */
export function observeRequests(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  opts: { logger: Logger; metrics: Metrics },
) {
  const debug = opts.logger.isLevelEnabled('debug');
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdFrom(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', requestId);
    if (debug) {
      const path = (req.url ?? '/').split('?')[0];
      opts.logger.debug({ reqId: requestId, method: req.method, path }, 'request started');
    }
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(req);
      const method = req.method ?? 'GET';
      opts.metrics.observeRequest(method, route, res.statusCode, seconds);
      if (route === '/api/health') return;
      const line = {
        reqId: requestId,
        method,
        route,
        status: res.statusCode,
        ms: Math.round(seconds * 10_000) / 10,
      };
      if (res.statusCode >= 500) opts.logger.error(line, 'request failed');
      else opts.logger.info(line, 'request');
    });
    runWithRequestId(requestId, () => listener(req, res));
  };
}
