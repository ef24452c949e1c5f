import Papa from 'papaparse';
import type { z } from 'zod';
import { IMPORT_PROBLEMS, type ImportField, type ImportMapping } from '../../../shared/customer-import';
import { customerInputSchema } from '../../../shared/customers.schemas';

// Reading another tool's customer CSV (decision 1237): parsing, the suggested mapping, every row checked with the one
// customer schema.

/** Header names as other tools write them, lower-cased with everything but letters and digits removed. */
const HEADER_FIELDS: Record<string, ImportField> = {
  // Ours and the common spellings.
  firstname: 'firstName',
  first: 'firstName',
  givenname: 'firstName',
  lastname: 'lastName',
  last: 'lastName',
  familyname: 'lastName',
  name: 'fullName',
  fullname: 'fullName',
  customername: 'fullName',
  clientname: 'fullName',
  email: 'email',
  emailaddress: 'email',
  phone: 'phone',
  phonenumber: 'phone',
  mobile: 'phone',
  address: 'street',
  street: 'street',
  city: 'city',
  state: 'state',
  zip: 'zip',
  zipcode: 'zip',
  postalcode: 'zip',
  notes: 'notes',
  note: 'notes',
  // Jobber's client export.
  displayname: 'fullName',
  emails: 'email',
  mainphones: 'phone',
  mobilephones: 'phone',
  billingstreet1: 'street',
  billingstreet2: 'street2',
  billingcity: 'city',
  billingstate: 'state',
  billingzipcode: 'zip',
  servicestreet1: 'street',
  servicestreet2: 'street2',
  servicecity: 'city',
  servicestate: 'state',
  servicezipcode: 'zip',
  // Square's customer directory export.
  surname: 'lastName',
  streetaddress1: 'street',
  streetaddress2: 'street2',
  memo: 'notes',
  // Housecall Pro's customer export.
  mobilenumber: 'phone',
  homenumber: 'phone',
  worknumber: 'phone',
  streetline2: 'street2',
  addressline1: 'street',
  addressline2: 'street2',
};

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The suggested column (index into the headers) for each field: the first header that names it. */
export function suggestMapping(headers: string[]): ImportMapping {
  const mapping: ImportMapping = {};
  headers.forEach((h, i) => {
    const field = HEADER_FIELDS[normalise(h)];
    if (field && mapping[field] === undefined) mapping[field] = i;
  });
  // A full name is only needed when the first and last names are not their own columns.
  if (mapping.firstName !== undefined && mapping.lastName !== undefined) delete mapping.fullName;
  return mapping;
}

/** The CSV's header and data rows (a BOM and blank lines dropped; quotes, commas and CRLF as RFC 4180). */
export function parseCsv(text: string): { headers: string[]; rows: string[][] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [headers = [], ...rows] = parsed.data;
  return { headers: headers.map((h) => h.trim()), rows };
}

export type CheckedRow =
  | { row: number; ok: true; customer: z.output<typeof customerInputSchema> }
  | { row: number; ok: false; problems: string[]; name: string; email: string };

const cell = (row: string[], index: number | undefined) =>
  index === undefined ? '' : (row[index] ?? '').trim();

/**
 * Every data row checked with the customer schema, numbered as a spreadsheet shows them (the header is row 1).
 * A row fails with each of its problems named; a second row with an email seen before is a duplicate.
 */
export function checkRows(rows: string[][], mapping: ImportMapping): CheckedRow[] {
  const seen = new Map<string, number>();
  return rows.map((r, i) => {
    const row = i + 2;
    let firstName = cell(r, mapping.firstName);
    let lastName = cell(r, mapping.lastName);
    const fullName = cell(r, mapping.fullName);
    if (!firstName && !lastName && fullName) {
      const parts = fullName.split(/\s+/);
      firstName = parts[0] ?? '';
      lastName = parts.slice(1).join(' ');
    }
    const email = cell(r, mapping.email).split(/[,;\s]+/)[0] ?? '';
    const street = [cell(r, mapping.street), cell(r, mapping.street2)].filter(Boolean).join(' ');
    const region = [cell(r, mapping.state), cell(r, mapping.zip)].filter(Boolean).join(' ');
    const address = [street, cell(r, mapping.city), region].filter(Boolean).join(', ');
    const phone = cell(r, mapping.phone).split(/[,;]/)[0]?.trim() ?? '';
    const problems: string[] = [];
    if (!firstName && !lastName) problems.push(IMPORT_PROBLEMS.missingName);
    else if (!firstName || !lastName) problems.push(IMPORT_PROBLEMS.missingLastName);
    if (!email) problems.push(IMPORT_PROBLEMS.missingEmail);
    const parsed = customerInputSchema.safeParse({
      firstName,
      lastName,
      email,
      phone,
      address,
      notes: cell(r, mapping.notes),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        if (field === 'email' && email) problems.push(IMPORT_PROBLEMS.badEmail);
        else if (issue.code === 'too_big') problems.push(IMPORT_PROBLEMS.tooLong(field));
      }
    }
    const key = email.toLowerCase();
    const first = seen.get(key);
    if (key && first !== undefined) problems.push(IMPORT_PROBLEMS.duplicate(first));
    else if (key) seen.set(key, row);
    const name = [firstName, lastName].filter(Boolean).join(' ');
    if (problems.length || !parsed.success) {
      return { row, ok: false, problems: problems.length ? problems : ['Invalid row'], name, email };
    }
    return { row, ok: true, customer: parsed.data };
  });
}
