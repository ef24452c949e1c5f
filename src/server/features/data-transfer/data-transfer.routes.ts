import { createRoute, z } from '@hono/zod-openapi';
import { closeAccountSchema, DATA_EXPORT_STATUSES } from '../../../shared/data-transfer';
import { requireOwner, requireUser } from '../../access/guards';
import { idParamSchema, listOf, wholeList } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { closeAccount, closureOf } from './closure.service';
import { exportArchive, listExports, requestExport } from './export.service';

const exportSchema = z
  .object({
    id: z.string(),
    status: z.enum(DATA_EXPORT_STATUSES),
    progress: z.number().int(),
    bytes: z.number().int().nullable(),
    rowCounts: z.record(z.string(), z.number()).nullable(),
    error: z.string().nullable(),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    downloadable: z.boolean(),
  })
  .openapi('DataExport');

const guarded = { 401: errorResponses[401], 403: errorResponses[403] };
const tags = ['Data'];

const listRoute = createRoute({
  method: 'get',
  path: '/exports',
  tags,
  summary: 'The business’s latest data exports with their progress (the whole list)',
  responses: { 200: json(listOf(exportSchema)), ...guarded },
});
const createExportRoute = createRoute({
  method: 'post',
  path: '/exports',
  tags,
  summary: 'Export all data: queues a .zip of CSV files, a JSON copy and the uploaded files (one at a time)',
  responses: { 202: json(exportSchema, 'Queued'), ...guarded },
});
const downloadRoute = createRoute({
  method: 'get',
  path: '/exports/{id}/download',
  tags,
  summary: 'The export’s .zip, for 7 days after it was built (the business’s own only)',
  request: { params: idParamSchema },
  responses: {
    200: { description: 'The archive', content: { 'application/zip': { schema: z.string() } } },
    ...guarded,
    404: errorResponses[404],
  },
});

const closureSchema = z.object({ closedAt: z.string(), deleteAfter: z.string() }).openapi('AccountClosure');
const closureRoute = createRoute({
  method: 'get',
  path: '/closure',
  tags,
  summary: 'Whether the account is closed, and when its data will be deleted',
  responses: { 200: json(z.object({ closure: closureSchema.nullable() })), ...guarded },
});
const closeRoute = createRoute({
  method: 'post',
  path: '/closure',
  tags,
  summary: 'Close the account: public pages and booking stop at once; the data is deleted after 30 days',
  request: { body: { content: { 'application/json': { schema: closeAccountSchema } }, required: true } },
  responses: { 200: json(z.object({ closure: closureSchema })), 400: errorResponses[400], ...guarded },
});

const router = createRouter();
router.use('*', requireUser, requireOwner);

export const dataTransferApi = router
  .openapi(listRoute, async (c) => c.json(wholeList(await listExports(c.var.deps.db, c.var.businessId)), 200))
  .openapi(createExportRoute, async (c) =>
    c.json(await requestExport(c.var.deps, c.var.businessId, c.var.user.id), 202),
  )
  .openapi(closureRoute, async (c) =>
    c.json({ closure: await closureOf(c.var.deps.db, c.var.businessId) }, 200),
  )
  .openapi(closeRoute, async (c) =>
    c.json(
      { closure: await closeAccount(c.var.deps.db, c.var.businessId, c.var.user.id, c.req.valid('json')) },
      200,
    ),
  )
  .openapi(downloadRoute, async (c) => {
    const { body, name } = await exportArchive(c.var.deps, c.var.businessId, c.req.valid('param').id);
    return c.body(body as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${name}"`,
    });
  });
