import { createRoute, z } from '@hono/zod-openapi';
import { platformSettingsSchema } from '../../../shared/platform-settings';
import { requireAdmin, requireUser } from '../../access/guards';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { describeOutsideServices } from './outside-services';
import { getPlatformSettings, getPublicSettings, updatePlatformSettings } from './platform-settings.service';

const settingsSchema = platformSettingsSchema
  .extend({ updatedAt: z.string().nullable(), updatedByEmail: z.string().nullable() })
  .openapi('PlatformSettings');
const servicesSchema = z.array(
  z.object({
    key: z.enum(['payments', 'smtp', 'sms', 'storage', 'llm']),
    name: z.string(),
    configured: z.boolean(),
    detail: z.string(),
  }),
);
const publicSettingsSchema = platformSettingsSchema
  .pick({
    bannerEnabled: true,
    bannerText: true,
    starterPriceCents: true,
    proPriceCents: true,
    elitePriceCents: true,
    supportEmail: true,
    supportPhone: true,
    defaultTaxRateBps: true,
  })
  .openapi('PublicSettings');

const tags = ['Admin'];
const adminErrors = { 401: errorResponses[401], 403: errorResponses[403] };

const getRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'The platform settings and which outside services are configured (never their secrets)',
  responses: { 200: json(z.object({ settings: settingsSchema, services: servicesSchema })), ...adminErrors },
});
const putRoute = createRoute({
  method: 'put',
  path: '/',
  tags,
  summary:
    'Save the platform settings (money in cents, tax in basis points); takes effect on every instance within seconds',
  request: { body: { content: { 'application/json': { schema: platformSettingsSchema } }, required: true } },
  responses: { 200: json(settingsSchema), 400: errorResponses[400], ...adminErrors },
});
const publicRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Public'],
  summary: 'The promotional banner, plan prices, support contact and the default tax rate of a new quote',
  responses: { 200: json(publicSettingsSchema) },
});

const adminRouter = createRouter();
adminRouter.use('*', requireUser, requireAdmin);

/** /api/admin/settings (docs/decisions/0812). */
export const adminSettingsApi = adminRouter
  .openapi(getRoute, async (c) => {
    const { db, outsideServices } = c.var.deps;
    return c.json(
      { settings: await getPlatformSettings(db), services: outsideServices ?? describeOutsideServices({}) },
      200,
    );
  })
  .openapi(putRoute, async (c) =>
    c.json(
      await updatePlatformSettings(
        c.var.deps.db,
        { id: c.var.user.id, email: c.var.user.email },
        c.req.valid('json'),
      ),
      200,
    ),
  );

/** /api/public/settings: what the landing, pricing and contact pages show. */
export const publicSettingsApi = createRouter().openapi(publicRoute, async (c) => {
  c.header('Cache-Control', 'no-cache');
  return c.json(await getPublicSettings(c.var.deps.db), 200);
});
