import { z } from '@hono/zod-openapi';
import { SERVICE_IMPORT_FIELDS, serviceImportSchema } from '../../../shared/service-import';
import { csvImportRoutes } from './csv-import.routes';
import { importServices, previewServiceImport } from './service-import.service';

/** /api/services/import…, mounted before the service routes. */
export const serviceImportApi = csvImportRoutes({
  name: 'Service',
  tag: 'Services',
  records: 'services',
  duplicates: 'services of the same name updated or skipped',
  fields: SERVICE_IMPORT_FIELDS,
  input: serviceImportSchema,
  sample: {
    name: z.string(),
    basePriceCents: z.number().int(),
    durationMinutes: z.number().int(),
  },
  preview: previewServiceImport,
  commit: importServices,
});
