import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';
import { createBooking, createCustomer } from '../../db/factories';
import { bookingLinkTokens } from '../../db/schema';
import { hashToken, newToken } from '../../http/tokens';
import { createTestContext } from '../../test/harness';
import { newManageToken, newReviewToken } from './automations/customer-links';

// The customer's booking links store only their tokens' hashes (decision 1130).

// Its tests change the schema (DDL): a database of its own, not the worker's reset one (decision 1359).
const t = await createTestContext({ ownDatabase: true });

async function booking(status: 'confirmed' | 'completed' = 'confirmed') {
  const o = await t.signUp();
  const c = await createCustomer(t.db, o.userId, {
    firstName: 'Robin',
    lastName: 'Keys',
    email: `keys-${o.userId.slice(0, 6)}@example.com`,
  });
  const b = await createBooking(t.db, o.userId, {
    service: { id: null, name: 'Full Detail', durationMinutes: 60 },
    customerId: c.id,
    scheduledAt: new Date(Date.now() + 5 * 24 * 3_600_000),
    locationAddress: '1 Main St, Austin, TX 78701',
    quotedPriceCents: 15000,
    status,
  });
  return { o, b };
}

describe('booking link tokens', () => {
  it('stores the hash, not the token; each link gets its own token and every one of them works', async () => {
    const { o, b } = await booking();
    const first = await newManageToken(t.db, o.userId, b.id);
    const second = await newManageToken(t.db, o.userId, b.id);
    expect(second).not.toBe(first);
    const rows = await t.db.select().from(bookingLinkTokens).where(eq(bookingLinkTokens.bookingId, b.id));
    expect(rows.map((r) => r.tokenHash).sort()).toEqual([hashToken(first), hashToken(second)].sort());
    expect(JSON.stringify(rows)).not.toContain(first);
    expect(JSON.stringify(rows)).not.toContain(second);
    for (const token of [first, second]) expect((await t.request(`/api/manage/${token}`)).status).toBe(200);
  });

  it('answers 404 to a wrong token, a token of another use, and a stored hash sent as the token', async () => {
    const { o, b } = await booking('completed');
    const manage = await newManageToken(t.db, o.userId, b.id);
    const review = await newReviewToken(t.db, o.userId, b.id);
    expect((await t.request(`/api/reviews/${review}`)).status).toBe(200);
    expect((await t.request(`/api/manage/${newToken()}`)).status).toBe(404);
    expect((await t.request(`/api/reviews/${newToken()}`)).status).toBe(404);
    expect((await t.request(`/api/manage/${review}`)).status).toBe(404);
    expect((await t.request(`/api/reviews/${manage}`)).status).toBe(404);
    expect((await t.request(`/api/manage/${hashToken(manage)}`)).status).toBe(404);
    expect((await t.request('/api/manage/short')).status).toBe(404);
  });

  it('keeps links sent before the hashes working: the migration backfills the hash of each stored token', async () => {
    const { o, b } = await booking('completed');
    // The tables as they were: the readable token on the booking's self-service and review rows.
    const manage = newToken();
    const review = newToken();
    await t.db.execute(sql`alter table booking_manage_links add column token text`);
    await t.db.execute(sql`alter table booking_reviews add column token text`);
    await t.db.execute(
      sql`insert into booking_manage_links (booking_id, business_id, token) values (${b.id}, ${o.userId}, ${manage})`,
    );
    await t.db.execute(
      sql`insert into booking_reviews (booking_id, business_id, token) values (${b.id}, ${o.userId}, ${review})`,
    );
    const migration = readFileSync(`${migrationsFolder}/0045_booking_link_token_hashes.sql`, 'utf8');
    const statements = migration
      .split('--> statement-breakpoint')
      .filter((s) => /insert into "booking_link_tokens"/i.test(s) || /drop column "token"/i.test(s));
    expect(statements).toHaveLength(4);
    for (const statement of statements) await t.db.execute(sql.raw(statement));

    expect((await t.request(`/api/manage/${manage}`)).status).toBe(200);
    const view = await t.request(`/api/reviews/${review}`);
    expect(view.status).toBe(200);
    expect(await view.json()).toMatchObject({ serviceName: 'Full Detail', canReview: true });
    const rows = await t.db.select().from(bookingLinkTokens).where(eq(bookingLinkTokens.bookingId, b.id));
    expect(rows.map((r) => `${r.purpose}:${r.tokenHash}`).sort()).toEqual(
      [`manage:${hashToken(manage)}`, `review:${hashToken(review)}`].sort(),
    );
  });
});
