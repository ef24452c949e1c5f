import { z } from 'zod';

// A CSV from another tool, for any kind of record (issue 30, decisions 1237 and 1287): the file, which column holds
// each field (absent: suggested from the headers) and what to do with records already there.

export const MAX_IMPORT_ROWS = 10_000;
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;

export const IMPORT_DUPLICATES = ['skip', 'merge'] as const;
export type ImportDuplicates = (typeof IMPORT_DUPLICATES)[number];

export const importMappingSchemaOf = <F extends string>(fields: readonly [F, ...F[]]) =>
  z.partialRecord(z.enum(fields), z.number().int().min(0).max(500));

export const csvImportSchemaOf = <F extends string>(fields: readonly [F, ...F[]]) =>
  z.object({
    csv: z.string().max(MAX_IMPORT_BYTES, 'The file is too large (8 MB at most)'),
    /** Absent: the suggested mapping. */
    mapping: importMappingSchemaOf(fields).optional(),
    duplicates: z.enum(IMPORT_DUPLICATES).default('skip'),
  });

export interface CsvImportInput<F extends string> {
  csv: string;
  mapping?: Partial<Record<F, number>>;
  duplicates?: ImportDuplicates;
}
