import { describe, expect, it } from 'vitest';
import { createService, grantRole } from '../../db/factories';
import { createTestContext } from '../../test/harness';

// The owner's checklist of a service (issue 26): replaced whole, ids kept for the items named, owner only.

const t = await createTestContext();
const owner = await t.signUp({ firstName: 'Olive', lastName: 'Owner' });
const tech = await t.signUp({ firstName: 'Theo', lastName: 'Tech' });
await grantRole(t.db, tech.userId, 'technician', owner.userId);
const other = await t.signUp({ firstName: 'Otto', lastName: 'Other' });
const service = await createService(t.db, owner.userId, { name: 'Full Detail', basePriceCents: 15000 });
const path = `/api/services/${service.id}/checklist`;

type Item = { id: string; label: string; position: number };
const put = (items: unknown, cookie = owner.cookie) =>
  t.request(path, { method: 'PUT', cookie, json: { items } });

describe('service checklists', () => {
  it('starts empty, then holds the items in order', async () => {
    const empty = await t.request(path, { cookie: owner.cookie });
    expect(await empty.json()).toEqual({ items: [], nextCursor: null });
    const res = await put([{ label: 'Vacuum seats' }, { label: 'Clean windows' }, { label: 'Tire shine' }]);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: Item[] };
    expect(body.items.map((i) => [i.label, i.position])).toEqual([
      ['Vacuum seats', 0],
      ['Clean windows', 1],
      ['Tire shine', 2],
    ]);
  });

  it('keeps the ids of the items named, adds new ones and removes the rest', async () => {
    const before = ((await (await t.request(path, { cookie: owner.cookie })).json()) as { items: Item[] })
      .items;
    const res = await put([
      { id: before[2]!.id, label: 'Tire shine (both sides)' },
      { label: 'Air freshener' },
    ]);
    const after = ((await res.json()) as { items: Item[] }).items;
    expect(after.map((i) => i.label)).toEqual(['Tire shine (both sides)', 'Air freshener']);
    expect(after[0]!.id).toBe(before[2]!.id);
    expect(after.map((i) => i.id)).not.toContain(before[0]!.id);
  });

  it('refuses an unknown item id (404), too many items and empty labels (400), changing nothing', async () => {
    const before = await (await t.request(path, { cookie: owner.cookie })).json();
    expect((await put([{ id: crypto.randomUUID(), label: 'X' }])).status).toBe(404);
    expect((await put(Array.from({ length: 51 }, (_, i) => ({ label: `Item ${i}` })))).status).toBe(400);
    expect((await put([{ label: '  ' }])).status).toBe(400);
    expect((await put([{ label: 'x'.repeat(121) }])).status).toBe(400);
    expect(await (await t.request(path, { cookie: owner.cookie })).json()).toEqual(before);
  });

  it("is the owner's: a technician gets 403, another business 404", async () => {
    expect((await t.request(path, { cookie: tech.cookie })).status).toBe(403);
    expect((await put([{ label: 'Hack' }], tech.cookie)).status).toBe(403);
    expect((await t.request(path, { cookie: other.cookie })).status).toBe(404);
    expect((await put([{ label: 'Hack' }], other.cookie)).status).toBe(404);
    expect((await t.request('/api/services/not-a-uuid/checklist', { cookie: owner.cookie })).status).toBe(
      404,
    );
  });
});
