import { z } from '@hono/zod-openapi';
import { customerImportSchema, IMPORT_FIELDS } from '../../../shared/customer-import';
import { csvImportRoutes } from './csv-import.routes';
import { importCustomers, previewCustomerImport } from './customer-import.service';

/** /api/customers/import…, mounted before the customer routes. */
export const customerImportApi = csvImportRoutes({
  name: 'Customer',
  tag: 'Customers',
  records: 'customers',
  duplicates: 'duplicates by email merged or skipped',
  fields: IMPORT_FIELDS,
  input: customerImportSchema,
  sample: {
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    notes: z.string().nullable(),
  },
  preview: previewCustomerImport,
  commit: importCustomers,
});
