import { createRoute, z } from '@hono/zod-openapi';
import { availabilityQuerySchema, waitlistInputSchema } from '../../../shared/public.schemas';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { zipCheckCounterOf } from '../analytics/zip-check-counter';
import { joinWaitlist } from './public.service';
import { zipAreasOf } from './zip-areas';

const availabilitySchema = z
  .object({
    zip: z.string(),
    available: z.boolean(),
    area: z.object({ city: z.string(), state: z.string(), stateCode: z.string().nullable() }).nullable(),
    businesses: z.array(z.object({ id: z.string(), name: z.string().nullable() })),
  })
  .openapi('Availability');

const availabilityRoute = createRoute({
  method: 'get',
  path: '/availability',
  tags: ['Public'],
  summary: 'Is a zip code served by an active service area?',
  request: { query: availabilityQuerySchema },
  responses: { 200: json(availabilitySchema), 400: errorResponses[400] },
});

const waitlistRoute = createRoute({
  method: 'post',
  path: '/waitlist',
  tags: ['Public'],
  summary: 'Join the launch waitlist for a zip code',
  request: { body: { content: { 'application/json': { schema: waitlistInputSchema } }, required: true } },
  responses: {
    201: json(z.object({ success: z.literal(true), alreadyJoined: z.boolean() }), 'Joined'),
    400: errorResponses[400],
  },
});

export const publicRoutes = createRouter()
  .openapi(availabilityRoute, async (c) => {
    const { zip } = c.req.valid('query');
    // c.get, not c.var (which builds an object of every variable on each read): the product's most frequent request.
    const { db } = c.get('deps');
    const answer = await zipAreasOf(db).check(zip);
    zipCheckCounterOf(db).record(zip, answer.available);
    return c.json(answer, 200);
  })
  .openapi(waitlistRoute, async (c) => {
    const body = c.req.valid('json');
    const result = await joinWaitlist(c.var.deps.db, {
      email: body.email,
      zipCode: body.zip_code,
      userAgent: c.req.header('user-agent') ?? null,
      ipAddress: c.var.clientIp,
    });
    return c.json({ success: true as const, ...result }, 201);
  });
