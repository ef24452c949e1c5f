import { createRoute, z } from '@hono/zod-openapi';
import { CAMPAIGN_TYPES } from '../../../shared/campaigns';
import { automationSettingsSchema } from '../../../shared/messaging';
import { requireFeature, requireOwner, requireUser } from '../../access/guards';
import { readDbOf } from '../../http/context';
import { listOf, listQuerySchema } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { messageLog } from './automations/automation-log';
import { getAutomationSettings, saveAutomationSettings } from './automations/settings';

// The owner's automated messages on /campaigns (decision 610): switches, review link, win-back, and the message log.

const settingsSchema = z
  .object({
    reminder24h: z.boolean(),
    reminder2h: z.boolean(),
    reviewRequests: z.boolean(),
    reviewLink: z.string().nullable(),
    winback: z.boolean(),
    winbackDays: z.number().int(),
    winbackChannel: z.enum(CAMPAIGN_TYPES),
    winbackSubject: z.string().nullable(),
    winbackMessage: z.string(),
  })
  .openapi('AutomationSettings');

const logEntrySchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    marketing: z.boolean(),
    channel: z.enum(CAMPAIGN_TYPES),
    to: z.string(),
    subject: z.string().nullable(),
    status: z.string(),
    error: z.string().nullable(),
    bookingId: z.string().nullable(),
    customerName: z.string().nullable(),
    notBefore: z.string(),
    sentAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('MessageLogEntry');

const signedIn = { 401: errorResponses[401], 402: errorResponses[402] };
const tags = ['Campaigns'];

const getRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Reminders, review requests and win-back settings (defaults until saved)',
  responses: { 200: json(settingsSchema), ...signedIn },
});
const putRoute = createRoute({
  method: 'put',
  path: '/',
  tags,
  summary: 'Save the automated messages settings (owner only)',
  request: {
    body: { content: { 'application/json': { schema: automationSettingsSchema } }, required: true },
  },
  responses: { 200: json(settingsSchema), 400: errorResponses[400], 403: errorResponses[403], ...signedIn },
});
const logRoute = createRoute({
  method: 'get',
  path: '/log',
  tags,
  summary:
    'Messages the business sent, newest first: automated and transactional (default) or all, each marked marketing or not',
  request: { query: listQuerySchema.extend({ kind: z.enum(['automated', 'all']).optional() }) },
  responses: { 200: json(listOf(logEntrySchema)), 400: errorResponses[400], ...signedIn },
});

export const automationsRoutes = createRouter();
automationsRoutes.use('*', requireUser, requireFeature('campaigns'));
automationsRoutes.on(['POST', 'PUT', 'PATCH', 'DELETE'], '*', requireOwner);

export const automationsApi = automationsRoutes
  .openapi(getRoute, async (c) => c.json(await getAutomationSettings(c.var.deps.db, c.var.businessId), 200))
  .openapi(putRoute, async (c) =>
    c.json(await saveAutomationSettings(c.var.deps.db, c.var.businessId, c.req.valid('json')), 200),
  )
  .openapi(logRoute, async (c) =>
    // A long list written by the delivery, never by the reader: from the read replica when there is one (decision 1322).
    c.json(await messageLog(readDbOf(c.var.deps), c.var.businessId, c.req.valid('query')), 200),
  );
