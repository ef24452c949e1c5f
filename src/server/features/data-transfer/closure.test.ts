import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountDeletions, profiles, user, verificationDocuments } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { populateTenant, tenantSnapshot } from '../../test/tenants';
import { purgeClosedAccounts } from './closure.service';
import { rowsOf, tenantTableNames } from './tenancy';

const t = await createTestContext({ jobs: 'memory' });
const a = await t.signUp({ firstName: 'Alpha', lastName: 'Owner' });
const b = await t.signUp({ firstName: 'Bravo', lastName: 'Owner' });
for (const [owner, marker] of [
  [a, 'Alphayankee'],
  [b, 'Bravozulu'],
] as const) {
  await populateTenant(t.db, owner.userId, marker);
  await t.db
    .update(profiles)
    .set({ businessName: `${marker} Detailing`, bookingSlug: marker.toLowerCase() })
    .where(eq(profiles.id, owner.userId));
  const key = `${owner.userId}/business_license_1.pdf`;
  await t.storage.put(key, new TextEncoder().encode(marker), 'application/pdf');
  await t.db.insert(verificationDocuments).values({
    businessId: owner.userId,
    documentType: 'business_license',
    storagePath: key,
    documentName: 'license.pdf',
    fileSize: marker.length,
    mimeType: 'application/pdf',
  });
}
// A ledger entry of each (append-only: only the purge of its own business may delete it).
for (const owner of [a, b])
  await t.db.execute(
    sql`insert into ledger_entries (business_id, kind, amount_cents, document_type, document_id, description, key)
        values (${owner.userId}, 'charge', 100, 'booking', 'x', 'A charge', ${`close:${owner.userId}`})`,
  );

async function rowsOfBusiness(businessId: string) {
  let n = 0;
  for (const table of await tenantTableNames(t.db)) {
    const [r] = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${sql.identifier(table)} where business_id = ${businessId}`,
    );
    n += r!.n;
  }
  return n;
}

let exportId = '';

describe('closing the account', () => {
  it('needs the business name typed exactly', async () => {
    const res = await t.request('/api/data/closure', {
      method: 'POST',
      cookie: a.cookie,
      json: { businessName: 'Alpha' },
    });
    expect(res.status).toBe(400);
    expect((await (await t.request('/api/data/closure', { cookie: a.cookie })).json()).closure).toBeNull();
  });

  it('stops the public booking page at once and keeps the data exportable', async () => {
    expect((await t.request('/api/booking/options?business=alphayankee')).status).toBe(200);
    const res = await t.request('/api/data/closure', {
      method: 'POST',
      cookie: a.cookie,
      json: { businessName: 'alphayankee detailing' },
    });
    expect(res.status).toBe(200);
    const { closure } = await res.json();
    expect(new Date(closure.deleteAfter).getTime() - new Date(closure.closedAt).getTime()).toBe(
      30 * 86_400_000,
    );
    expect((await t.request('/api/booking/options?business=alphayankee')).status).toBe(404);
    expect((await t.request('/api/booking/options?business=bravozulu')).status).toBe(200);
    // The owner can still sign in and export everything.
    const exp = await t.request('/api/data/exports', { method: 'POST', cookie: a.cookie });
    expect(exp.status).toBe(202);
    await t.memoryJobs!.drain();
    const [done] = (await (await t.request('/api/data/exports', { cookie: a.cookie })).json()).items;
    expect(done.status).toBe('ready');
    exportId = done.id;
  });

  it('after 30 days (a test clock) deletes every row and file of the business and logs it; others are untouched', async () => {
    const bBefore = await tenantSnapshot(t.db, b.userId);
    const [closure] = await rowsOf<{ delete_after: Date }>(
      t.db,
      sql`select delete_after from account_closures where business_id = ${a.userId}`,
    );
    // A day before: nothing happens.
    expect(
      await purgeClosedAccounts(t.deps, new Date(new Date(closure!.delete_after).getTime() - 86_400_000)),
    ).toBe(0);
    expect(await rowsOfBusiness(a.userId)).toBeGreaterThan(10);
    expect(
      await purgeClosedAccounts(t.deps, new Date(new Date(closure!.delete_after).getTime() + 1000)),
    ).toBe(1);

    expect(await rowsOfBusiness(a.userId)).toBe(0);
    expect(await t.db.select().from(profiles).where(eq(profiles.id, a.userId))).toEqual([]);
    expect(await t.db.select().from(user).where(eq(user.id, a.userId))).toEqual([]);
    expect(await t.storage.get(`${a.userId}/business_license_1.pdf`)).toBeNull();
    // No file of the business is left in storage (its uploads and its export archives).
    expect(await t.storage.get(`exports/${a.userId}/${exportId}.zip`)).toBeNull();
    const [log] = await t.db
      .select()
      .from(accountDeletions)
      .where(eq(accountDeletions.formerBusinessId, a.userId));
    expect(log!.files).toBeGreaterThanOrEqual(2);
    expect(log!.rows.customers).toBe(1);
    expect(log!.rows.ledger_entries).toBe(1);
    expect(log!.deletedAt).toBeInstanceOf(Date);
    // Nothing of any other business changed.
    expect(await tenantSnapshot(t.db, b.userId)).toBe(bBefore);
    expect(await t.storage.get(`${b.userId}/business_license_1.pdf`)).not.toBeNull();
    // The append-only ledger still refuses a delete outside a purge.
    await expect(
      t.db.execute(sql`delete from ledger_entries where business_id = ${b.userId}`),
    ).rejects.toThrow();
    // The signed-in owner's session went with the account.
    expect((await t.request('/api/data/exports', { cookie: a.cookie })).status).toBe(401);
  });
});
