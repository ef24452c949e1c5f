import { createRoute, z } from '@hono/zod-openapi';
import { QUOTE_STATUSES, quoteInputSchema } from '../../../shared/invoices.schemas';
import { requireUser } from '../../access/guards';
import { idParamSchema, listOf, listQuerySchema } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { documentFields, sendDocument } from './document-http';
import { quoteView } from './document-views';
import { documentBusiness, withQuotePath } from './documents';
import { createQuote, findOwnQuote, getQuote, listQuotes, sendQuote } from './quotes.service';

export const quoteSchema = z
  .object({
    id: z.string(),
    ...documentFields,
    depositCents: z.number().int(),
    status: z.enum(QUOTE_STATUSES),
    expiresAt: z.string(),
    sentAt: z.string().nullable(),
    acceptedAt: z.string().nullable(),
    declinedAt: z.string().nullable(),
    depositPaidAt: z.string().nullable(),
    createdAt: z.string(),
    invoiceId: z.string().nullable(),
    publicPath: z.string(),
  })
  .openapi('Quote');

const withId = { 401: errorResponses[401], 404: errorResponses[404] };

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Quotes'],
  summary: 'Quotes, newest first; unanswered quotes past their 30 days read as expired',
  request: { query: listQuerySchema.extend({ status: z.enum(QUOTE_STATUSES).optional() }) },
  responses: { 200: json(listOf(quoteSchema)), 400: errorResponses[400], 401: errorResponses[401] },
});
const createQuoteRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['Quotes'],
  summary: 'New quote (§5): a customer and at least one service line; totals computed on the server',
  request: { body: { content: { 'application/json': { schema: quoteInputSchema } }, required: true } },
  responses: { 201: json(quoteSchema, 'Created'), 400: errorResponses[400], ...withId },
});
const getRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Quotes'],
  summary: 'One quote',
  request: { params: idParamSchema },
  responses: { 200: json(quoteSchema), ...withId },
});
const sendRoute = createRoute({
  method: 'post',
  path: '/{id}/send',
  tags: ['Quotes'],
  summary: 'Email the customer a link to the public quote page (accept / decline)',
  request: { params: idParamSchema },
  responses: { 200: json(quoteSchema), 409: errorResponses[409], ...withId },
});

export const quotesRoutes = createRouter();
quotesRoutes.use('*', requireUser);

// Downloads are files, not JSON: outside the typed client, linked from the list.
quotesRoutes.get('/:id/download/:format{html|pdf}', async (c) => {
  const { db } = c.var.deps;
  const { quote } = await findOwnQuote(db, c.var.businessId, c.req.param('id'));
  const view = quoteView(quote, await documentBusiness(db, quote.businessId), c.var.deps);
  return sendDocument(c, view, c.req.param('format') as 'html' | 'pdf', `quote-${quote.id.slice(0, 8)}`);
});

export const quotesApi = quotesRoutes
  .openapi(listRoute, async (c) => {
    const page = await listQuotes(c.var.deps.db, c.var.businessId, c.req.valid('query'));
    return c.json({ ...page, items: page.items.map((d) => withQuotePath(c.var.deps, d)) }, 200);
  })
  .openapi(createQuoteRoute, async (c) =>
    c.json(
      withQuotePath(c.var.deps, await createQuote(c.var.deps.db, c.var.businessId, c.req.valid('json'))),
      201,
    ),
  )
  .openapi(getRoute, async (c) =>
    c.json(
      withQuotePath(c.var.deps, await getQuote(c.var.deps.db, c.var.businessId, c.req.valid('param').id)),
      200,
    ),
  )
  .openapi(sendRoute, async (c) =>
    c.json(
      withQuotePath(c.var.deps, await sendQuote(c.var.deps, c.var.businessId, c.req.valid('param').id)),
      200,
    ),
  );
