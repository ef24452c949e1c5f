import { createRoute, z } from '@hono/zod-openapi';
import { VEHICLE_TYPES } from '../../../shared/constants';
import { servicePriceCents } from '../../../shared/pricing';
import { PROMO_DISCOUNT_TYPES, promoCheckSchema, promoCodeInputSchema } from '../../../shared/promo-codes';
import { requireFeature, requireOwner, requireUser } from '../../access/guards';
import { invalid, notFound } from '../../http/errors';
import { idParamSchema, listOf, listQuerySchema } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { findActiveService, findPublicBusiness } from '../bookings/book/booking-options.service';
import { createPromoCode, listPromoCodes, priceWithPromo, updatePromoCode } from './promo-codes.service';

const tags = ['Promo codes'];
const promoSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    discountType: z.enum(PROMO_DISCOUNT_TYPES),
    discountValue: z.number().int(),
    startsOn: z.string().nullable(),
    expiresOn: z.string().nullable(),
    usageLimit: z.number().int().nullable(),
    perCustomerLimit: z.number().int().nullable(),
    minOrderCents: z.number().int().nullable(),
    isActive: z.boolean(),
    timesUsed: z.number().int(),
    createdAt: z.string(),
  })
  .openapi('PromoCode');
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const read = { 400: errorResponses[400], 401: errorResponses[401], 402: errorResponses[402] };
const write = { ...read, 403: errorResponses[403], 404: errorResponses[404], 409: errorResponses[409] };

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Promo codes, newest first, with times used',
  request: { query: listQuerySchema },
  responses: { 200: json(listOf(promoSchema)), ...read },
});
const createPromoRoute = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Create a promo code (case-insensitive, unique per business)',
  request: body(promoCodeInputSchema),
  responses: { 201: json(promoSchema, 'Created'), ...write },
});
const updatePromoRoute = createRoute({
  method: 'put',
  path: '/{id}',
  tags,
  summary: 'Edit a promo code, or switch it off',
  request: { params: idParamSchema, ...body(promoCodeInputSchema) },
  responses: { 200: json(promoSchema), ...write },
});

export const promoCodeRoutes = createRouter();
promoCodeRoutes.use('*', requireUser, requireFeature('promo_codes'));
promoCodeRoutes.on(['POST', 'PUT'], ['/', '/*'], requireOwner);

export const promoCodesApi = promoCodeRoutes
  .openapi(listRoute, async (c) =>
    c.json(await listPromoCodes(c.var.deps.db, c.var.businessId, c.req.valid('query')), 200),
  )
  .openapi(createPromoRoute, async (c) =>
    c.json(await createPromoCode(c.var.deps.db, c.var.businessId, c.req.valid('json')), 201),
  )
  .openapi(updatePromoRoute, async (c) =>
    c.json(
      await updatePromoCode(c.var.deps.db, c.var.businessId, c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  );

const checkRoute = createRoute({
  method: 'post',
  path: '/check',
  tags,
  summary: "Check a promo code for /book's Price Summary (the checkout applies it again)",
  request: body(promoCheckSchema),
  responses: {
    200: json(
      z.object({
        code: z.string(),
        discountType: z.enum(PROMO_DISCOUNT_TYPES),
        discountValue: z.number().int(),
        subtotalCents: z.number().int(),
        promoDiscountCents: z.number().int(),
        totalCents: z.number().int(),
      }),
    ),
    400: errorResponses[400],
    404: errorResponses[404],
  },
});

/** Public: /book asks before Book Now so the Price Summary can show the discount line. */
export const publicPromoCodesApi = createRouter().openapi(checkRoute, async (c) => {
  const { db } = c.var.deps;
  const input = c.req.valid('json');
  const business = await findPublicBusiness(db, input.businessId);
  if (!business) throw notFound('This business could not be found');
  const service = await findActiveService(db, business.id, input.serviceId);
  const vehicleType = VEHICLE_TYPES.find((v) => v === input.vehicleType);
  if (!service || !vehicleType) throw invalid('Choose a service and vehicle type first');
  const priced = await priceWithPromo(db, {
    businessId: business.id,
    code: input.code,
    email: input.email ?? '',
    subtotalCents: servicePriceCents(service, vehicleType),
    timeZone: business.timeZone,
  });
  return c.json(
    {
      code: priced.promo?.code ?? '',
      discountType: priced.promo?.discountType ?? 'fixed',
      discountValue: priced.promo?.discountValue ?? 0,
      subtotalCents: priced.subtotalCents,
      promoDiscountCents: priced.promoDiscountCents,
      totalCents: priced.totalCents,
    },
    200,
  );
});
