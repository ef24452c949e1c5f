import type { Hono } from 'hono';
import { isHostname } from '../../../shared/custom-domains';
import type { AppEnv } from '../../http/context';
import { businessOfCustomerPath, businessOfHost, CUSTOMER_LINK_PATH } from './custom-domain.service';

/**
 * A verified custom domain serves its business's public pages (decision 1316): `/` and `/book` are its booking page,
 * `/book/{another business}` is a 404 there. Its customer links (decision 1341: /manage, /review, /pay, /quote,
 * /gallery and the API they call) answer there only for its own business — another business's token is a 404 — and
 * everything else (the API, assets) is answered as on the platform. A request for ShineRoute's own host, or any host
 * that names no verified domain, falls through untouched. Registered before the routes, it re-dispatches a rewritten
 * request through the app.
 */
export function mountCustomDomains(app: Hono<AppEnv>) {
  app.use('*', async (c, next) => {
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, '') : c.req.path;
    const bookPage = path === '/' || path === '/book' || path.startsWith('/book/');
    if (bookPage && c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const customerLink = !bookPage && CUSTOMER_LINK_PATH.test(path);
    if (!bookPage && !customerLink) return next();
    const host = (c.req.header('host') ?? '').toLowerCase().replace(/:\d+$/, '');
    if (!isHostname(host) || host === new URL(c.var.deps.publicUrl).hostname) return next();
    const business = await businessOfHost(c.var.deps.db, host);
    if (!business) return next();
    if (customerLink) {
      const owner = await businessOfCustomerPath(c.var.deps, path);
      return owner === business.id ? next() : c.text('Not found', 404);
    }
    const own = business.slug ?? business.id;
    if (path === '/' || path === '/book') {
      const url = new URL(c.req.url);
      url.pathname = `/book/${encodeURIComponent(own)}`;
      url.searchParams.delete('business');
      return app.fetch(new Request(url, c.req.raw), c.env);
    }
    const [, ref] = /^\/book\/([^/]+)/.exec(path) ?? [];
    let named = '';
    try {
      named = decodeURIComponent(ref ?? '');
    } catch {}
    if (named !== own && named !== business.id) return c.text('Not found', 404);
    return next();
  });
}
