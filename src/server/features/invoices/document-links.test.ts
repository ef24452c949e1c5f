import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';
import { invoices, quotes } from '../../db/schema';
import { newToken, signedToken } from '../../http/tokens';
import { createTestPaymentProvider } from '../../providers/payments/test-checkout';
import { createTestContext, TEST_ORIGIN } from '../../test/harness';
import { countingTestProvider, invoiceDriver, type RefundCall } from './invoice-checkouts.fixtures';

// Quote and pay pages open by a token signed from the document's id; nothing readable is stored (decision 1164).
const refunds: RefundCall[] = [];
// Its tests change the schema (DDL): a database of its own, not the worker's reset one (decision 1359).
const t = await createTestContext({
  ownDatabase: true,
  payments: (db) => countingTestProvider(createTestPaymentProvider(db, TEST_ORIGIN), refunds, { refunds: 0 }),
});
const d = invoiceDriver(t, { kind: 'test', refunds });

async function issued() {
  const inv = await d.newInvoice();
  const [row] = await t.db.select().from(invoices).where(eq(invoices.id, inv.invoiceId));
  const [quote] = await t.db.select().from(quotes).where(eq(quotes.id, row!.quoteId!));
  return { inv, row: row!, quote: quote! };
}

describe('document links', () => {
  it('are signed tokens of the id: the page opens, a forged or swapped token does not, and nothing is stored', async () => {
    const { inv, row, quote } = await issued();
    const token = inv.payPath.replace('/pay/', '');
    expect(token).toBe(signedToken(t.deps.linkSecret, 'invoice', row.id));
    expect(row.legacyTokenHash).toBeNull();
    expect(quote.legacyTokenHash).toBeNull();
    expect(JSON.stringify(row)).not.toContain(token);

    expect((await t.request(inv.payPath)).status).toBe(200);
    expect((await t.request(`/quote/${signedToken(t.deps.linkSecret, 'quote', quote.id)}`)).status).toBe(200);
    // The invoice's token does not open it as a quote, nor its id, nor a token under another secret.
    expect((await t.request(`/quote/${token}`)).status).toBe(404);
    expect((await t.request(`/pay/${row.id}`)).status).toBe(404);
    expect((await t.request(`/pay/${signedToken('another-secret', 'invoice', row.id)}`)).status).toBe(404);
    const checkout = await t.request(`/pay/${newToken()}/checkout`, {
      method: 'POST',
      body: new URLSearchParams({ tip: 'none' }),
    });
    expect(checkout.status).toBe(404);
  });

  it('keeps links sent before them working: the migration keeps the hash of each random token', async () => {
    const { row, quote } = await issued();
    const oldInvoice = newToken();
    const oldQuote = newToken();
    // The tables as they were: a readable random token on each document.
    await t.db.execute(sql`alter table quotes add column public_token text`);
    await t.db.execute(sql`alter table invoices add column public_token text`);
    await t.db.execute(sql`update quotes set public_token = ${oldQuote} where id = ${quote.id}`);
    await t.db.execute(sql`update invoices set public_token = ${oldInvoice} where id = ${row.id}`);
    const migration = readFileSync(`${migrationsFolder}/0051_document_and_unsubscribe_tokens.sql`, 'utf8');
    const statements = migration
      .split('--> statement-breakpoint')
      .filter(
        (s) =>
          /update "(quotes|invoices)" set "legacy_token_hash"/i.test(s) ||
          /drop column "public_token"/i.test(s),
      );
    expect(statements).toHaveLength(4);
    for (const statement of statements) await t.db.execute(sql.raw(statement));

    expect((await t.request(`/pay/${oldInvoice}`)).status).toBe(200);
    expect((await t.request(`/quote/${oldQuote}`)).status).toBe(200);
    // The new links work for the same documents, and the old token is stored only as its hash.
    expect((await t.request(`/pay/${signedToken(t.deps.linkSecret, 'invoice', row.id)}`)).status).toBe(200);
    const [after] = await t.db.select().from(invoices).where(eq(invoices.id, row.id));
    expect(after!.legacyTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(after)).not.toContain(oldInvoice);
  });
});
