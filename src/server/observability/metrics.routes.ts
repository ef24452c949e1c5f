import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * GET /metrics: this instance's Prometheus metrics, for holders of METRICS_TOKEN (`Authorization: Bearer …`). With no
 * token configured the path does not exist (404); with one, any other caller gets a 401.
 */
export const metricsRoute = new Hono<AppEnv>().get('/', async (c) => {
  const { metrics, metricsToken } = c.var.deps;
  if (!metrics || !metricsToken) return c.json({ error: { message: 'Not found' } }, 404);
  const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
  if (!timingSafeEqual(digest(given), digest(metricsToken))) {
    c.header('WWW-Authenticate', 'Bearer');
    return c.json({ error: { message: 'A valid metrics token is required' } }, 401);
  }
  c.header('Content-Type', metrics.registry.contentType);
  c.header('Cache-Control', 'no-store');
  return c.body(await metrics.registry.metrics());
});
