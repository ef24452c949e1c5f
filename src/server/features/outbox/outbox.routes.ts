import { createRoute, z } from '@hono/zod-openapi';
import { CAMPAIGN_TYPES } from '../../../shared/campaigns';
import { requireAdmin, requireUser } from '../../access/guards';
import { idParamSchema, listOf, listQuerySchema } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { getOutboxMessage, listOutbox, outboxHtmlDocument } from './outbox.service';

// Admins read what the platform sent (or stored, without SMTP): verification and booking emails, invitations,
// campaigns, SMS… The web app's Outbox screen (/admin/outbox) is a mail viewer over these routes.

const tags = ['Admin'];
const adminErrors = { 401: errorResponses[401], 403: errorResponses[403] };

const summaryFields = {
  id: z.string(),
  channel: z.enum(CAMPAIGN_TYPES),
  to: z.string(),
  subject: z.string().nullable(),
  /** The text part of an email, or the SMS. */
  body: z.string(),
  hasHtml: z.boolean(),
  /** 'stored' when kept in the outbox only, 'sent' when SMTP or Twilio accepted it. */
  transport: z.string(),
  createdAt: z.string(),
};
const messageSchema = z.object(summaryFields).openapi('OutboxMessage');
const messageDetailSchema = z
  .object({
    ...summaryFields,
    html: z.string().nullable(),
    headers: z.array(z.object({ name: z.string(), value: z.string() })),
  })
  .openapi('OutboxMessageDetail');

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Messages in the outbox, newest first; `q` searches recipients, `to` is one exact recipient',
  request: {
    query: listQuerySchema.extend({
      to: z.string().trim().toLowerCase().optional(),
      channel: z.enum(CAMPAIGN_TYPES).optional(),
    }),
  },
  responses: { 200: json(listOf(messageSchema)), 400: errorResponses[400], ...adminErrors },
});

const getRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  summary: 'One message: its text and HTML parts and its headers',
  request: { params: idParamSchema },
  responses: { 200: json(messageDetailSchema), ...adminErrors, 404: errorResponses[404] },
});

/**
 * The HTML part, for the viewer's sandboxed frame. Its own policy runs no script, loads nothing from the network
 * (a remote image could be a campaign's open pixel: viewing must not count as opening) and lets only this origin
 * frame it.
 */
export const OUTBOX_HTML_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  'font-src data:',
  "form-action 'none'",
  "frame-ancestors 'self'",
  'sandbox allow-popups allow-popups-to-escape-sandbox',
].join('; ');

const htmlRoute = createRoute({
  method: 'get',
  path: '/{id}/html',
  tags,
  summary: "An email's HTML part as a sandboxed document (no scripts)",
  request: { params: idParamSchema },
  responses: {
    200: { description: 'The HTML part', content: { 'text/html': { schema: z.string() } } },
    ...adminErrors,
    404: errorResponses[404],
  },
});

export const outboxRoutes = createRouter();
outboxRoutes.use('*', requireUser, requireAdmin);

export const outboxApi = outboxRoutes
  .openapi(listRoute, async (c) => c.json(await listOutbox(c.var.deps.db, c.req.valid('query')), 200))
  .openapi(getRoute, async (c) => {
    const { db, mailer } = c.var.deps;
    return c.json(await getOutboxMessage(db, c.req.valid('param').id, mailer.from), 200);
  })
  .openapi(htmlRoute, async (c) => {
    const html = await outboxHtmlDocument(c.var.deps.db, c.req.valid('param').id);
    return c.html(html, 200, {
      'Content-Security-Policy': OUTBOX_HTML_CSP,
      'X-Frame-Options': 'SAMEORIGIN',
      'Cache-Control': 'private, no-store',
    });
  });
