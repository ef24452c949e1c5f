import { createRoute, z } from '@hono/zod-openapi';
import {
  CAMPAIGN_TYPES,
  campaignInputSchema,
  SEND_STATUSES,
  templateInputSchema,
} from '../../../shared/campaigns';
import { requireFeature, requireOwner, requireUser } from '../../access/guards';
import { idParamSchema, listOf, listQuerySchema } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { startCampaignSend } from './campaign-send.service';
import {
  audienceSize,
  campaignRecipients,
  campaignStats,
  createCampaign,
  createTemplate,
  deleteTemplate,
  findCampaign,
  listCampaigns,
  listTemplates,
  toCampaign,
  updateTemplate,
} from './campaigns.service';

const campaignSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(CAMPAIGN_TYPES),
    subject: z.string().nullable(),
    message: z.string(),
    templateId: z.string().nullable(),
    targetAudience: z.string(),
    status: z.string(),
    recipientCount: z.number().int(),
    sentCount: z.number().int(),
    failedCount: z.number().int(),
    skippedCount: z.number().int(),
    failureReason: z.string().nullable(),
    deliveryRatePercent: z.number().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi('Campaign');

const templateSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(CAMPAIGN_TYPES),
    category: z.string(),
    subject: z.string().nullable(),
    content: z.string(),
    builtIn: z.boolean(),
  })
  .openapi('MessageTemplate');

const recipientSchema = z
  .object({
    id: z.string(),
    customerName: z.string(),
    to: z.string(),
    status: z.enum(SEND_STATUSES).or(z.string()),
    error: z.string().nullable(),
    sentAt: z.string().nullable(),
    openedAt: z.string().nullable(),
    openCount: z.number().int(),
    clickCount: z.number().int(),
  })
  .openapi('CampaignRecipient');

const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});
const signedIn = { 401: errorResponses[401], 402: errorResponses[402] };
const tags = ['Campaigns'];

const statsRoute = createRoute({
  method: 'get',
  path: '/stats',
  tags,
  summary:
    'The four summary cards: campaigns, messages sent, customers, measured open rate (null before any)',
  responses: {
    200: json(
      z.object({
        totalCampaigns: z.number().int(),
        messagesSent: z.number().int(),
        activeCustomers: z.number().int(),
        openRatePercent: z.number().nullable(),
      }),
    ),
    ...signedIn,
  },
});
const audienceRoute = createRoute({
  method: 'get',
  path: '/audience',
  tags,
  summary: 'How many customers a campaign of this type reaches (consent) and how many are skipped',
  request: { query: z.object({ type: z.enum(CAMPAIGN_TYPES) }) },
  responses: {
    200: json(z.object({ recipients: z.number().int(), skipped: z.number().int() })),
    400: errorResponses[400],
    ...signedIn,
  },
});
const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Campaigns, newest first',
  request: { query: listQuerySchema },
  responses: { 200: json(listOf(campaignSchema)), 400: errorResponses[400], ...signedIn },
});
const createCampaignRoute = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Create a draft campaign',
  request: { body: jsonBody(campaignInputSchema) },
  responses: {
    201: json(campaignSchema, 'Created'),
    400: errorResponses[400],
    403: errorResponses[403],
    ...signedIn,
  },
});
const getRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  summary: 'One campaign',
  request: { params: idParamSchema },
  responses: { 200: json(campaignSchema), 404: errorResponses[404], ...signedIn },
});
const recipientsRoute = createRoute({
  method: 'get',
  path: '/{id}/recipients',
  tags,
  summary: "View Details: each recipient's delivery status, opens and clicks",
  request: { params: idParamSchema, query: listQuerySchema },
  responses: {
    200: json(listOf(recipientSchema)),
    400: errorResponses[400],
    404: errorResponses[404],
    ...signedIn,
  },
});
const sendRoute = createRoute({
  method: 'post',
  path: '/{id}/send',
  tags,
  summary: 'Send Now (drafts only): queued; the campaign moves to sending, then sent or failed',
  request: { params: idParamSchema },
  responses: {
    202: json(campaignSchema, 'Sending'),
    400: errorResponses[400],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
    ...signedIn,
  },
});
const listTemplatesRoute = createRoute({
  method: 'get',
  path: '/templates',
  tags,
  summary: 'The built-in templates, then your own',
  responses: { 200: json(listOf(templateSchema)), ...signedIn },
});
const createTemplateRoute = createRoute({
  method: 'post',
  path: '/templates',
  tags,
  summary: 'Create a template',
  request: { body: jsonBody(templateInputSchema) },
  responses: {
    201: json(templateSchema, 'Created'),
    400: errorResponses[400],
    403: errorResponses[403],
    ...signedIn,
  },
});
const updateTemplateRoute = createRoute({
  method: 'put',
  path: '/templates/{id}',
  tags,
  summary: 'Edit one of your templates',
  request: { params: idParamSchema, body: jsonBody(templateInputSchema) },
  responses: {
    200: json(templateSchema),
    400: errorResponses[400],
    403: errorResponses[403],
    404: errorResponses[404],
    ...signedIn,
  },
});
const deleteTemplateRoute = createRoute({
  method: 'delete',
  path: '/templates/{id}',
  tags,
  summary: 'Delete one of your templates',
  request: { params: idParamSchema },
  responses: {
    204: { description: 'Deleted' },
    403: errorResponses[403],
    404: errorResponses[404],
    ...signedIn,
  },
});

export const campaignsRoutes = createRouter();
campaignsRoutes.use('*', requireUser, requireFeature('campaigns'));
campaignsRoutes.on(['POST', 'PUT', 'PATCH', 'DELETE'], '*', requireOwner);

export const campaignsApi = campaignsRoutes
  .openapi(statsRoute, async (c) => c.json(await campaignStats(c.var.deps.db, c.var.businessId), 200))
  .openapi(audienceRoute, async (c) =>
    c.json(await audienceSize(c.var.deps.db, c.var.businessId, c.req.valid('query').type), 200),
  )
  .openapi(listTemplatesRoute, async (c) => c.json(await listTemplates(c.var.deps.db, c.var.businessId), 200))
  .openapi(createTemplateRoute, async (c) =>
    c.json(await createTemplate(c.var.deps.db, c.var.businessId, c.req.valid('json')), 201),
  )
  .openapi(updateTemplateRoute, async (c) =>
    c.json(
      await updateTemplate(c.var.deps.db, c.var.businessId, c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(deleteTemplateRoute, async (c) => {
    await deleteTemplate(c.var.deps.db, c.var.businessId, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(listRoute, async (c) =>
    c.json(await listCampaigns(c.var.deps.db, c.var.businessId, c.req.valid('query')), 200),
  )
  .openapi(createCampaignRoute, async (c) =>
    c.json(await createCampaign(c.var.deps.db, c.var.businessId, c.req.valid('json')), 201),
  )
  .openapi(getRoute, async (c) =>
    c.json(toCampaign(await findCampaign(c.var.deps.db, c.var.businessId, c.req.valid('param').id)), 200),
  )
  .openapi(recipientsRoute, async (c) =>
    c.json(
      await campaignRecipients(
        c.var.deps.db,
        c.var.businessId,
        c.req.valid('param').id,
        c.req.valid('query'),
      ),
      200,
    ),
  )
  .openapi(sendRoute, async (c) =>
    c.json(await startCampaignSend(c.var.deps, c.var.businessId, c.req.valid('param').id), 202),
  );
