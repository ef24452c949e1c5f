import { randomUUID } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import {
  INVOICE_FILTERS,
  INVOICE_STATUSES,
  idempotencyKeySchema,
  invoiceRefundSchema,
  offlinePaymentSchema,
  PAYMENT_METHODS,
} from '../../../shared/invoices.schemas';
import { requireOwner, requireUser } from '../../access/guards';
import { assertOwnJobInvoice, assertTechnicianCash, viewerOf } from '../../access/technician-access';
import { idParamSchema, listQuerySchema } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { documentFields, sendDocument } from './document-http';
import { closeStaleInvoiceCheckouts } from './document-payments.service';
import { invoiceView } from './document-views';
import { documentBusiness, invoiceNumberText, withPayPath } from './documents';
import { refundInvoice } from './invoice-refunds.service';
import {
  findOwnInvoice,
  getInvoice,
  invoiceFromBooking,
  invoiceFromQuote,
  listInvoices,
  recordOfflinePayment,
  voidInvoice,
} from './invoices.service';

export const invoiceSchema = z
  .object({
    id: z.string(),
    ...documentFields,
    number: z.number().int(),
    numberText: z.string(),
    quoteId: z.string().nullable(),
    bookingId: z.string().nullable(),
    paidCents: z.number().int(),
    tipCents: z.number().int(),
    refundedCents: z.number().int(),
    balanceCents: z.number().int(),
    status: z.enum(INVOICE_STATUSES),
    overdue: z.boolean(),
    issuedAt: z.string(),
    dueAt: z.string(),
    paidAt: z.string().nullable(),
    sentAt: z.string().nullable(),
    payPath: z.string(),
    payments: z.array(
      z.object({
        id: z.string(),
        method: z.enum(PAYMENT_METHODS),
        amountCents: z.number().int(),
        tipCents: z.number().int(),
        note: z.string().nullable(),
        paidAt: z.string(),
      }),
    ),
    /** The owner's refunds (docs/decisions/1190); empty in lists. */
    refunds: z.array(
      z.object({
        id: z.string(),
        amountCents: z.number().int(),
        reason: z.string().nullable(),
        pointsReturned: z.number().int(),
        createdAt: z.string(),
      }),
    ),
  })
  .openapi('Invoice');

const withId = { 401: errorResponses[401], 404: errorResponses[404] };

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Invoices'],
  summary: 'Invoices, newest number first, filtered (unpaid, overdue, paid), with the total outstanding',
  request: { query: listQuerySchema.extend({ filter: z.enum(INVOICE_FILTERS).default('all') }) },
  responses: {
    200: json(
      z.object({
        items: z.array(invoiceSchema),
        nextCursor: z.string().nullable(),
        outstandingCents: z.number().int(),
        overdueCents: z.number().int(),
      }),
    ),
    400: errorResponses[400],
    401: errorResponses[401],
  },
});
const getRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Invoices'],
  summary: 'One invoice with its payments',
  request: { params: idParamSchema },
  responses: { 200: json(invoiceSchema), ...withId },
});
const fromQuoteRoute = createRoute({
  method: 'post',
  path: '/from-quote/{id}',
  tags: ['Invoices'],
  summary: 'Invoice an accepted quote (once); a paid deposit is carried in as a payment',
  request: { params: idParamSchema },
  responses: { 201: json(invoiceSchema, 'Issued'), 409: errorResponses[409], ...withId },
});
const fromBookingRoute = createRoute({
  method: 'post',
  path: '/from-booking/{id}',
  tags: ['Invoices'],
  summary: 'Invoice a completed booking in one click (once)',
  request: { params: idParamSchema },
  responses: { 201: json(invoiceSchema, 'Issued'), 409: errorResponses[409], ...withId },
});
const paymentRoute = createRoute({
  method: 'post',
  path: '/{id}/payments',
  tags: ['Invoices'],
  summary: 'Record an offline payment (cash, check, other); the customer gets a receipt',
  request: {
    params: idParamSchema,
    body: { content: { 'application/json': { schema: offlinePaymentSchema } }, required: true },
  },
  responses: {
    201: json(invoiceSchema, 'Recorded'),
    400: errorResponses[400],
    409: errorResponses[409],
    ...withId,
  },
});
const refundRoute = createRoute({
  method: 'post',
  path: '/{id}/refunds',
  tags: ['Invoices'],
  summary:
    'Refund a paid invoice in full or in part (owner only): cards through the provider, first; a full refund returns redeemed points. The Idempotency-Key header makes a retry refund once (200).',
  request: {
    params: idParamSchema,
    headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }),
    body: { content: { 'application/json': { schema: invoiceRefundSchema } }, required: true },
  },
  responses: {
    201: json(invoiceSchema, 'Refunded'),
    200: json(invoiceSchema, 'Already refunded (the same Idempotency-Key)'),
    400: errorResponses[400],
    403: errorResponses[403],
    409: errorResponses[409],
    ...withId,
  },
});
const voidRoute = createRoute({
  method: 'post',
  path: '/{id}/void',
  tags: ['Invoices'],
  summary: 'Void an invoice with no payments (owner only); its number stays used',
  request: { params: idParamSchema },
  responses: { 200: json(invoiceSchema), 403: errorResponses[403], 409: errorResponses[409], ...withId },
});

export const invoicesRoutes = createRouter();
invoicesRoutes.use('*', requireUser);
// Technicians may view and take payments on site; voiding is the owner's.
invoicesRoutes.use('/:id/void', requireOwner);
invoicesRoutes.use('/:id/refunds', requireOwner);

invoicesRoutes.get('/:id/download/:format{html|pdf}', async (c) => {
  const { db } = c.var.deps;
  const inv = await findOwnInvoice(db, c.var.businessId, c.req.param('id'));
  const view = await invoiceView(db, inv, await documentBusiness(db, inv.businessId), c.var.deps);
  return sendDocument(c, view, c.req.param('format') as 'html' | 'pdf', invoiceNumberText(inv.number));
});

export const invoicesApi = invoicesRoutes
  .openapi(listRoute, async (c) => {
    const page = await listInvoices(c.var.deps.db, c.var.businessId, c.req.valid('query'));
    return c.json({ ...page, items: page.items.map((d) => withPayPath(c.var.deps, d)) }, 200);
  })
  .openapi(getRoute, async (c) => {
    const { id } = c.req.valid('param');
    await assertOwnJobInvoice(c.var.deps.db, viewerOf(c), id);
    return c.json(withPayPath(c.var.deps, await getInvoice(c.var.deps.db, c.var.businessId, id)), 200);
  })
  .openapi(fromQuoteRoute, async (c) =>
    c.json(
      withPayPath(c.var.deps, await invoiceFromQuote(c.var.deps, c.var.businessId, c.req.valid('param').id)),
      201,
    ),
  )
  .openapi(fromBookingRoute, async (c) =>
    c.json(
      withPayPath(
        c.var.deps,
        await invoiceFromBooking(c.var.deps, c.var.businessId, c.req.valid('param').id),
      ),
      201,
    ),
  )
  // Cash that lowers the balance, or a void, closes the card checkouts left open for the old balance (decision 0930).
  .openapi(paymentRoute, async (c) => {
    const viewer = viewerOf(c);
    await assertOwnJobInvoice(c.var.deps.db, viewer, c.req.valid('param').id);
    if (viewer.memberRole === 'technician') assertTechnicianCash(c.req.valid('json').method);
    const invoice = await recordOfflinePayment(
      c.var.deps,
      c.var.businessId,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    await closeStaleInvoiceCheckouts(c.var.deps, invoice.id);
    return c.json(withPayPath(c.var.deps, invoice), 201);
  })
  .openapi(refundRoute, async (c) => {
    const { created, invoice } = await refundInvoice(
      c.var.deps,
      c.var.businessId,
      c.req.valid('param').id,
      c.req.valid('json'),
      // Without a key the request is its own (a retry would refund again): the web app always sends one.
      c.req.valid('header')['idempotency-key'] ?? randomUUID(),
    );
    return created
      ? c.json(withPayPath(c.var.deps, invoice), 201)
      : c.json(withPayPath(c.var.deps, invoice), 200);
  })
  .openapi(voidRoute, async (c) => {
    const invoice = await voidInvoice(c.var.deps.db, c.var.businessId, c.req.valid('param').id);
    await closeStaleInvoiceCheckouts(c.var.deps, invoice.id);
    return c.json(withPayPath(c.var.deps, invoice), 200);
  });
