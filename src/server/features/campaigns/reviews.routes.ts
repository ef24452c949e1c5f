import { createRoute, z } from '@hono/zod-openapi';
import { reviewInputSchema } from '../../../shared/messaging';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { reviewView, submitReview } from './reviews.service';
import { tokenParam } from './self-service.routes';

// Public, by the unguessable token in the review request (decision 614).

const viewSchema = z
  .object({
    businessName: z.string(),
    serviceName: z.string(),
    firstName: z.string().nullable(),
    submitted: z.boolean(),
    canReview: z.boolean(),
    externalReviewLink: z.string().nullable(),
  })
  .openapi('ReviewPage');

const tags = ['Reviews'];

const viewRoute = createRoute({
  method: 'get',
  path: '/{token}',
  tags,
  summary: 'The completed booking a review link names, and whether it can still be reviewed',
  request: { params: tokenParam },
  responses: { 200: json(viewSchema), 404: errorResponses[404] },
});
const submitRoute = createRoute({
  method: 'post',
  path: '/{token}',
  tags,
  summary: "The customer's review (rating 1–5 and text), once; it becomes an unfeatured testimonial",
  request: {
    params: tokenParam,
    body: { content: { 'application/json': { schema: reviewInputSchema } }, required: true },
  },
  responses: {
    200: json(viewSchema),
    400: errorResponses[400],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});

export const reviewsApi = createRouter()
  .openapi(viewRoute, async (c) => c.json(await reviewView(c.var.deps.db, c.req.valid('param').token), 200))
  .openapi(submitRoute, async (c) =>
    c.json(await submitReview(c.var.deps.db, c.req.valid('param').token, c.req.valid('json')), 200),
  );
