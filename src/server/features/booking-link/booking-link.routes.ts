import { createRoute, z } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import { bookingLinkInputSchema } from '../../../shared/booking-link';
import { requireOwnerForWrites, requireUser } from '../../access/guards';
import type { AppEnv } from '../../http/context';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { changeBookingSlug, ensureBookingSlug, redirectedBookingSlug } from './booking-link.service';

const linkSchema = z.object({
  slug: z.string().nullable(),
  url: z.string().nullable(),
  businessName: z.string().nullable(),
});

const linkRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Booking link'],
  summary:
    'The business’s public booking link /book/{slug} (made from its name once it has one; null before)',
  responses: {
    200: json(linkSchema),
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

const changeRoute = createRoute({
  method: 'put',
  path: '/',
  tags: ['Booking link'],
  summary: 'Change the booking link’s slug (owner); the old link redirects to the new one',
  request: { body: { content: { 'application/json': { schema: bookingLinkInputSchema } }, required: true } },
  responses: {
    200: json(linkSchema),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    409: errorResponses[409],
  },
});

export const bookingLinkRoutes = createRouter();
bookingLinkRoutes.use('*', requireUser, requireOwnerForWrites);

export const bookingLinkApi = bookingLinkRoutes
  .openapi(linkRoute, async (c) =>
    c.json(await ensureBookingSlug(c.var.deps.db, c.var.businessId, c.var.deps.publicUrl), 200),
  )
  .openapi(changeRoute, async (c) =>
    c.json(
      await changeBookingSlug(c.var.deps.db, c.var.businessId, c.req.valid('json'), c.var.deps.publicUrl),
      200,
    ),
  );

/** /book/{former slug} → 308 to the business's current link, query kept (decision 0955). */
export function mountBookingLinkRedirects(app: Hono<AppEnv>) {
  app.get('/book/:slug', async (c, next) => {
    const slug = c.req.param('slug');
    const current = await redirectedBookingSlug(c.var.deps.db, slug);
    if (!current || current === slug) return next();
    const search = new URL(c.req.url).search;
    return c.redirect(`/book/${encodeURIComponent(current)}${search}`, 308);
  });
}
