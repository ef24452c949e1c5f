import { createRoute, z } from '@hono/zod-openapi';
import { SERVICE_IMPORT_FIELDS, serviceImportSchema } from '../../../shared/service-import';
import { requireOwner, requireUser } from '../../access/guards';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { importServices, previewServiceImport } from './service-import.service';

const mappingSchema = z.partialRecord(z.enum(SERVICE_IMPORT_FIELDS), z.number().int());
const problemSchema = z.object({
  row: z.number().int(),
  name: z.string(),
  email: z.string(),
  problems: z.array(z.string()),
});
const previewSchema = z
  .object({
    headers: z.array(z.string()),
    mapping: mappingSchema,
    total: z.number().int(),
    valid: z.number().int(),
    existing: z.number().int(),
    invalid: z.number().int(),
    problems: z.array(problemSchema),
    sample: z.array(
      z.object({
        row: z.number().int(),
        name: z.string(),
        basePriceCents: z.number().int(),
        durationMinutes: z.number().int(),
        exists: z.boolean(),
      }),
    ),
  })
  .openapi('ServiceImportPreview');
const reportSchema = z
  .object({
    mapping: mappingSchema,
    total: z.number().int(),
    created: z.number().int(),
    merged: z.number().int(),
    skipped: z.number().int(),
    invalid: z.number().int(),
    problems: z.array(problemSchema),
  })
  .openapi('ServiceImportReport');

const tags = ['Services'];
const body = { body: { content: { 'application/json': { schema: serviceImportSchema } }, required: true } };
const refusals = { 400: errorResponses[400], 401: errorResponses[401], 403: errorResponses[403] };

const previewRoute = createRoute({
  method: 'post',
  path: '/import/preview',
  tags,
  summary:
    'Check a services CSV: the suggested column mapping, counts and every bad row’s problems (writes nothing)',
  request: body,
  responses: { 200: json(previewSchema), ...refusals },
});
const importRoute = createRoute({
  method: 'post',
  path: '/import',
  tags,
  summary:
    'Import a services CSV’s good rows in one transaction; services of the same name updated or skipped',
  request: body,
  responses: { 200: json(reportSchema, 'The report'), ...refusals },
});

const router = createRouter();
router.use('*', requireUser, requireOwner);

/** /api/services/import…, mounted before the service routes. */
export const serviceImportApi = router
  .openapi(previewRoute, async (c) =>
    c.json(await previewServiceImport(c.var.deps.db, c.var.businessId, c.req.valid('json')), 200),
  )
  .openapi(importRoute, async (c) =>
    c.json(await importServices(c.var.deps.db, c.var.businessId, c.req.valid('json')), 200),
  );
