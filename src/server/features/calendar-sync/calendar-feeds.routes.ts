import { createRoute, z } from '@hono/zod-openapi';
import { requireUser } from '../../access/guards';
import { viewerOf } from '../../access/technician-access';
import { idParamSchema, listOf, wholeList } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { guessLimit, tooManyRequestsMessage } from '../../http/rate-limits';
import { feedOfToken, listFeeds, renderFeed, rotateFeed } from './calendar-feeds.service';

const feedSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['business', 'technician']),
    technicianId: z.string().nullable(),
    name: z.string(),
    url: z.string().openapi({ description: 'The secret https address of the feed' }),
    webcalUrl: z
      .string()
      .openapi({ description: 'The same address as webcal://, which opens a calendar app' }),
    rotatedAt: z.string().nullable(),
  })
  .openapi('CalendarFeed');

const listRoute = createRoute({
  method: 'get',
  path: '/feeds',
  tags: ['Calendar sync'],
  summary:
    "The live ICS feeds: the owner sees the business's (all jobs) and each technician's, a technician their own (the whole list)",
  responses: { 200: json(listOf(feedSchema)), 401: errorResponses[401], 403: errorResponses[403] },
});
const rotateRoute = createRoute({
  method: 'post',
  path: '/feeds/{id}/rotate',
  tags: ['Calendar sync'],
  summary: 'Give a feed a new secret address; the old one answers 404 from now on',
  request: { params: idParamSchema },
  responses: {
    200: json(feedSchema),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

const router = createRouter();
router.use('*', requireUser);

export const calendarSyncApi = router
  .openapi(listRoute, async (c) => {
    const { db, publicUrl, linkSecret } = c.var.deps;
    return c.json(wholeList(await listFeeds(db, { publicUrl, linkSecret }, viewerOf(c))), 200);
  })
  .openapi(rotateRoute, async (c) => {
    const { db, publicUrl, linkSecret } = c.var.deps;
    return c.json(await rotateFeed(db, { publicUrl, linkSecret }, viewerOf(c), c.req.valid('param').id), 200);
  });

const tokenParam = z.object({ token: z.string().openapi({ param: { name: 'token', in: 'path' } }) });
const feedRoute = createRoute({
  method: 'get',
  path: '/{token}',
  tags: ['Calendar sync'],
  summary: 'A live ICS feed (RFC 5545) by its secret address; a wrong or rotated address answers 404',
  request: { params: tokenParam },
  responses: {
    200: { description: 'iCalendar', content: { 'text/calendar': { schema: z.string() } } },
    404: errorResponses[404],
    429: errorResponses[429],
  },
});

/** Misses per address and hour before every feed request of that address waits (decision 1220). */
export const FEED_GUESS_LIMIT = { max: 30, windowSeconds: 3600 };

export const calendarFeedsPublic = createRouter().openapi(feedRoute, async (c) => {
  const { db, linkSecret } = c.var.deps;
  const limit = guessLimit(db, 'calendar-feed', FEED_GUESS_LIMIT.max, FEED_GUESS_LIMIT.windowSeconds);
  const address = c.get('clientIp') ?? 'unknown';
  const wait = await limit.blocked(address);
  if (wait !== null) {
    c.header('Retry-After', String(wait));
    return c.json({ error: { message: tooManyRequestsMessage(wait) } }, 429);
  }
  const feed = await feedOfToken(db, linkSecret, c.req.valid('param').token);
  if (!feed) {
    await limit.miss(address);
    return c.json({ error: { message: 'Not found' } }, 404);
  }
  return c.body(await renderFeed(db, feed), 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Cache-Control': 'private, max-age=300',
    'X-Robots-Tag': 'noindex',
  });
});
