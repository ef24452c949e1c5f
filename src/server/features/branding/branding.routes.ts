import { createRoute, z } from '@hono/zod-openapi';
import { WHITE_LABEL_SETUP_STATUSES } from '../../../shared/add-ons';
import { brandingInputSchema, logoUploadSchema } from '../../../shared/branding';
import { customDomainInputSchema, DOMAIN_STATUSES } from '../../../shared/custom-domains';
import { planIncludes } from '../../../shared/plan-features';
import { requireFeature, requireOwner, requireUser } from '../../access/guards';
import { notFound } from '../../http/errors';
import { createRouter, errorResponses, json, noContent } from '../../http/openapi';
import { whiteLabelSetupOf } from '../billing/add-ons.service';
import { loadPlan } from '../billing/plan-state';
import { getBranding, publicLogo, removeLogo, saveBranding, saveLogo } from './branding.service';
import {
  businessOfHost,
  checkCustomDomain,
  getCustomDomain,
  removeCustomDomain,
  setCustomDomain,
} from './custom-domain.service';

const brandingSchema = z
  .object({
    displayName: z
      .string()
      .nullable()
      .openapi({ description: 'Shown instead of the business name; null: the name' }),
    color: z.string().nullable().openapi({ description: 'The brand colour, #rrggbb' }),
    textColor: z
      .string()
      .nullable()
      .openapi({ description: 'The text colour on the brand colour, for contrast' }),
    logoUrl: z.string().nullable(),
    privacyUrl: z
      .string()
      .nullable()
      .openapi({ description: 'The business’s own Privacy policy (https); null: ShineRoute’s' }),
    termsUrl: z
      .string()
      .nullable()
      .openapi({ description: 'The business’s own Terms (https); null: ShineRoute’s' }),
  })
  .openapi('Branding');

const guarded = { 401: errorResponses[401], 402: errorResponses[402], 403: errorResponses[403] };
const tags = ['Branding'];

const getRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'The business’s white-label settings (read on any plan; applied on Elite)',
  responses: { 200: json(brandingSchema), 401: errorResponses[401], 403: errorResponses[403] },
});
const saveRoute = createRoute({
  method: 'put',
  path: '/',
  tags,
  summary: 'Set the display name, brand colour and the business’s own Privacy and Terms addresses (Elite)',
  request: { body: { content: { 'application/json': { schema: brandingInputSchema } }, required: true } },
  responses: { 200: json(brandingSchema), 400: errorResponses[400], ...guarded },
});
const logoRoute = createRoute({
  method: 'put',
  path: '/logo',
  tags,
  summary: 'Upload the logo (Elite): PNG, JPEG or WebP by its content, up to 512 KB, as base64',
  request: { body: { content: { 'application/json': { schema: logoUploadSchema } }, required: true } },
  responses: {
    200: json(brandingSchema),
    400: errorResponses[400],
    413: { ...errorResponses[400], description: 'Larger than 512 KB' },
    415: { ...errorResponses[400], description: 'Not a PNG, JPEG or WebP image' },
    ...guarded,
  },
});
const removeLogoRoute = createRoute({
  method: 'delete',
  path: '/logo',
  tags,
  summary: 'Remove the logo (Elite)',
  responses: { ...noContent, ...guarded },
});

const setupSchema = z
  .object({
    included: z
      .boolean()
      .openapi({ description: 'Whether the business’s plan includes white-label (Elite)' }),
    status: z.enum(WHITE_LABEL_SETUP_STATUSES).openapi({
      description: 'The one-time white-label setup add-on: not bought, bought and in progress, or done',
    }),
    purchasedAt: z.string().nullable(),
    doneAt: z.string().nullable(),
  })
  .openapi('WhiteLabelSetup');
const setupRoute = createRoute({
  method: 'get',
  path: '/setup',
  tags,
  summary:
    'Whether the plan includes white-label, and where the one-time white-label setup add-on stands (any plan)',
  responses: { 200: json(setupSchema), 401: errorResponses[401], 403: errorResponses[403] },
});

const domainSchema = z
  .object({
    domain: z.string(),
    status: z.enum(DOMAIN_STATUSES),
    failure: z.string().nullable().openapi({ description: 'Why the last check failed' }),
    checkedAt: z.string().nullable(),
    lastResult: z
      .enum(['found', 'missing', 'lookup_failed'])
      .nullable()
      .openapi({ description: 'What the last check (the owner’s or the daily one) found' }),
    misses: z.number().int().openapi({ description: 'Daily checks in a row that found the record gone' }),
    cnameTarget: z.string().openapi({ description: 'Create a CNAME record from the domain to this name' }),
    txtName: z
      .string()
      .openapi({ description: 'Or, where a CNAME cannot be made, a TXT record of this name…' }),
    txtValue: z.string().openapi({ description: '…holding this value' }),
  })
  .nullable()
  .openapi('CustomDomain');

const getDomainRoute = createRoute({
  method: 'get',
  path: '/domain',
  tags,
  summary: 'The business’s custom domain, its state and the DNS record to create (null: none)',
  responses: { 200: json(domainSchema), 401: errorResponses[401], 403: errorResponses[403] },
});
const setDomainRoute = createRoute({
  method: 'put',
  path: '/domain',
  tags,
  summary:
    'Name the custom domain (Elite): pending until its DNS is checked; 409 when another business has it',
  request: { body: { content: { 'application/json': { schema: customDomainInputSchema } }, required: true } },
  responses: { 200: json(domainSchema), 400: errorResponses[400], 409: errorResponses[409], ...guarded },
});
const checkDomainRoute = createRoute({
  method: 'post',
  path: '/domain/check',
  tags,
  summary: 'Check the custom domain’s DNS now: verified, or failed with the reason',
  responses: { 200: json(domainSchema), 404: errorResponses[404], ...guarded },
});
const removeDomainRoute = createRoute({
  method: 'delete',
  path: '/domain',
  tags,
  summary: 'Disconnect the custom domain',
  responses: { ...noContent, ...guarded },
});

const router = createRouter();
// The owner's alone; every write needs Elite (decision 1315).
router.use('*', requireUser, requireOwner);
router.put('*', requireFeature('white_label'));
router.delete('*', requireFeature('white_label'));
router.post('*', requireFeature('white_label'));

export const brandingApi = router
  .openapi(getRoute, async (c) => c.json(await getBranding(c.var.deps.db, c.var.businessId), 200))
  .openapi(saveRoute, async (c) =>
    c.json(await saveBranding(c.var.deps.db, c.var.businessId, c.req.valid('json')), 200),
  )
  .openapi(logoRoute, async (c) => {
    const bytes = new Uint8Array(Buffer.from(c.req.valid('json').dataBase64, 'base64'));
    return c.json(await saveLogo(c.var.deps, c.var.businessId, bytes), 200);
  })
  .openapi(removeLogoRoute, async (c) => {
    await removeLogo(c.var.deps, c.var.businessId);
    return c.body(null, 204);
  })
  .openapi(setupRoute, async (c) => {
    const { db } = c.var.deps;
    const [plan, setup] = await Promise.all([
      loadPlan(db, c.var.businessId),
      whiteLabelSetupOf(db, c.var.businessId),
    ]);
    return c.json({ included: planIncludes(plan.plan, 'white_label'), ...setup }, 200);
  })
  .openapi(getDomainRoute, async (c) => c.json(await getCustomDomain(c.var.deps, c.var.businessId), 200))
  .openapi(setDomainRoute, async (c) =>
    c.json(await setCustomDomain(c.var.deps, c.var.businessId, c.req.valid('json')), 200),
  )
  .openapi(checkDomainRoute, async (c) => c.json(await checkCustomDomain(c.var.deps, c.var.businessId), 200))
  .openapi(removeDomainRoute, async (c) => {
    await removeCustomDomain(c.var.deps, c.var.businessId);
    return c.body(null, 204);
  });

const publicLogoRoute = createRoute({
  method: 'get',
  path: '/branding/{businessId}/logo',
  tags,
  summary: 'A white-labelled business’s logo (the only file this route serves; 404 otherwise)',
  request: {
    params: z.object({
      businessId: z
        .string()
        .min(1)
        .max(100)
        .openapi({ param: { name: 'businessId', in: 'path' } }),
    }),
  },
  responses: {
    200: {
      description: 'The logo',
      content: { 'image/*': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } },
    },
    404: errorResponses[404],
  },
});

const publicRouter = createRouter();
// biome-ignore lint/suspicious/noExplicitAny: an image body is not JSON; the route documents it as binary.
publicRouter.openapi(publicLogoRoute, async (c): Promise<any> => {
  const file = await publicLogo(c.var.deps, c.req.valid('param').businessId);
  // The address carries the logo's version (?v=), so a new upload is a new address.
  return new Response(Buffer.from(file.body), {
    status: 200,
    headers: {
      'content-type': file.contentType,
      'cache-control': 'public, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    },
  });
});

const domainAllowedRoute = createRoute({
  method: 'get',
  path: '/custom-domains/allowed',
  tags,
  summary:
    'For the TLS proxy’s on-demand certificates: 200 when the domain is a verified custom domain served here, else 404',
  request: { query: z.object({ domain: z.string().max(260) }) },
  responses: { 200: json(z.object({ domain: z.string() })), 404: errorResponses[404] },
});
publicRouter.openapi(domainAllowedRoute, async (c) => {
  const domain = c.req.valid('query').domain.toLowerCase();
  if (!(await businessOfHost(c.var.deps.db, domain))) throw notFound();
  return c.json({ domain }, 200);
});

/** Mounted at /api/public: no session. */
export const brandingPublicApi = publicRouter;
