import { createRoute, z } from '@hono/zod-openapi';
import { requireOwner, requireUser } from '../../access/guards';
import type { Database } from '../../db/client';
import { createRouter, errorResponses, json } from '../../http/openapi';

// The one pair of routes a CSV import answers on (decisions 1237 and 1287): `POST …/import/preview` checks the file
// and writes nothing, `POST …/import` writes its good rows. Owners only; every kind (customers, services) answers the
// same preview, report and refusals, only its fields and sample rows differ.

const problemSchema = z.object({
  row: z.number().int(),
  name: z.string(),
  email: z.string(),
  problems: z.array(z.string()),
});

/** The preview's and the report's schemas for one kind, named `<name>ImportPreview` / `<name>ImportReport`. */
function importSchemasOf<F extends string, S extends z.ZodRawShape>(
  name: string,
  fields: readonly [F, ...F[]],
  sample: S,
) {
  const mappingSchema = z.partialRecord(z.enum(fields), z.number().int());
  const preview = z
    .object({
      headers: z.array(z.string()),
      mapping: mappingSchema,
      total: z.number().int(),
      valid: z.number().int(),
      existing: z.number().int(),
      invalid: z.number().int(),
      problems: z.array(problemSchema),
      sample: z.array(z.object({ row: z.number().int(), ...sample, exists: z.boolean() })),
    })
    .openapi(`${name}ImportPreview`);
  const report = z
    .object({
      mapping: mappingSchema,
      total: z.number().int(),
      created: z.number().int(),
      merged: z.number().int(),
      skipped: z.number().int(),
      invalid: z.number().int(),
      problems: z.array(problemSchema),
    })
    .openapi(`${name}ImportReport`);
  return { preview, report };
}

type Problem = z.infer<typeof problemSchema>;
/** What a preview answers: the file's headers, the mapping used, counts, the bad rows and a few good ones. */
export interface ImportPreview<F extends string, Sample> {
  headers: string[];
  mapping: Partial<Record<F, number>>;
  total: number;
  valid: number;
  existing: number;
  invalid: number;
  problems: Problem[];
  sample: ({ row: number; exists: boolean } & Sample)[];
}
/** What an import answers: what it did with each row. */
export interface ImportReport<F extends string> {
  mapping: Partial<Record<F, number>>;
  total: number;
  created: number;
  merged: number;
  skipped: number;
  invalid: number;
  problems: Problem[];
}

/** What one kind of record brings to its import routes. */
export interface CsvImportRoutesKind<F extends string, I extends z.ZodType, S extends z.ZodRawShape> {
  /** The schemas' name: `Customer` → `CustomerImportPreview`, `CustomerImportReport`. */
  name: string;
  tag: string;
  /** The records in the summaries' words: "customers". */
  records: string;
  /** The import's summary after "…’s good rows in one transaction; ": what happens to a record already there. */
  duplicates: string;
  fields: readonly [F, ...F[]];
  input: I;
  /** A sample row's own fields, between its `row` and `exists`. */
  sample: S;
  preview: (
    db: Database,
    businessId: string,
    input: z.output<I>,
  ) => Promise<ImportPreview<F, z.output<z.ZodObject<S>>>>;
  commit: (db: Database, businessId: string, input: z.output<I>) => Promise<ImportReport<F>>;
}

/** The preview and import routes of one kind, to mount under its list's path (before the list's own routes). */
export function csvImportRoutes<F extends string, I extends z.ZodType, S extends z.ZodRawShape>(
  kind: CsvImportRoutesKind<F, I, S>,
) {
  const schemas = importSchemasOf(kind.name, kind.fields, kind.sample);
  const tags = [kind.tag];
  const request = { body: { content: { 'application/json': { schema: kind.input } }, required: true } };
  const refusals = { 400: errorResponses[400], 401: errorResponses[401], 403: errorResponses[403] };

  const previewRoute = createRoute({
    method: 'post',
    path: '/import/preview',
    tags,
    summary: `Check a ${kind.records} CSV: the suggested column mapping, counts and every bad row’s problems (writes nothing)`,
    request,
    responses: { 200: json(schemas.preview), ...refusals },
  });
  const importRoute = createRoute({
    method: 'post',
    path: '/import',
    tags,
    summary: `Import a ${kind.records} CSV’s good rows in one transaction; ${kind.duplicates}`,
    request,
    responses: { 200: json(schemas.report, 'The report'), ...refusals },
  });

  type Preview = z.infer<typeof schemas.preview>;
  type Report = z.infer<typeof schemas.report>;
  // The body was validated by `kind.input`; its type is only known where a kind is given.
  const bodyOf = (req: unknown) => (req as { valid(target: 'json'): z.output<I> }).valid('json');
  const router = createRouter();
  router.use('*', requireUser, requireOwner);
  return router
    .openapi(previewRoute, async (c) => {
      const input = bodyOf(c.req);
      return c.json((await kind.preview(c.var.deps.db, c.var.businessId, input)) as Preview, 200);
    })
    .openapi(importRoute, async (c) => {
      const input = bodyOf(c.req);
      return c.json((await kind.commit(c.var.deps.db, c.var.businessId, input)) as Report, 200);
    });
}
