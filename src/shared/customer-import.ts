import type { z } from 'zod';
import { csvImportSchemaOf, importMappingSchemaOf } from './csv-import';

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

export const importMappingSchema = importMappingSchemaOf(IMPORT_FIELDS);
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const customerImportSchema = csvImportSchemaOf(IMPORT_FIELDS);
export type CustomerImportInput = z.input<typeof customerImportSchema>;

export const IMPORT_PROBLEMS = {
  missingName: 'Missing name',
  missingLastName: 'Missing last name',
  missingEmail: 'Missing email',
  badEmail: 'Bad email',
  duplicate: (row: number) => `Duplicate of row ${row} in this file`,
  tooLong: (field: string) => `${field} is too long`,
} as const;
