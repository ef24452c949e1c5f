import { createRoute, z } from '@hono/zod-openapi';
import { requireUser } from '../../auth/guards';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { ensureBookingSlug } from './booking-link.service';

const linkRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Booking link'],
  summary: 'The business’s public booking link /book/{slug} (made from its name on first use, then fixed)',
  responses: {
    200: json(z.object({ slug: z.string(), url: z.string(), businessName: z.string().nullable() })),
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

export const bookingLinkRoutes = createRouter();
bookingLinkRoutes.use('*', requireUser);

export const bookingLinkApi = bookingLinkRoutes.openapi(linkRoute, async (c) =>
  c.json(await ensureBookingSlug(c.var.deps.db, c.var.businessId, c.var.deps.publicUrl), 200),
);
