import type { z } from 'zod';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_PROBLEMS,
  type ImportField,
  type ImportMapping,
} from '../../../shared/customer-import';
import { customerInputSchema } from '../../../shared/customers.schemas';
import { DATA_TEXT } from '../../../shared/data-transfer';
import { type ImportKind, suggestMappingOf } from './csv-import';

// Customers from another tool's CSV (decision 1237): the headers Jobber, Square and Housecall Pro write, and each row
// checked with the one customer schema; the CSV machinery is csv-import.ts's.

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

/** The suggested column (index into the headers) for each field: the first header that names it. */
export function suggestMapping(headers: string[]): ImportMapping {
  const mapping = suggestMappingOf(headers, HEADER_FIELDS);
  // A full name is only needed when the first and last names are not their own columns.
  if (mapping.firstName !== undefined && mapping.lastName !== undefined) delete mapping.fullName;
  return mapping;
}

export type ImportedCustomer = z.output<typeof customerInputSchema>;

/** A customer row: named, with an email (the key duplicates are found by), as the customer schema takes it. */
export const customerImportKind: ImportKind<ImportField, ImportedCustomer> = {
  labels: IMPORT_FIELD_LABELS,
  headerFields: HEADER_FIELDS,
  missingColumn: (mapping) =>
    mapping.firstName === undefined && mapping.fullName === undefined ? DATA_TEXT.importNoName : null,
  duplicate: IMPORT_PROBLEMS.duplicate,
  checkRow(cell) {
    let firstName = cell('firstName');
    let lastName = cell('lastName');
    const fullName = cell('fullName');
    if (!firstName && !lastName && fullName) {
      const parts = fullName.split(/\s+/);
      firstName = parts[0] ?? '';
      lastName = parts.slice(1).join(' ');
    }
    const email = cell('email').split(/[,;\s]+/)[0] ?? '';
    const street = [cell('street'), cell('street2')].filter(Boolean).join(' ');
    const region = [cell('state'), cell('zip')].filter(Boolean).join(' ');
    const address = [street, cell('city'), region].filter(Boolean).join(', ');
    const phone = cell('phone').split(/[,;]/)[0]?.trim() ?? '';
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
      notes: cell('notes'),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        if (field === 'email' && email) problems.push(IMPORT_PROBLEMS.badEmail);
        else if (issue.code === 'too_big') problems.push(IMPORT_PROBLEMS.tooLong(field));
      }
    }
    const name = [firstName, lastName].filter(Boolean).join(' ');
    const key = email.toLowerCase();
    if (problems.length || !parsed.success)
      return { problems: problems.length ? problems : ['Invalid row'], name, email, key };
    return { value: parsed.data, key, name, email };
  },
};
