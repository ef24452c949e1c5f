import { createRoute } from '@hono/zod-openapi';
import { insightsDigestSchema } from '../../../shared/insights';
import { requireFeature, requireOwner, requireUser } from '../../access/guards';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { digestOf } from './insights.service';

const digestRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Analytics'],
  summary:
    "This week's insights: 3–5 findings worth acting on, each with its figures and one action (Elite; written once a week)",
  responses: {
    200: json(insightsDigestSchema.openapi('InsightsDigest')),
    401: errorResponses[401],
    402: errorResponses[402],
    403: errorResponses[403],
  },
});

export const insightsRoutes = createRouter();
insightsRoutes.use('*', requireUser, requireOwner, requireFeature('insights'));

export const insightsApi = insightsRoutes.openapi(digestRoute, async (c) =>
  c.json(await digestOf(c.var.deps, c.var.businessId), 200),
);
