import { createRoute, z } from '@hono/zod-openapi';
import { customerImportSchema, IMPORT_FIELDS } from '../../../shared/customer-import';
import { requireOwner, requireUser } from '../../access/guards';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { importCustomers, previewCustomerImport } from './customer-import.service';

const mappingSchema = z.partialRecord(z.enum(IMPORT_FIELDS), z.number().int());
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
        firstName: z.string(),
        lastName: z.string(),
        email: z.string(),
        phone: z.string().nullable(),
        address: z.string().nullable(),
        notes: z.string().nullable(),
        exists: z.boolean(),
      }),
    ),
  })
  .openapi('CustomerImportPreview');
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
  .openapi('CustomerImportReport');

const tags = ['Customers'];
const body = { body: { content: { 'application/json': { schema: customerImportSchema } }, required: true } };
const refusals = { 400: errorResponses[400], 401: errorResponses[401], 403: errorResponses[403] };

const previewRoute = createRoute({
  method: 'post',
  path: '/import/preview',
  tags,
  summary:
    'Check a customers CSV: the suggested column mapping, counts and every bad row’s problems (writes nothing)',
  request: body,
  responses: { 200: json(previewSchema), ...refusals },
});
const importRoute = createRoute({
  method: 'post',
  path: '/import',
  tags,
  summary: 'Import a customers CSV’s good rows in one transaction; duplicates by email merged or skipped',
  request: body,
  responses: { 200: json(reportSchema, 'The report'), ...refusals },
});

const router = createRouter();
router.use('*', requireUser, requireOwner);

/** /api/customers/import…, mounted before the customer routes. */
export const customerImportApi = router
  .openapi(previewRoute, async (c) =>
    c.json(await previewCustomerImport(c.var.deps.db, c.var.businessId, c.req.valid('json')), 200),
  )
  .openapi(importRoute, async (c) =>
    c.json(await importCustomers(c.var.deps.db, c.var.businessId, c.req.valid('json')), 200),
  );
