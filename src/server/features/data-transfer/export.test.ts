import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { createCustomer } from '../../db/factories';
import { verificationDocuments } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { populateTenant } from '../../test/tenants';
import { EXPORT_FILES } from './export.service';

const t = await createTestContext({ jobs: 'memory' });
const a = await t.signUp({ firstName: 'Alpha', lastName: 'Owner' });
const b = await t.signUp({ firstName: 'Bravo', lastName: 'Owner' });
await populateTenant(t.db, a.userId, 'Alphayankee');
await populateTenant(t.db, b.userId, 'Bravozulu');
// A formula-looking customer and an uploaded file of A's.
await createCustomer(t.db, a.userId, {
  firstName: '=HYPERLINK("x")',
  lastName: '+1',
  email: 'formula@example.com',
});
const fileKey = `${a.userId}/insurance_1.pdf`;
await t.storage.put(fileKey, new TextEncoder().encode('%PDF-1.4 alpha'), 'application/pdf');
await t.db.insert(verificationDocuments).values({
  businessId: a.userId,
  documentType: 'insurance_certificate',
  storagePath: fileKey,
  documentName: 'insurance.pdf',
  fileSize: 14,
  mimeType: 'application/pdf',
});

async function exportFor(owner: { cookie: string }) {
  const res = await t.request('/api/data/exports', { method: 'POST', cookie: owner.cookie });
  expect(res.status).toBe(202);
  const queued = await res.json();
  expect(queued.status).toBe('queued');
  await t.memoryJobs!.drain();
  const list = await (await t.request('/api/data/exports', { cookie: owner.cookie })).json();
  return list.items.find((e: { id: string }) => e.id === queued.id);
}

describe('Export all data', () => {
  it('builds a zip whose CSVs parse and hold every row of the business, a JSON copy and the files', async () => {
    const done = await exportFor(a);
    expect(done).toMatchObject({ status: 'ready', progress: 100, downloadable: true });
    const res = await t.request(`/api/data/exports/${done.id}/download`, { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    for (const { file, table } of EXPORT_FILES) {
      const parsed = Papa.parse<Record<string, string>>(strFromU8(zip[file]!), {
        header: true,
        skipEmptyLines: true,
      });
      expect(parsed.errors, file).toEqual([]);
      const { rows } = (await t.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where business_id = ${a.userId}`,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(parsed.data.length, file).toBe(rows[0]!.n);
      expect(done.rowCounts[file]).toBe(rows[0]!.n);
      // Only A's rows: every row names A's business.
      for (const row of parsed.data) expect(row.business_id).toBe(a.userId);
    }
    expect(Object.values(done.rowCounts as Record<string, number>).some((n) => n > 0)).toBe(true);
    // The locations file, and each booking's location by name beside its id (decision 1280).
    const csv = (file: string) =>
      Papa.parse<Record<string, string>>(strFromU8(zip[file]!), { header: true, skipEmptyLines: true });
    const locationRows = csv('locations.csv').data;
    expect(locationRows.map((l) => l.is_primary)).toContain('true');
    const bookingsCsv = csv('bookings.csv');
    expect(bookingsCsv.meta.fields).toContain('location_name');
    expect(bookingsCsv.data.length).toBeGreaterThan(0);
    for (const row of bookingsCsv.data)
      expect(row.location_name).toBe(locationRows.find((l) => l.id === row.location_id)?.name ?? '');
    // Formula-looking cells are neutralised.
    const customersCsv = strFromU8(zip['customers.csv']!);
    expect(customersCsv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(customersCsv).toContain(`'+1`);
    expect(customersCsv).not.toContain('Bravozulu');
    const copy = JSON.parse(strFromU8(zip['data.json']!));
    expect(copy.business.id).toBe(a.userId);
    expect(copy.tables.customers.length).toBe(done.rowCounts['customers.csv']);
    expect(strFromU8(zip[`files/${fileKey}`]!)).toBe('%PDF-1.4 alpha');
    // The owner is emailed when it is ready.
    const mails = await t.emailsTo(a.email);
    expect(mails.some((m) => m.subject === 'Your ShineRoute data export is ready')).toBe(true);
    // Its message row was written with the ready status, in one transaction (decision 1290).
    const { rows } = await t.handle.query(
      `select status from message_sends where business_id = $1 and kind = 'data_export'`,
      [a.userId],
    );
    expect(rows).toEqual([{ status: 'sent' }]);
  });

  it("another business cannot download it (404), nor see it listed; a technician's role cannot either", async () => {
    const [done] = (await (await t.request('/api/data/exports', { cookie: a.cookie })).json()).items;
    const res = await t.request(`/api/data/exports/${done.id}/download`, { cookie: b.cookie });
    expect(res.status).toBe(404);
    const listB = await (await t.request('/api/data/exports', { cookie: b.cookie })).json();
    expect(listB.items.map((e: { id: string }) => e.id)).not.toContain(done.id);
    expect((await t.request(`/api/data/exports/${done.id}/download`)).status).toBe(401);
  });

  it('is downloadable for 7 days only', async () => {
    const [done] = (await (await t.request('/api/data/exports', { cookie: a.cookie })).json()).items;
    await t.db.execute(
      sql`update data_exports set expires_at = now() - interval '1 second' where id = ${done.id}`,
    );
    const res = await t.request(`/api/data/exports/${done.id}/download`, { cookie: a.cookie });
    expect(res.status).toBe(404);
  });

  it('answers the running export instead of queueing a second', async () => {
    const first = await (await t.request('/api/data/exports', { method: 'POST', cookie: b.cookie })).json();
    const second = await (await t.request('/api/data/exports', { method: 'POST', cookie: b.cookie })).json();
    expect(second.id).toBe(first.id);
    await t.memoryJobs!.drain();
  });
});
