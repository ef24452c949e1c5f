import { z } from 'zod';

// Importing customers from another tool's CSV (issue 30, decision 1237): the columns are mapped to our fields
// (suggested from the headers, Jobber's, Square's and Housecall Pro's exports recognised), every row is checked with
// the one customer schema, and only rows that pass are written.

export const IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'phone',
  'street',
  'street2',
  'city',
  'state',
  'zip',
  'notes',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  email: 'Email',
  phone: 'Phone',
  street: 'Street',
  street2: 'Street line 2',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  notes: 'Notes',
};

export const MAX_IMPORT_ROWS = 10_000;
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;

export const importMappingSchema = z.partialRecord(z.enum(IMPORT_FIELDS), z.number().int().min(0).max(500));
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const IMPORT_DUPLICATES = ['skip', 'merge'] as const;
export type ImportDuplicates = (typeof IMPORT_DUPLICATES)[number];

export const customerImportSchema = z.object({
  csv: z.string().max(MAX_IMPORT_BYTES, 'The file is too large (8 MB at most)'),
  /** Absent: the suggested mapping. */
  mapping: importMappingSchema.optional(),
  duplicates: z.enum(IMPORT_DUPLICATES).default('skip'),
});
export type CustomerImportInput = z.input<typeof customerImportSchema>;

export const IMPORT_PROBLEMS = {
  missingName: 'Missing name',
  missingLastName: 'Missing last name',
  missingEmail: 'Missing email',
  badEmail: 'Bad email',
  duplicate: (row: number) => `Duplicate of row ${row} in this file`,
  tooLong: (field: string) => `${field} is too long`,
} as const;
