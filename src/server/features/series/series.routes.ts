import { createRoute, z } from '@hono/zod-openapi';
import { VISIT_STATUS_LABELS } from '../../../shared/series';
import {
  ownerSeriesSchema,
  repeatTermsInputSchema,
  seriesCheckoutSchema,
  weatherMoveSchema,
} from '../../../shared/series.schemas';
import { requireOwner, requireUser } from '../../access/guards';
import { idParamSchema, listOf } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { moveDay, previewDayMove } from '../bookings/day-move/day-move.service';
import {
  cancelSeriesByCustomer,
  cancelSeriesByOwner,
  customerSeries,
  getSeries,
  listSeries,
  seriesOfBooking,
  skipVisitByCustomer,
  skipVisitByOwner,
} from './series-actions.service';
import { createSeriesCheckout } from './series-booking.service';
import { listRepeatTerms, publicRepeatTerms, saveRepeatTerms } from './series-terms.service';

const tags = ['Repeat visits'];
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const read = { 400: errorResponses[400], 401: errorResponses[401], 404: errorResponses[404] };
const write = { ...read, 403: errorResponses[403], 409: errorResponses[409] };
const visitStatus = z.enum(
  Object.keys(VISIT_STATUS_LABELS) as ['booked', 'skipped', 'unplaced', 'cancelled'],
);

const termsSchema = z
  .object({
    serviceId: z.string(),
    name: z.string(),
    basePriceCents: z.number().int(),
    repeatable: z.boolean(),
    weeklyPercent: z.number().int(),
    biweeklyPercent: z.number().int(),
    fourWeeklyPercent: z.number().int(),
  })
  .openapi('RepeatTerms');
const seriesSchema = z
  .object({
    id: z.string(),
    status: z.enum(['active', 'cancelled']),
    active: z.boolean(),
    serviceName: z.string(),
    intervalWeeks: z.number().int(),
    frequency: z.string(),
    localTime: z.string(),
    timeZone: z.string(),
    locationAddress: z.string(),
    customerName: z.string(),
    customerId: z.string().nullable(),
    priceCents: z.number().int(),
    discountPercent: z.number().int(),
    discountCents: z.number().int(),
    visitCents: z.number().int(),
    visits: z.array(
      z.object({
        id: z.string(),
        occurrenceDate: z.string(),
        status: visitStatus,
        reason: z.string().nullable(),
        bookingId: z.string().nullable(),
        scheduledAt: z.string().nullable(),
        when: z.string().nullable(),
        bookingStatus: z.string().nullable(),
        chargeStatus: z.enum(['pending', 'paid', 'failed']).nullable(),
        chargedCents: z.number().int(),
      }),
    ),
  })
  .openapi('BookingSeries');
const seriesListItem = z.object({
  id: z.string(),
  status: z.enum(['active', 'cancelled']),
  serviceName: z.string(),
  intervalWeeks: z.number().int(),
  frequency: z.string(),
  localTime: z.string(),
  customerName: z.string(),
  visitCents: z.number().int(),
  discountPercent: z.number().int(),
  upcoming: z.number().int(),
  flagged: z.number().int(),
  nextVisitAt: z.string().nullable(),
  nextVisit: z.string().nullable(),
});
const flaggedSchema = z.object({
  visitId: z.string(),
  seriesId: z.string(),
  occurrenceDate: z.string(),
  reason: z.string().nullable(),
  serviceName: z.string(),
  customerName: z.string(),
  localTime: z.string(),
});
const maybeSeries = z.object({ series: seriesSchema.nullable() });
const visitParam = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' } }),
  visitId: z.string().openapi({ param: { name: 'visitId', in: 'path' } }),
});
const serviceParam = z.object({
  serviceId: z.string().openapi({ param: { name: 'serviceId', in: 'path' } }),
});

const r = {
  terms: createRoute({
    method: 'get',
    path: '/terms',
    tags,
    summary: 'Every active service with whether it is repeatable and its discount per frequency',
    responses: { 200: json(listOf(termsSchema)), ...read },
  }),
  saveTerms: createRoute({
    method: 'put',
    path: '/terms/{serviceId}',
    tags,
    summary: 'Make a service repeatable (or not) with a discount for every 1, 2 and 4 weeks',
    request: { params: serviceParam, ...body(repeatTermsInputSchema) },
    responses: { 200: json(termsSchema), ...write },
  }),
  list: createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'Every series, newest first, and the upcoming visits that could not be placed',
    responses: {
      200: json(listOf(seriesListItem).extend({ flagged: z.array(flaggedSchema) })),
      ...read,
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/{id}',
    tags,
    summary: 'One series with its visits and their charges',
    request: { params: idParamSchema },
    responses: { 200: json(seriesSchema), ...read },
  }),
  byBooking: createRoute({
    method: 'get',
    path: '/by-booking/{id}',
    tags,
    summary: 'The series a booking is a visit of (null when it is a one-off)',
    request: { params: idParamSchema },
    responses: { 200: json(maybeSeries), ...read },
  }),
  skip: createRoute({
    method: 'post',
    path: '/{id}/visits/{visitId}/skip',
    tags,
    summary: 'Skip one visit (its booking is cancelled; nothing is charged)',
    request: { params: visitParam },
    responses: { 200: json(seriesSchema), ...write },
  }),
  cancel: createRoute({
    method: 'post',
    path: '/{id}/cancel',
    tags,
    summary: 'Cancel the series: its upcoming visits are cancelled',
    request: { params: idParamSchema },
    responses: { 200: json(seriesSchema), ...write },
  }),
  create: createRoute({
    method: 'post',
    path: '/',
    tags,
    summary:
      "The owner's New booking every 1, 2 or 4 weeks: the series priced on the server and its card-saving page (nothing is charged until a visit is done)",
    request: body(ownerSeriesSchema),
    responses: {
      201: json(
        z.object({
          seriesId: z.string(),
          url: z.string(),
          sessionId: z.string(),
          amountCents: z.number().int(),
          discountCents: z.number().int(),
        }),
        'Created',
      ),
      ...write,
    },
  }),
  weatherPreview: createRoute({
    method: 'post',
    path: '/weather-move/preview',
    tags,
    summary:
      "What moving a day's bookings (all, or those chosen) to another day would do (nothing is changed)",
    request: body(weatherMoveSchema),
    responses: {
      200: json(
        listOf(
          z.object({
            bookingId: z.string(),
            customerName: z.string(),
            serviceName: z.string(),
            from: z.string(),
            to: z.string().nullable(),
            reason: z.string().nullable(),
          }),
        ),
      ),
      ...write,
    },
  }),
  weather: createRoute({
    method: 'post',
    path: '/weather-move',
    tags,
    summary:
      "Move a day's bookings (all, or those chosen) to another day, each at its time or the nearest free one; each customer is told",
    request: body(weatherMoveSchema),
    responses: {
      200: json(
        z.object({
          moved: z.array(
            z.object({
              bookingId: z.string(),
              customerName: z.string(),
              when: z.string(),
              told: z.boolean(),
            }),
          ),
          notMoved: z.array(
            z.object({
              bookingId: z.string(),
              customerName: z.string(),
              reason: z.string(),
              /** Flagged "Needs a new time" and the customer asked to pick one by email (decision 1345). */
              told: z.boolean(),
            }),
          ),
        }),
      ),
      ...write,
    },
  }),
};

const owner = createRouter();
owner.use('*', requireUser, requireOwner);

export const seriesApi = owner
  .openapi(r.terms, async (c) => {
    const items = await listRepeatTerms(c.var.deps.db, c.var.businessId);
    return c.json({ items, nextCursor: null }, 200);
  })
  .openapi(r.saveTerms, async (c) =>
    c.json(
      await saveRepeatTerms(
        c.var.deps.db,
        c.var.businessId,
        c.req.valid('param').serviceId,
        c.req.valid('json'),
      ),
      200,
    ),
  )
  .openapi(r.list, async (c) => c.json(await listSeries(c.var.deps.db, c.var.businessId), 200))
  .openapi(r.create, async (c) =>
    c.json(await createSeriesCheckout(c.var.deps, c.req.valid('json'), c.var.businessId), 201),
  )
  .openapi(r.byBooking, async (c) =>
    c.json(await seriesOfBooking(c.var.deps.db, c.var.businessId, c.req.valid('param').id), 200),
  )
  .openapi(r.weatherPreview, async (c) =>
    c.json(await previewDayMove(c.var.deps, c.var.businessId, c.req.valid('json')), 200),
  )
  .openapi(r.weather, async (c) =>
    c.json(await moveDay(c.var.deps, c.var.businessId, c.req.valid('json')), 200),
  )
  .openapi(r.get, async (c) =>
    c.json(await getSeries(c.var.deps.db, c.var.businessId, c.req.valid('param').id), 200),
  )
  .openapi(r.skip, async (c) => {
    const { id, visitId } = c.req.valid('param');
    return c.json(await skipVisitByOwner(c.var.deps, c.var.businessId, id, visitId), 200);
  })
  .openapi(r.cancel, async (c) =>
    c.json(await cancelSeriesByOwner(c.var.deps, c.var.businessId, c.req.valid('param').id), 200),
  );

const tokenParam = z.object({
  token: z
    .string()
    .max(100)
    .openapi({ param: { name: 'token', in: 'path' } }),
});
const pub = {
  terms: createRoute({
    method: 'get',
    path: '/terms',
    tags,
    summary: "/book's repeatable services of a business and their discounts",
    request: { query: z.object({ business: z.string().trim().min(1).max(100) }) },
    responses: {
      200: json(
        listOf(
          z.object({
            serviceId: z.string(),
            weeklyPercent: z.number().int(),
            biweeklyPercent: z.number().int(),
            fourWeeklyPercent: z.number().int(),
          }),
        ),
      ),
      400: errorResponses[400],
    },
  }),
  checkout: createRoute({
    method: 'post',
    path: '/checkout',
    tags,
    summary:
      'Book repeat visits: price them on the server and open the card-saving page (nothing is charged until a visit is done)',
    request: body(seriesCheckoutSchema),
    responses: {
      200: json(
        z.object({
          url: z.string(),
          sessionId: z.string(),
          amountCents: z.number().int(),
          discountCents: z.number().int(),
        }),
      ),
      400: errorResponses[400],
      404: errorResponses[404],
      409: errorResponses[409],
    },
  }),
  mine: createRoute({
    method: 'get',
    path: '/manage/{token}',
    tags,
    summary: 'The series of the booking a manage link names (null for a one-off)',
    request: { params: tokenParam },
    responses: { 200: json(maybeSeries), 404: errorResponses[404] },
  }),
  skip: createRoute({
    method: 'post',
    path: '/manage/{token}/visits/{visitId}/skip',
    tags,
    summary: 'The customer skips one upcoming visit (until 24 hours before)',
    request: {
      params: tokenParam.extend({
        visitId: z.string().openapi({ param: { name: 'visitId', in: 'path' } }),
      }),
    },
    responses: { 200: json(maybeSeries), 404: errorResponses[404], 409: errorResponses[409] },
  }),
  cancel: createRoute({
    method: 'post',
    path: '/manage/{token}/cancel',
    tags,
    summary: 'The customer cancels the series',
    request: { params: tokenParam },
    responses: { 200: json(maybeSeries), 404: errorResponses[404], 409: errorResponses[409] },
  }),
};

export const publicSeriesApi = createRouter()
  .openapi(pub.terms, async (c) => {
    const items = await publicRepeatTerms(c.var.deps.db, c.req.valid('query').business);
    return c.json({ items, nextCursor: null }, 200);
  })
  .openapi(pub.checkout, async (c) =>
    c.json(await createSeriesCheckout(c.var.deps, c.req.valid('json')), 200),
  )
  .openapi(pub.mine, async (c) => c.json(await customerSeries(c.var.deps, c.req.valid('param').token), 200))
  .openapi(pub.skip, async (c) => {
    const { token, visitId } = c.req.valid('param');
    return c.json(await skipVisitByCustomer(c.var.deps, token, visitId), 200);
  })
  .openapi(pub.cancel, async (c) =>
    c.json(await cancelSeriesByCustomer(c.var.deps, c.req.valid('param').token), 200),
  );
