import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { BOOKING_FILTERS } from '../../../shared/booking-status';
import { BOOKING_STATUSES } from '../../../shared/constants';
import { customerInputSchema } from '../../../shared/customers.schemas';
import { INVOICE_FILTERS, QUOTE_STATUSES } from '../../../shared/invoices.schemas';
import { BOOKING_WHEN } from '../../../shared/owner-bookings';
import type { AppEnv } from '../../http/context';
import { handleErrorWithCode } from '../../http/error-handler';
import { AppError, ERROR_CODES, notFound } from '../../http/errors';
import { idParamSchema, listOf, listQuerySchema } from '../../http/lists';
import { json } from '../../http/openapi';
import { requireApiKey } from '../api-keys/api-key-auth';
import { getBooking, updateBookingStatus } from '../bookings/bookings.service';
import { listBookingsPage } from '../bookings/bookings-list.service';
import {
  createCustomer,
  getCustomerDetail,
  listCustomers,
  updateCustomer,
} from '../customers/customers.service';
import { getInvoice, listInvoices } from '../invoices/invoices.service';
import { getQuote, listQuotes } from '../invoices/quotes.service';
import { getService, listServices } from '../services/services.service';
import { emitWebhookEvent } from '../webhooks/webhooks.service';
import { v1Booking, v1Customer, v1Error, v1Invoice, v1Quote, v1Service } from './v1-schemas';

/** The security scheme every /api/v1 operation names in the OpenAPI document. */
export const V1_SECURITY_SCHEME = 'ApiKey';

const err = (description: string) => ({ description, content: { 'application/json': { schema: v1Error } } });
const errors = {
  400: err('Invalid input (invalid_request)'),
  401: err('Missing, wrong or revoked key (missing_api_key, invalid_api_key)'),
  402: err('The business’s plan does not include the API (plan_required)'),
  404: err('Not found, or another business’s (not_found)'),
  429: err('Over the key’s rate limit (rate_limited); see the RateLimit and Retry-After headers'),
} as const;
const writeErrors = {
  ...errors,
  403: err('A read-only key (insufficient_scope)'),
  409: err('Conflict'),
} as const;
const security = [{ [V1_SECURITY_SCHEME]: [] }];

function v1Route<R extends Parameters<typeof createRoute>[0]>(r: R) {
  return createRoute({ ...r, security });
}

const page = (q: { cursor?: string; limit: number; q?: string }) => ({
  cursor: q.cursor,
  limit: q.limit,
  q: q.q,
});
const listOfParsed = <T extends z.ZodType>(
  schema: T,
  r: { items: unknown[]; nextCursor: string | null },
) => ({
  items: r.items.map((i) => schema.parse(i) as z.infer<T>),
  nextCursor: r.nextCursor,
});

// Bookings
const listBookings = v1Route({
  method: 'get',
  path: '/bookings',
  tags: ['Public API: bookings'],
  summary:
    'Bookings: upcoming (today onwards, soonest first) or past (latest first), by status, a page at a time',
  request: {
    query: listQuerySchema.extend({
      status: z.enum(BOOKING_FILTERS).default('all'),
      when: z.enum(BOOKING_WHEN).default('upcoming'),
    }),
  },
  responses: { 200: json(listOf(v1Booking)), ...errors },
});
const getBookingRoute = v1Route({
  method: 'get',
  path: '/bookings/{id}',
  tags: ['Public API: bookings'],
  summary: 'One booking',
  request: { params: idParamSchema },
  responses: { 200: json(v1Booking), ...errors },
});
const bookingStatus = v1Route({
  method: 'patch',
  path: '/bookings/{id}/status',
  tags: ['Public API: bookings'],
  summary:
    'Confirm, cancel, start, complete or mark a no-show (the booking status transitions only; write scope)',
  request: {
    params: idParamSchema,
    body: {
      content: { 'application/json': { schema: z.object({ status: z.enum(BOOKING_STATUSES) }) } },
      required: true,
    },
  },
  responses: { 200: json(v1Booking), ...writeErrors },
});

// Customers
const listCustomersRoute = v1Route({
  method: 'get',
  path: '/customers',
  tags: ['Public API: customers'],
  summary: 'Customers, newest first; q searches name, email, phone and address',
  request: { query: listQuerySchema },
  responses: { 200: json(listOf(v1Customer)), ...errors },
});
const getCustomerRoute = v1Route({
  method: 'get',
  path: '/customers/{id}',
  tags: ['Public API: customers'],
  summary: 'One customer',
  request: { params: idParamSchema },
  responses: { 200: json(v1Customer), ...errors },
});
const createCustomerRoute = v1Route({
  method: 'post',
  path: '/customers',
  tags: ['Public API: customers'],
  summary: 'Add a customer (email unique within the business; write scope)',
  request: { body: { content: { 'application/json': { schema: customerInputSchema } }, required: true } },
  responses: { 201: json(v1Customer, 'Created'), ...writeErrors },
});
const updateCustomerRoute = v1Route({
  method: 'patch',
  path: '/customers/{id}',
  tags: ['Public API: customers'],
  summary: 'Change some of a customer’s fields (write scope)',
  request: {
    params: idParamSchema,
    body: { content: { 'application/json': { schema: customerInputSchema.partial() } }, required: true },
  },
  responses: { 200: json(v1Customer), ...writeErrors },
});

// Services
const listServicesRoute = v1Route({
  method: 'get',
  path: '/services',
  tags: ['Public API: services'],
  summary: 'Services, newest first; archived ones with includeArchived=true',
  request: { query: listQuerySchema.extend({ includeArchived: z.enum(['true', 'false']).default('false') }) },
  responses: { 200: json(listOf(v1Service)), ...errors },
});
const getServiceRoute = v1Route({
  method: 'get',
  path: '/services/{id}',
  tags: ['Public API: services'],
  summary: 'One service',
  request: { params: idParamSchema },
  responses: { 200: json(v1Service), ...errors },
});

// Invoices and quotes
const listInvoicesRoute = v1Route({
  method: 'get',
  path: '/invoices',
  tags: ['Public API: invoices'],
  summary: 'Invoices, newest number first; filter unpaid, overdue or paid',
  request: { query: listQuerySchema.extend({ filter: z.enum(INVOICE_FILTERS).default('all') }) },
  responses: { 200: json(listOf(v1Invoice)), ...errors },
});
const getInvoiceRoute = v1Route({
  method: 'get',
  path: '/invoices/{id}',
  tags: ['Public API: invoices'],
  summary: 'One invoice',
  request: { params: idParamSchema },
  responses: { 200: json(v1Invoice), ...errors },
});
const listQuotesRoute = v1Route({
  method: 'get',
  path: '/quotes',
  tags: ['Public API: quotes'],
  summary: 'Quotes, newest first, by status',
  request: { query: listQuerySchema.extend({ status: z.enum(QUOTE_STATUSES).optional() }) },
  responses: { 200: json(listOf(v1Quote)), ...errors },
});
const getQuoteRoute = v1Route({
  method: 'get',
  path: '/quotes/{id}',
  tags: ['Public API: quotes'],
  summary: 'One quote',
  request: { params: idParamSchema },
  responses: { 200: json(v1Quote), ...errors },
});

/** Validation failures answer the one error shape with a code; a malformed id names nothing (404). */
const router = new OpenAPIHono<AppEnv>({
  defaultHook: (result) => {
    if (result.success) return;
    const issue = result.error.issues[0];
    const param = String(issue?.path[0] ?? '');
    if (result.target === 'param' && param === 'id') throw new AppError(404, 'Not found', ERROR_CODES[404]);
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new AppError(400, `${where}${issue?.message ?? 'Invalid input'}`, ERROR_CODES[400]);
  },
});
router.openAPIRegistry.registerComponent('securitySchemes', V1_SECURITY_SCHEME, {
  type: 'http',
  scheme: 'bearer',
  description:
    'An API key from Business Profile → API (Elite): `Authorization: Bearer sr_live_…`. Read keys read; write keys also create and update.',
});
// A key's answers are a business's data, as a signed-in answer is: never kept by a cache (401s included).
router.use('*', async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
});
router.use('*', requireApiKey);
router.onError(handleErrorWithCode);

export const publicApiV1 = router
  .openapi(listBookings, async (c) => {
    const q = c.req.valid('query');
    const r = await listBookingsPage(c.var.deps.db, c.var.businessId, {
      ...page(q),
      status: q.status,
      when: q.when,
    });
    return c.json(listOfParsed(v1Booking, r), 200);
  })
  .openapi(getBookingRoute, async (c) =>
    c.json(v1Booking.parse(await getBooking(c.var.deps.db, c.var.businessId, c.req.valid('param').id)), 200),
  )
  .openapi(bookingStatus, async (c) => {
    const booking = await updateBookingStatus(
      c.var.deps,
      c.var.businessId,
      c.req.valid('param').id,
      c.req.valid('json').status,
    );
    return c.json(v1Booking.parse(booking), 200);
  })
  .openapi(listCustomersRoute, async (c) =>
    c.json(
      listOfParsed(
        v1Customer,
        await listCustomers(c.var.deps.db, c.var.businessId, page(c.req.valid('query'))),
      ),
      200,
    ),
  )
  .openapi(getCustomerRoute, async (c) => {
    const detail = await getCustomerDetail(c.var.deps.db, c.var.businessId, c.req.valid('param').id);
    return c.json(v1Customer.parse(detail.customer), 200);
  })
  .openapi(createCustomerRoute, async (c) => {
    const customer = v1Customer.parse(
      await createCustomer(c.var.deps.db, c.var.businessId, c.req.valid('json')),
    );
    await emitWebhookEvent(c.var.deps, c.var.businessId, 'customer.created', customer);
    return c.json(customer, 201);
  })
  .openapi(updateCustomerRoute, async (c) => {
    const { db } = c.var.deps;
    const id = c.req.valid('param').id;
    const changes = Object.fromEntries(
      Object.entries(c.req.valid('json')).filter(([, v]) => v !== undefined),
    );
    if (Object.keys(changes).length === 0) throw new AppError(400, 'Nothing to update', ERROR_CODES[400]);
    const { customer } = await getCustomerDetail(db, c.var.businessId, id);
    const merged = { ...customer, ...changes };
    const values = {
      firstName: merged.firstName,
      lastName: merged.lastName,
      email: merged.email,
      phone: merged.phone,
      address: merged.address,
      notes: merged.notes,
    };
    return c.json(v1Customer.parse(await updateCustomer(db, c.var.businessId, id, values)), 200);
  })
  .openapi(listServicesRoute, async (c) => {
    const q = c.req.valid('query');
    const r = await listServices(c.var.deps.db, c.var.businessId, {
      ...page(q),
      includeArchived: q.includeArchived === 'true',
    });
    return c.json(listOfParsed(v1Service, r), 200);
  })
  .openapi(getServiceRoute, async (c) =>
    c.json(v1Service.parse(await getService(c.var.deps.db, c.var.businessId, c.req.valid('param').id)), 200),
  )
  .openapi(listInvoicesRoute, async (c) => {
    const q = c.req.valid('query');
    const r = await listInvoices(c.var.deps.db, c.var.businessId, { ...page(q), filter: q.filter });
    return c.json(listOfParsed(v1Invoice, r), 200);
  })
  .openapi(getInvoiceRoute, async (c) =>
    c.json(v1Invoice.parse(await getInvoice(c.var.deps.db, c.var.businessId, c.req.valid('param').id)), 200),
  )
  .openapi(listQuotesRoute, async (c) => {
    const q = c.req.valid('query');
    const r = await listQuotes(c.var.deps.db, c.var.businessId, { ...page(q), status: q.status });
    return c.json(listOfParsed(v1Quote, r), 200);
  })
  .openapi(getQuoteRoute, async (c) =>
    c.json(v1Quote.parse(await getQuote(c.var.deps.db, c.var.businessId, c.req.valid('param').id)), 200),
  );

// Any other path under /api/v1 (after the key is checked): the one error shape with its code.
router.all('*', () => {
  throw notFound();
});
