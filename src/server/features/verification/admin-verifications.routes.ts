import { createRoute, z } from '@hono/zod-openapi';
import { VERIFICATION_STATUSES, VERIFICATION_TEXT } from '../../../shared/verification';
import { requireAdmin, requireUser } from '../../access/guards';
import { idParamSchema, listOf, listQuerySchema } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { documentSchema } from './verification.routes';
import { listVerificationsForReview, reviewBusiness } from './verification.service';

const reviewSchema = z
  .object({
    businessId: z.string(),
    businessName: z.string().nullable(),
    ownerName: z.string(),
    email: z.string(),
    verificationStatus: z.enum(VERIFICATION_STATUSES),
    rejectionReason: z.string().nullable(),
    submittedAt: z.string(),
    reviewedAt: z.string().nullable(),
    documents: z.array(documentSchema),
  })
  .openapi('VerificationReview');

const decisionSchema = z.object({
  businessId: z.string(),
  verificationStatus: z.enum(['verified', 'rejected']),
  rejectionReason: z.string().nullable(),
});

const tags = ['Admin'];
const adminErrors = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] };

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'The verification review queue, oldest submission first (200 a page unless `limit` says)',
  request: {
    query: listQuerySchema.omit({ q: true }).extend({
      status: z.enum([...VERIFICATION_STATUSES, 'all']).default('pending'),
      limit: z.coerce.number().int().min(1).max(200).default(200),
    }),
  },
  responses: {
    200: json(listOf(reviewSchema)),
    400: errorResponses[400],
    ...adminErrors,
  },
});
const approveRoute = createRoute({
  method: 'post',
  path: '/{id}/approve',
  tags,
  summary: 'Verify a business; the owner is emailed',
  request: { params: idParamSchema },
  responses: { 200: json(decisionSchema), 400: errorResponses[400], ...adminErrors },
});
const rejectRoute = createRoute({
  method: 'post',
  path: '/{id}/reject',
  tags,
  summary: 'Reject a business with a reason; the owner is emailed',
  request: {
    params: idParamSchema,
    body: {
      content: {
        'application/json': {
          schema: z.object({
            reason: z
              .string({ error: VERIFICATION_TEXT.reasonRequired })
              .trim()
              .min(1, VERIFICATION_TEXT.reasonRequired)
              .max(1000),
          }),
        },
      },
      required: true,
    },
  },
  responses: { 200: json(decisionSchema), 400: errorResponses[400], ...adminErrors },
});

export const adminVerificationRoutes = createRouter();
adminVerificationRoutes.use('*', requireUser, requireAdmin);

export const adminVerificationsApi = adminVerificationRoutes
  .openapi(listRoute, async (c) =>
    c.json(await listVerificationsForReview(c.var.deps.db, c.req.valid('query')), 200),
  )
  .openapi(approveRoute, async (c) =>
    c.json(
      await reviewBusiness(
        c.var.deps,
        { id: c.var.user.id, email: c.var.user.email },
        c.req.valid('param').id,
        {
          status: 'verified',
        },
      ),
      200,
    ),
  )
  .openapi(rejectRoute, async (c) =>
    c.json(
      await reviewBusiness(
        c.var.deps,
        { id: c.var.user.id, email: c.var.user.email },
        c.req.valid('param').id,
        {
          status: 'rejected',
          reason: c.req.valid('json').reason,
        },
      ),
      200,
    ),
  );
