import { createRoute, z } from '@hono/zod-openapi';
import { landingPagesInputSchema } from '../../../../shared/seo.schemas';
import { requireOwnerForWrites, requireUser } from '../../../access/guards';
import { idParamSchema, listOf, wholeList } from '../../../http/lists';
import { createRouter, errorResponses, json, noContent } from '../../../http/openapi';
import { seoJobs } from '../generation/seo-jobs';
import { seoPageSchema } from './seo.openapi';
import { createLandingPages, deleteBusinessPage, listBusinessPages, toPageDto } from './seo-pages.service';

const listRoute = createRoute({
  method: 'get',
  path: '/pages',
  tags: ['Marketing'],
  summary: "The business's latest 20 landing pages, newest first (the whole list: nextCursor is null)",
  responses: { 200: json(listOf(seoPageSchema)), 401: errorResponses[401] },
});

const createPagesRoute = createRoute({
  method: 'post',
  path: '/pages',
  tags: ['Marketing'],
  summary: 'Quick Landing Page Generator: one draft page per city; content is written in the background',
  request: { body: { content: { 'application/json': { schema: landingPagesInputSchema } }, required: true } },
  responses: {
    201: json(z.object({ pages: z.array(seoPageSchema), count: z.number().int() }), 'Created'),
    400: errorResponses[400],
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/pages/{id}',
  tags: ['Marketing'],
  summary: 'Delete one of your landing pages',
  request: { params: idParamSchema },
  responses: {
    ...noContent,
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

const router = createRouter();
router.use('*', requireUser, requireOwnerForWrites);

export const marketingApi = router
  .openapi(listRoute, async (c) => {
    const pages = await listBusinessPages(c.var.deps.db, c.var.businessId);
    return c.json(wholeList(pages.map(toPageDto)), 200);
  })
  .openapi(createPagesRoute, async (c) => {
    const { db, jobs } = c.var.deps;
    const send = seoJobs(jobs);
    const pages = await createLandingPages(db, c.var.businessId, c.req.valid('json'));
    // §7: generate-seo-content is called once per created page (singlePage).
    for (const page of pages) await send.generatePage(page.id);
    return c.json({ pages: pages.map(toPageDto), count: pages.length }, 201);
  })
  .openapi(deleteRoute, async (c) => {
    const { db } = c.var.deps;
    await deleteBusinessPage(db, c.var.businessId, c.req.valid('param').id);
    return c.body(null, 204);
  });
