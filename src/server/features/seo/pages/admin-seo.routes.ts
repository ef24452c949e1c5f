import { createRoute, z } from '@hono/zod-openapi';
import { ADMIN_PAGE_LIST_LIMIT } from '../../../../shared/seo.constants';
import { adminGenerateInputSchema } from '../../../../shared/seo.schemas';
import { requireAdmin, requireUser } from '../../../access/guards';
import { idParamSchema, listOf, listQuerySchema } from '../../../http/lists';
import { createRouter, errorResponses, json, noContent } from '../../../http/openapi';
import { seoJobs } from '../generation/seo-jobs';
import {
  deleteAllPlatformPages,
  deletePlatformPage,
  getPlatformRun,
  latestPlatformRun,
  listPlatformPages,
  startPlatformRun,
  toRunDto,
} from '../generation/seo-runs.service';
import { publicPagesOf, seoOf } from '../seo-settings';
import { seoPageSchema, seoRunSchema } from './seo.openapi';
import { toPageDto } from './seo-pages.service';

const admin = { 401: errorResponses[401], 403: errorResponses[403] };

const listRoute = createRoute({
  method: 'get',
  path: '/pages',
  tags: ['Admin SEO'],
  summary:
    'Platform SEO pages, newest first (100 a page unless `limit` says), `q` searches title, city or state',
  request: {
    query: listQuerySchema.extend({
      limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_LIST_LIMIT).default(ADMIN_PAGE_LIST_LIMIT),
    }),
  },
  responses: {
    200: json(listOf(seoPageSchema)),
    400: errorResponses[400],
    ...admin,
  },
});

const settingsRoute = createRoute({
  method: 'get',
  path: '/settings',
  tags: ['Admin SEO'],
  summary: 'How many cities per state a generation covers',
  responses: { 200: json(z.object({ citiesPerState: z.number().int() })), ...admin },
});

const generateRoute = createRoute({
  method: 'post',
  path: '/generate',
  tags: ['Admin SEO'],
  summary: 'Queue a platform generation; answers at once with the job id and totalPages',
  request: {
    body: { content: { 'application/json': { schema: adminGenerateInputSchema } }, required: true },
  },
  responses: {
    202: json(
      z.object({ jobId: z.string().nullable(), runId: z.string(), totalPages: z.number().int() }),
      'Queued',
    ),
    400: errorResponses[400],
    409: errorResponses[409],
    ...admin,
  },
});

const latestRunRoute = createRoute({
  method: 'get',
  path: '/runs/latest',
  tags: ['Admin SEO'],
  summary: 'The newest platform generation and its progress (null when there has been none)',
  responses: { 200: json(z.object({ run: seoRunSchema.nullable() })), ...admin },
});

const runRoute = createRoute({
  method: 'get',
  path: '/runs/{id}',
  tags: ['Admin SEO'],
  summary: "A platform generation's progress",
  request: { params: idParamSchema },
  responses: { 200: json(z.object({ run: seoRunSchema })), 404: errorResponses[404], ...admin },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/pages/{id}',
  tags: ['Admin SEO'],
  summary: 'Delete one platform page',
  request: { params: idParamSchema },
  responses: { ...noContent, 404: errorResponses[404], ...admin },
});

const deleteAllRoute = createRoute({
  method: 'delete',
  path: '/pages',
  tags: ['Admin SEO'],
  summary: 'Delete All Generated Pages (every platform page; a running generation is cancelled)',
  responses: { 200: json(z.object({ deleted: z.number().int() })), ...admin },
});

const servingRoute = createRoute({
  method: 'get',
  path: '/serving',
  tags: ['Admin SEO'],
  summary:
    'How this instance serves public pages: pages held in memory, the budget, and pages awaiting a render',
  responses: {
    200: json(
      z.object({
        pagesInMemory: z.number().int(),
        bytesInMemory: z.number().int(),
        memoryBudgetBytes: z.number().int(),
        warming: z.boolean(),
        pendingRenders: z.number().int(),
      }),
    ),
    ...admin,
  },
});

const router = createRouter();
router.use('*', requireUser, requireAdmin);

export const adminSeoApi = router
  .openapi(listRoute, async (c) => {
    const { items, nextCursor } = await listPlatformPages(c.var.deps.db, c.req.valid('query'));
    return c.json({ items: items.map(toPageDto), nextCursor }, 200);
  })
  .openapi(servingRoute, async (c) => {
    const pages = publicPagesOf(c.var.deps);
    const stats = pages.stats();
    return c.json(
      {
        pagesInMemory: stats.pages,
        bytesInMemory: stats.bytes,
        memoryBudgetBytes: stats.maxBytes,
        warming: stats.warming,
        pendingRenders: await pages.pendingRenders(),
      },
      200,
    );
  })
  .openapi(settingsRoute, async (c) => {
    const seo = seoOf(c.var.deps);
    return c.json({ citiesPerState: seo.citiesPerState }, 200);
  })
  .openapi(generateRoute, async (c) => {
    const { db, jobs } = c.var.deps;
    const send = seoJobs(jobs);
    const result = await startPlatformRun(db, {
      requestedBy: c.var.user.id,
      actor: { id: c.var.user.id, email: c.var.user.email },
      input: c.req.valid('json'),
      citiesPerState: seoOf(c.var.deps).citiesPerState,
      enqueue: (runId) => send.generateRun(runId),
    });
    return c.json(result, 202);
  })
  .openapi(latestRunRoute, async (c) => {
    const run = await latestPlatformRun(c.var.deps.db);
    return c.json({ run: run ? toRunDto(run) : null }, 200);
  })
  .openapi(runRoute, async (c) => {
    const run = await getPlatformRun(c.var.deps.db, c.req.valid('param').id);
    return c.json({ run: toRunDto(run) }, 200);
  })
  .openapi(deleteRoute, async (c) => {
    await deletePlatformPage(c.var.deps.db, c.req.valid('param').id, {
      id: c.var.user.id,
      email: c.var.user.email,
    });
    return c.body(null, 204);
  })
  .openapi(deleteAllRoute, async (c) => {
    const deleted = await deleteAllPlatformPages(c.var.deps.db, {
      id: c.var.user.id,
      email: c.var.user.email,
    });
    return c.json({ deleted }, 200);
  });
