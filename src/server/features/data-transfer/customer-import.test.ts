import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { customerInputSchema } from '../../../shared/customers.schemas';
import { createCustomer } from '../../db/factories';
import { customers } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { suggestMapping } from './customer-csv';
import { importCustomers } from './customer-import.service';

// Its tests change the schema (DDL): a database of its own, not the worker's reset one (decision 1359).
const t = await createTestContext({ ownDatabase: true });
const a = await t.signUp({ firstName: 'Alpha', lastName: 'Owner' });
const b = await t.signUp({ firstName: 'Bravo', lastName: 'Owner' });

const customersOf = (businessId: string) =>
  t.db.select().from(customers).where(eq(customers.businessId, businessId));
const post = (path: string, json: unknown, cookie = a.cookie) =>
  t.request(`/api/customers/import${path}`, { method: 'POST', cookie, json });

describe('column mapping suggested from the headers', () => {
  it("recognises Jobber's, Square's and Housecall Pro's customer exports", () => {
    const jobber = [
      'Client ID',
      'Title',
      'First Name',
      'Last Name',
      'Company Name',
      'E-mails',
      'Main Phone #s',
      'Billing Street 1',
      'Billing City',
      'Billing State',
      'Billing Zip code',
    ];
    expect(suggestMapping(jobber)).toEqual({
      firstName: 2,
      lastName: 3,
      email: 5,
      phone: 6,
      street: 7,
      city: 8,
      state: 9,
      zip: 10,
    });
    const square = [
      'Reference ID',
      'First Name',
      'Surname',
      'Email Address',
      'Phone Number',
      'Street Address 1',
      'Street Address 2',
      'City',
      'State',
      'Postal Code',
      'Memo',
    ];
    expect(suggestMapping(square)).toEqual({
      firstName: 1,
      lastName: 2,
      email: 3,
      phone: 4,
      street: 5,
      street2: 6,
      city: 7,
      state: 8,
      zip: 9,
      notes: 10,
    });
    const housecall = [
      'First Name',
      'Last Name',
      'Display Name',
      'Email',
      'Mobile Number',
      'Home Number',
      'Street',
      'Street Line 2',
      'City',
      'State',
      'Zip',
      'Notes',
    ];
    expect(suggestMapping(housecall)).toEqual({
      firstName: 0,
      lastName: 1,
      email: 3,
      phone: 4,
      street: 6,
      street2: 7,
      city: 8,
      state: 9,
      zip: 10,
      notes: 11,
    });
    expect(suggestMapping(['Name', 'Email'])).toEqual({ fullName: 0, email: 1 });
  });
});

describe('preview and import', () => {
  const csv = [
    'First Name,Surname,Email Address,Phone Number,Street Address 1,City,State,Postal Code',
    'Ada,Lovelace,ada@example.com,(512) 555-0101,1 Main St,Austin,TX,78701',
    'Bob,Builder,not-an-email,,,,,',
    ',,nobody@example.com,,,,,',
    'Ada,Again,ADA@example.com,,,,,',
    'Cy,Existing,cy@example.com,(512) 555-0199,,,,',
  ].join('\r\n');

  it('names each bad row’s problem and writes nothing', async () => {
    await createCustomer(t.db, a.userId, { firstName: 'Cy', lastName: 'Before', email: 'cy@example.com' });
    const res = await post('/preview', { csv });
    expect(res.status).toBe(200);
    const p = await res.json();
    expect(p).toMatchObject({ total: 5, valid: 2, existing: 1, invalid: 3 });
    expect(p.problems).toEqual([
      { row: 3, name: 'Bob Builder', email: 'not-an-email', problems: ['Bad email'] },
      { row: 4, name: '', email: 'nobody@example.com', problems: ['Missing name'] },
      { row: 5, name: 'Ada Again', email: 'ADA@example.com', problems: ['Duplicate of row 2 in this file'] },
    ]);
    expect((await customersOf(a.userId)).length).toBe(1);
  });

  it('imports the good rows, skipping or merging duplicates by email, and reports it', async () => {
    const skipped = await (await post('', { csv, duplicates: 'skip' })).json();
    expect(skipped).toMatchObject({ total: 5, created: 1, merged: 0, skipped: 1, invalid: 3 });
    const ada = (await customersOf(a.userId)).find((c) => c.email === 'ada@example.com');
    expect(ada).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      address: '1 Main St, Austin, TX 78701',
    });
    const merged = await (await post('', { csv, duplicates: 'merge' })).json();
    expect(merged).toMatchObject({ created: 0, merged: 2, skipped: 0 });
    const cy = (await customersOf(a.userId)).find((c) => c.email === 'cy@example.com');
    expect(cy).toMatchObject({ lastName: 'Existing', phone: '(512) 555-0199' });
    // Another business's list is untouched, and its own import is its own.
    expect(await customersOf(b.userId)).toEqual([]);
    const other = await (await post('', { csv }, b.cookie)).json();
    expect(other.created).toBe(2);
  });

  it('refuses an empty file, a file without a name column and signed-out callers', async () => {
    expect((await post('', { csv: 'First Name,Email\r\n' })).status).toBe(400);
    expect((await post('/preview', { csv: 'Email,Phone\r\na@example.com,1' })).status).toBe(400);
    expect((await t.request('/api/customers/import', { method: 'POST', json: { csv } })).status).toBe(401);
  });
});

describe('10,000 rows', () => {
  it('import in under 10 s', async () => {
    const owner = await t.signUp({ firstName: 'Scale', lastName: 'Owner' });
    const lines = ['First Name,Last Name,Email,Phone,Address'];
    for (let i = 0; i < 10_000; i++)
      lines.push(
        `Customer${i},"Scale, Jr.",c${i}@example.com,(512) 555-${String(i % 10_000).padStart(4, '0')},"${i} Main St, Austin, TX"`,
      );
    const started = performance.now();
    const report = await importCustomers(t.db, owner.userId, { csv: lines.join('\r\n') });
    const seconds = (performance.now() - started) / 1000;
    console.info(`customer import: 10,000 rows in ${seconds.toFixed(2)} s`);
    expect(report.created).toBe(10_000);
    expect(seconds).toBeLessThan(10);
    const { rows } = (await t.db.execute(
      sql`select count(*)::int as n from customers where business_id = ${owner.userId}`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(rows[0]!.n).toBe(10_000);
  });
});

describe('fuzzed CSV files', () => {
  // Cells with quotes, commas, line breaks, Excel's formula prefixes, spaces and odd characters.
  const text = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom(
      '',
      ' ',
      '"',
      '""',
      ',',
      '\r\n',
      '\n',
      '=SUM(A1)',
      '+1 512',
      '-2',
      '@cmd',
      "'x",
      'Ann "Nan"',
      'a,b',
    ),
    fc
      .tuple(fc.constantFrom('=', '+', '-', '@', '"', ''), fc.string({ maxLength: 8 }))
      .map(([p, s]) => p + s),
  );
  const email = fc.oneof(
    fc.emailAddress(),
    fc.constantFrom('dup@example.com', 'DUP@example.com', 'bad', '', '=x@example.com', 'a@b'),
  );
  const record = fc.record({ first: text, last: text, email, phone: text, notes: text });
  const file = fc.record({
    rows: fc.array(record, { minLength: 1, maxLength: 25 }),
    bom: fc.boolean(),
    newline: fc.constantFrom('\r\n', '\n'),
    explode: fc.boolean(),
  });

  it('never writes a bad row and never half an import', async () => {
    const owner = await t.signUp({ firstName: 'Fuzz', lastName: 'Owner' });
    // A row the database refuses after the rows before it were written: the whole import must roll back.
    await t.handle.exec(
      "alter table customers add constraint fuzz_explode_ck check (first_name <> 'Explode' or business_id <> '" +
        owner.userId +
        "')",
    );
    await fc.assert(
      fc.asyncProperty(file, async ({ rows, bom, newline, explode }) => {
        await t.db.delete(customers).where(eq(customers.businessId, owner.userId));
        const data = rows.map((r) => [r.first, r.last, r.email, r.phone, r.notes]);
        if (explode) data.push(['Explode', 'Row', `explode-${data.length}@example.com`, '', '']);
        const csv =
          (bom ? '\uFEFF' : '') +
          Papa.unparse({ fields: ['First Name', 'Last Name', 'Email', 'Phone', 'Notes'], data }, { newline });
        // The oracle: a row is good when the one customer schema takes it and its email was not seen before.
        const seen = new Set<string>();
        const expected = data.flatMap(([first, last, cellMail, cellPhone, notes]) => {
          // As the import reads them: the first of several emails or phone numbers in one cell (Jobber's "E-mails").
          const mail = cellMail!.trim().split(/[,;\s]+/)[0] ?? '';
          const phone = cellPhone!.trim().split(/[,;]/)[0]?.trim() ?? '';
          const parsed = customerInputSchema.safeParse({
            firstName: first,
            lastName: last,
            email: mail,
            phone,
            notes,
          });
          if (!parsed.success || !mail.trim() || seen.has(mail.trim().toLowerCase())) {
            if (mail.trim()) seen.add(mail.trim().toLowerCase());
            return [];
          }
          seen.add(parsed.data.email);
          return [parsed.data];
        });
        let report: Awaited<ReturnType<typeof importCustomers>> | undefined;
        try {
          report = await importCustomers(t.db, owner.userId, { csv });
        } catch {
          // Refused (a file with no rows, or the database's refusal of the exploding row): nothing at all was written.
          expect(explode || expected.length === 0).toBe(true);
          expect(await customersOf(owner.userId)).toEqual([]);
          return;
        }
        expect(explode && expected.some((e) => e.firstName === 'Explode')).toBe(false);
        const stored = await customersOf(owner.userId);
        expect(stored.length).toBe(report.created);
        for (const c of stored) expect(customerInputSchema.safeParse(c).success).toBe(true);
        const byEmail = (x: { email: string }, y: { email: string }) => x.email.localeCompare(y.email);
        expect(
          stored
            .map((c) => ({
              firstName: c.firstName,
              lastName: c.lastName,
              email: c.email,
              phone: c.phone,
              notes: c.notes,
            }))
            .sort(byEmail),
        ).toEqual(
          expected
            .map((e) => ({
              firstName: e.firstName,
              lastName: e.lastName,
              email: e.email,
              phone: e.phone ?? null,
              notes: e.notes ?? null,
            }))
            .sort(byEmail),
        );
      }),
      { numRuns: 60 },
    );
    await t.handle.exec('alter table customers drop constraint fuzz_explode_ck');
  });
});
