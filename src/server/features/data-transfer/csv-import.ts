import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { type CsvImportInput, type ImportDuplicates, MAX_IMPORT_ROWS } from '../../../shared/csv-import';
import { DATA_TEXT } from '../../../shared/data-transfer';
import { invalid } from '../../http/errors';

// The one way a CSV from another tool comes in (issue 30, decisions 1237 and 1287): parsed as RFC 4180, its columns
// mapped to a kind's fields (suggested from the headers), every row checked by the kind and named with its problems,
// and only the good rows written, in one statement inside one transaction (all or nothing). Customers and services
// are kinds of it.

export type ImportMappingOf<F extends string> = Partial<Record<F, number>>;

export type CheckedRow<V> =
  | { row: number; ok: true; value: V; key: string }
  | { row: number; ok: false; problems: string[]; name: string; email: string };
type Bad = Extract<CheckedRow<unknown>, { ok: false }>;

/** What one kind of record needs to come in by CSV. */
export interface ImportKind<F extends string, V> {
  labels: Record<F, string>;
  /** Header names as other tools write them, normalised (`normaliseHeader`), and the field each names. */
  headerFields: Record<string, F>;
  /** The refusal when a needed column is not mapped, else null. */
  missingColumn(mapping: ImportMappingOf<F>): string | null;
  /**
   * One data row read and checked (its problems named). `key` tells duplicates apart (lower-cased; '' for none): a bad
   * row's key counts too, so a later row with it is still a duplicate.
   */
  checkRow(
    cells: (field: F) => string,
  ):
    | { value: V; key: string; name: string; email?: string }
    | { problems: string[]; name: string; email?: string; key: string };
  /** The first row with a key seen before names it. */
  duplicate: (firstRow: number) => string;
}

/** Lower case with everything but letters and digits removed: "E-mails" and "emails" are one header. */
export const normaliseHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The suggested column (index into the headers) for each field: the first header that names it. */
export function suggestMappingOf<F extends string>(headers: string[], headerFields: Record<string, F>) {
  const mapping: ImportMappingOf<F> = {};
  headers.forEach((h, i) => {
    const field = headerFields[normaliseHeader(h)];
    if (field && mapping[field] === undefined) mapping[field] = i;
  });
  return mapping;
}

/** The CSV's header and data rows (a BOM and blank lines dropped; quotes, commas and CRLF as RFC 4180). */
export function parseCsv(text: string): { headers: string[]; rows: string[][] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [headers = [], ...rows] = parsed.data;
  return { headers: headers.map((h) => h.trim()), rows };
}

const cellOf = (row: string[], index: number | undefined) =>
  index === undefined ? '' : (row[index] ?? '').trim();

/** Every data row checked, numbered as a spreadsheet shows them (the header is row 1); a repeated key is a problem. */
export function checkRowsOf<F extends string, V>(
  kind: ImportKind<F, V>,
  rows: string[][],
  mapping: ImportMappingOf<F>,
): CheckedRow<V>[] {
  const seen = new Map<string, number>();
  return rows.map((r, i) => {
    const row = i + 2;
    const checked = kind.checkRow((field) => cellOf(r, mapping[field]));
    const first = checked.key ? seen.get(checked.key) : undefined;
    if (checked.key && first === undefined) seen.set(checked.key, row);
    if ('problems' in checked) {
      const problems = first === undefined ? checked.problems : [...checked.problems, kind.duplicate(first)];
      return { row, ok: false, problems, name: checked.name, email: checked.email ?? '' };
    }
    if (first !== undefined)
      return {
        row,
        ok: false,
        problems: [kind.duplicate(first)],
        name: checked.name,
        email: checked.email ?? '',
      };
    return { row, ok: true, value: checked.value, key: checked.key };
  });
}

/** Problems listed in an answer at most (the counts are always whole). */
const MAX_LISTED = 1000;
export const listedProblems = (bad: Bad[]) =>
  bad.slice(0, MAX_LISTED).map((r) => ({ row: r.row, name: r.name, email: r.email, problems: r.problems }));

/** The file read with its mapping (given, else suggested) and every row checked. Refuses a file it cannot import. */
export function readImport<F extends string, V>(
  kind: ImportKind<F, V>,
  input: CsvImportInput<F>,
  suggest: (headers: string[]) => ImportMappingOf<F> = (h) => suggestMappingOf(h, kind.headerFields),
) {
  const { headers, rows } = parseCsv(input.csv);
  if (rows.length === 0) throw invalid(DATA_TEXT.importEmpty);
  if (rows.length > MAX_IMPORT_ROWS) throw invalid(DATA_TEXT.importTooLarge);
  const mapping = input.mapping ?? suggest(headers);
  for (const [field, index] of Object.entries(mapping) as [F, number | undefined][])
    if (index !== undefined && index >= headers.length)
      throw invalid(`${kind.labels[field]}: no such column`);
  const missing = kind.missingColumn(mapping);
  if (missing) throw invalid(missing);
  const checked = checkRowsOf(kind, rows, mapping);
  const good = checked.filter((r): r is Extract<CheckedRow<V>, { ok: true }> => r.ok);
  const bad = checked.filter((r): r is Bad => !r.ok);
  return {
    headers,
    mapping,
    duplicates: input.duplicates ?? ('skip' as ImportDuplicates),
    total: rows.length,
    good,
    bad,
  };
}

type ReadImport<F extends string, V> = ReturnType<typeof readImport<F, V>>;

/** A preview's answer: the mapping used, counts, each bad row's problems and the first good rows (writes nothing). */
export function importPreviewOf<F extends string, V, S>(
  { headers, mapping, total, good, bad }: ReadImport<F, V>,
  existing: { size: number; has(key: string): boolean },
  sampleOf: (value: V) => S,
) {
  return {
    headers,
    mapping,
    total,
    valid: good.length,
    existing: existing.size,
    invalid: bad.length,
    problems: listedProblems(bad),
    sample: good.slice(0, 5).map((r) => ({ row: r.row, ...sampleOf(r.value), exists: existing.has(r.key) })),
  };
}

/** An import's answer: what it did with the file's rows. */
export function importReportOf<F extends string, V>(
  { mapping, total, good, bad }: ReadImport<F, V>,
  { created, merged }: { created: number; merged: number },
) {
  return {
    mapping,
    total,
    created,
    merged,
    skipped: good.length - created - merged,
    invalid: bad.length,
    problems: listedProblems(bad),
  };
}

/** An array parameter for `unnest(...)`: one column of the good rows. */
export const columnOf = <V>(good: { value: V }[], pick: (v: V) => unknown) =>
  sql.param(good.map((r) => pick(r.value)));
