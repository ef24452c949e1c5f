import { createRoute, z } from '@hono/zod-openapi';
import { API_KEY_SCOPES, apiKeyInputSchema } from '../../../shared/api-keys';
import { requireFeature, requireOwner, requireUser } from '../../access/guards';
import { idParamSchema, listOf, wholeList } from '../../http/lists';
import { createRouter, errorResponses, json, noContent } from '../../http/openapi';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().openapi({ description: 'The start of the key, which names it (sr_live_…)' }),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .openapi('ApiKey');
const createdKeySchema = apiKeySchema
  .extend({ key: z.string().openapi({ description: 'The whole key: shown this once, never again' }) })
  .openapi('CreatedApiKey');

const guarded = { 401: errorResponses[401], 402: errorResponses[402], 403: errorResponses[403] };

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['API keys'],
  summary: 'The business’s API keys that still work, newest first (the whole list)',
  responses: { 200: json(listOf(apiKeySchema)), ...guarded },
});
const createKeyRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['API keys'],
  summary: 'Create an API key (Elite); the answer holds the whole key, shown only this once',
  request: { body: { content: { 'application/json': { schema: apiKeyInputSchema } }, required: true } },
  responses: { 201: json(createdKeySchema, 'Created'), 400: errorResponses[400], ...guarded },
});
const revokeRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['API keys'],
  summary: 'Revoke an API key: requests with it answer 401 from now on',
  request: { params: idParamSchema },
  responses: { ...noContent, ...guarded, 404: errorResponses[404] },
});

const router = createRouter();
// The owner's alone (technicians are refused by requireUser's allowlist too, decision 1160).
router.use('*', requireUser, requireOwner, requireFeature('api_access'));

export const apiKeysApi = router
  .openapi(listRoute, async (c) => c.json(wholeList(await listApiKeys(c.var.deps.db, c.var.businessId)), 200))
  .openapi(createKeyRoute, async (c) =>
    c.json(await createApiKey(c.var.deps.db, c.var.businessId, c.var.user.id, c.req.valid('json')), 201),
  )
  .openapi(revokeRoute, async (c) => {
    await revokeApiKey(c.var.deps.db, c.var.businessId, c.req.valid('param').id);
    return c.body(null, 204);
  });
