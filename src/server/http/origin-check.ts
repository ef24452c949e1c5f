import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';
import { trustedOrigins } from './trusted-origins';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence of our own (SameSite=Lax alone let a cross-site form approve a verification): a write that carries
 * a cookie, and every sign-in/up, must come from one of our origins. Browsers send Origin on every cross-origin
 * write and Sec-Fetch-Site on every request; a client that sends neither (curl, a server) is not a browser that a
 * third-party page could drive. Webhooks carry no cookie and are authenticated by their signature.
 */
export function originCheck(publicUrl: string) {
  const allowed = new Set(trustedOrigins(publicUrl));
  const refusal = (origin: string) =>
    `This request came from ${origin}, which is not this ShineRoute's address. Open ShineRoute at ${new URL(publicUrl).origin} and try again.`;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (READS.has(c.req.method)) return next();
    const isAuth = c.req.path.startsWith('/api/auth/');
    if (!isAuth && !c.req.header('cookie')) return next();
    const origin = c.req.header('origin');
    if (origin && origin !== 'null') {
      if (!allowed.has(origin)) return c.json({ error: { message: refusal(origin) } }, 403);
      return next();
    }
    const site = c.req.header('sec-fetch-site');
    if (origin === 'null' || (site && site !== 'same-origin' && site !== 'none')) {
      return c.json({ error: { message: refusal(origin ?? 'another site') } }, 403);
    }
    return next();
  });
}
