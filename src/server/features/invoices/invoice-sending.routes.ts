import { createRoute, z } from '@hono/zod-openapi';
import { invoiceReminderSettingsSchema } from '../../../shared/invoice-sending';
import { requireOwner, requireOwnerForWrites, requireUser } from '../../access/guards';
import { idParamSchema } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { withPayPath } from './documents';
import {
  getInvoiceReminderSettings,
  saveInvoiceReminderSettings,
  sendInvoice,
} from './invoice-sending.service';
import { invoiceSchema } from './invoices.routes';

// Decision 0956: Send on an invoice (owner), and the business's overdue reminders switch.

const sendRoute = createRoute({
  method: 'post',
  path: '/{id}/send',
  tags: ['Invoices'],
  summary:
    'Send the invoice with its pay link (email; SMS with consent) and mark it sent; a replay sends nothing',
  request: { params: idParamSchema },
  responses: {
    200: json(invoiceSchema),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});

export const invoiceSendRoutes = createRouter();
// Only its own path: this router shares /api/invoices with the invoices' routes, which technicians may read.
invoiceSendRoutes.use('/:id/send', requireUser, requireOwner);
export const invoiceSendApi = invoiceSendRoutes.openapi(sendRoute, async (c) =>
  c.json(
    withPayPath(c.var.deps, await sendInvoice(c.var.deps, c.var.businessId, c.req.valid('param').id)),
    200,
  ),
);

const settingsSchema = z.object({ enabled: z.boolean() }).openapi('InvoiceReminderSettings');
const getSettingsRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Invoices'],
  summary: 'Whether overdue invoices are reminded (1, 7 and 14 days after the due date); off by default',
  responses: { 200: json(settingsSchema), 401: errorResponses[401] },
});
const putSettingsRoute = createRoute({
  method: 'put',
  path: '/',
  tags: ['Invoices'],
  summary: 'Turn overdue invoice reminders on or off (owner)',
  request: {
    body: { content: { 'application/json': { schema: invoiceReminderSettingsSchema } }, required: true },
  },
  responses: {
    200: json(settingsSchema),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const invoiceReminderRoutes = createRouter();
invoiceReminderRoutes.use('*', requireUser, requireOwnerForWrites);
export const invoiceRemindersApi = invoiceReminderRoutes
  .openapi(getSettingsRoute, async (c) =>
    c.json(await getInvoiceReminderSettings(c.var.deps.db, c.var.businessId), 200),
  )
  .openapi(putSettingsRoute, async (c) =>
    c.json(await saveInvoiceReminderSettings(c.var.deps.db, c.var.businessId, c.req.valid('json')), 200),
  );
