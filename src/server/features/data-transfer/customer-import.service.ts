import { sql } from 'drizzle-orm';
import type { CustomerImportInput } from '../../../shared/customer-import';
import { customerImportSchema } from '../../../shared/customer-import';
import type { Database } from '../../db/client';
import { columnOf, importPreviewOf, importReportOf, readImport } from './csv-import';
import { customerImportKind, suggestMapping } from './customer-csv';
import { rowsOf } from './tenancy';

// Customers from another tool's CSV (issue 30, decision 1237): a preview names every bad row's problems; the import
// writes the good rows in one statement inside one transaction (all or nothing), duplicates by email merged or skipped.

const read = (input: CustomerImportInput) =>
  readImport(customerImportKind, customerImportSchema.parse(input), suggestMapping);

async function existingEmails(db: Database, businessId: string, emails: string[]) {
  if (emails.length === 0) return new Set<string>();
  const rows = await rowsOf<{ email: string }>(
    db,
    sql`select lower(email) as email from customers
         where business_id = ${businessId} and lower(email) = any(${sql.param(emails)}::text[])`,
  );
  return new Set(rows.map((r) => r.email));
}

/** What an import would do: the mapping used, counts, and each bad row with its problems. Writes nothing. */
export async function previewCustomerImport(db: Database, businessId: string, input: CustomerImportInput) {
  const file = read(input);
  const existing = await existingEmails(
    db,
    businessId,
    file.good.map((r) => r.key),
  );
  return importPreviewOf(file, existing, (customer) => customer);
}

/** Imports the good rows in one transaction; a row whose email the business has is merged or skipped. */
export async function importCustomers(db: Database, businessId: string, input: CustomerImportInput) {
  const file = read(input);
  const { duplicates, good } = file;
  const col = (pick: (c: (typeof good)[number]['value']) => string | null) => columnOf(good, pick);
  const onConflict =
    duplicates === 'merge'
      ? sql`do update set first_name = excluded.first_name, last_name = excluded.last_name,
            phone = coalesce(excluded.phone, customers.phone), address = coalesce(excluded.address, customers.address),
            notes = coalesce(excluded.notes, customers.notes), updated_at = now()`
      : sql`do nothing`;
  const written = good.length
    ? await db.transaction((tx) =>
        rowsOf<{ inserted: boolean }>(
          tx,
          sql`insert into customers (business_id, first_name, last_name, email, phone, address, notes)
              select ${businessId}, f, l, e, p, a, n
                from unnest(${col((c) => c.firstName)}::text[], ${col((c) => c.lastName)}::text[],
                            ${col((c) => c.email)}::text[], ${col((c) => c.phone)}::text[],
                            ${col((c) => c.address)}::text[], ${col((c) => c.notes)}::text[]) as t(f, l, e, p, a, n)
              on conflict (business_id, lower(email)) ${onConflict}
              returning (xmax = 0) as inserted`,
        ),
      )
    : [];
  const created = written.filter((r) => r.inserted).length;
  return importReportOf(file, { created, merged: written.length - created });
}
