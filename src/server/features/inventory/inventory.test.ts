import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBooking, createInventoryItem, createService } from '../../db/factories';
import { inventoryItems, stockMovements } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { deductStockForCompletedBooking } from './service-usage.service';

const t = await createTestContext();

type Owner = Awaited<ReturnType<typeof t.signUp>>;

const addItem = async (owner: Owner, json: Record<string, unknown>) =>
  t.request('/api/inventory', { method: 'POST', cookie: owner.cookie, json });

const adjust = (owner: Owner, id: string, change: number) =>
  t.request(`/api/inventory/${id}/adjust`, { method: 'POST', cookie: owner.cookie, json: { change } });

const stockOf = async (id: string) =>
  (
    await t.db
      .select({ s: inventoryItems.currentStock })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, id))
  )[0]!.s;

describe('inventory items', () => {
  it('answers 401 when signed out', async () => {
    expect((await t.request('/api/inventory')).status).toBe(401);
    expect((await t.request('/api/inventory', { method: 'POST', json: { name: 'x' } })).status).toBe(401);
  });

  it('adds an item, lists by name with statuses, edits and deletes it', async () => {
    const owner = await t.signUp();
    const wax = await addItem(owner, {
      name: 'Wax',
      category: 'Chemicals',
      currentStock: 10,
      minStockAlert: 3,
      unitCostCents: 1299,
      supplier: 'Meguiar’s',
    });
    expect(wax.status).toBe(201);
    const waxBody = await wax.json();
    expect(waxBody).toMatchObject({
      name: 'Wax',
      currentStock: 10,
      minStockAlert: 3,
      status: 'good',
      unitCostCents: 1299,
    });
    await addItem(owner, { name: 'applicator pads', currentStock: 2, minStockAlert: 5 });
    await addItem(owner, { name: 'Clay', currentStock: 0, minStockAlert: 5, category: '', supplier: '  ' });

    const list = await (await t.request('/api/inventory', { cookie: owner.cookie })).json();
    expect(list.items.map((i: { name: string; status: string }) => [i.name, i.status])).toEqual([
      ['applicator pads', 'low'],
      ['Clay', 'out'],
      ['Wax', 'good'],
    ]);
    expect(list.items[1]).toMatchObject({ category: null, supplier: null, unitCostCents: null });

    const edited = await t.request(`/api/inventory/${waxBody.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: {
        name: 'Carnauba Wax',
        currentStock: 3,
        minStockAlert: 3,
        unitCostCents: 1500,
        supplier: null,
        category: null,
      },
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ name: 'Carnauba Wax', currentStock: 3, status: 'low' });

    const movements = await (
      await t.request(`/api/inventory/movements?itemId=${waxBody.id}`, { cookie: owner.cookie })
    ).json();
    expect(
      movements.items.map((m: { reason: string; change: number; stockAfter: number }) => [
        m.reason,
        m.change,
        m.stockAfter,
      ]),
    ).toEqual([
      ['correction', -7, 3],
      ['correction', 10, 10],
    ]);

    const del = await t.request(`/api/inventory/${waxBody.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(del.status).toBe(204);
    const after = await (await t.request('/api/inventory', { cookie: owner.cookie })).json();
    expect(after.items).toHaveLength(2);
  });

  it('applies the defaults of stock 0 and alert 5 only through the form (both fields are required)', async () => {
    const owner = await t.signUp();
    const res = await addItem(owner, { name: 'Towels' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('Current stock is required');
  });

  it.each([
    [{ name: '', currentStock: 0, minStockAlert: 5 }, 'Name is required'],
    [{ name: '   ', currentStock: 0, minStockAlert: 5 }, 'Name is required'],
    [{ name: 'X', minStockAlert: 5 }, 'Current stock is required'],
    [{ name: 'X', currentStock: 0 }, 'Minimum stock alert is required'],
    [{ name: 'X', currentStock: -1, minStockAlert: 5 }, 'Enter a whole number of 0 or more'],
    [{ name: 'X', currentStock: 1.5, minStockAlert: 5 }, 'Enter a whole number of 0 or more'],
    [{ name: 'X', currentStock: 1, minStockAlert: 5, unitCostCents: -5 }, 'Enter a cost like 12.99'],
  ])('rejects %j', async (json, message) => {
    const owner = await t.signUp();
    const res = await addItem(owner, json);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });
});

describe('stock adjustments', () => {
  it('adds and takes stock, logging manual movements, and refuses to go below 0', async () => {
    const owner = await t.signUp();
    const item = await (await addItem(owner, { name: 'Shampoo', currentStock: 1, minStockAlert: 2 })).json();
    const plus = await adjust(owner, item.id, 1);
    expect(plus.status).toBe(200);
    expect(await plus.json()).toMatchObject({ currentStock: 2, status: 'low' });
    expect((await adjust(owner, item.id, -1)).status).toBe(200);
    expect((await adjust(owner, item.id, -1)).status).toBe(200);
    const below = await adjust(owner, item.id, -1);
    expect(below.status).toBe(409);
    expect((await below.json()).error.message).toBe('Stock cannot go below 0');
    expect(await stockOf(item.id)).toBe(0);
    const tooMuch = await adjust(owner, item.id, 1);
    expect(tooMuch.status).toBe(200);
    expect((await adjust(owner, item.id, -5)).status).toBe(409);
    expect(await stockOf(item.id)).toBe(1);

    const log = await (await t.request('/api/inventory/movements', { cookie: owner.cookie })).json();
    expect(log.items.map((m: { reason: string; change: number }) => `${m.reason}${m.change}`)).toEqual([
      'manual1',
      'manual-1',
      'manual-1',
      'manual1',
      'correction1',
    ]);
  });

  it('never goes below 0 when many minus calls arrive at once', async () => {
    const owner = await t.signUp();
    const item = await (await addItem(owner, { name: 'Pads', currentStock: 3, minStockAlert: 1 })).json();
    const results = await Promise.all(Array.from({ length: 12 }, () => adjust(owner, item.id, -1)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(await stockOf(item.id)).toBe(0);
    const manual = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.inventoryItemId, item.id));
    expect(manual.filter((m) => m.reason === 'manual')).toHaveLength(3);
  });

  it('also holds when the service is called concurrently from separate transactions', async () => {
    const owner = await t.signUp();
    const row = await createInventoryItem(t.db, owner.userId, { name: 'Gel', currentStock: 2 });
    const { adjustStock } = await import('./inventory-items.service');
    const settled = await Promise.allSettled(
      Array.from({ length: 6 }, () => adjustStock(t.db, owner.userId, owner.userId, row.id, -1)),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(2);
    expect(await stockOf(row.id)).toBe(0);
  });

  it('rejects a zero change', async () => {
    const owner = await t.signUp();
    const item = await (await addItem(owner, { name: 'Gel', currentStock: 2, minStockAlert: 1 })).json();
    const res = await adjust(owner, item.id, 0);
    expect(res.status).toBe(400);
  });
});

describe('service usage and job deduction', () => {
  async function setup() {
    const owner = await t.signUp();
    const service = await createService(t.db, owner.userId, {
      name: 'Premium Detail',
      basePriceCents: 12000,
    });
    const shampoo = await createInventoryItem(t.db, owner.userId, {
      name: 'Shampoo',
      currentStock: 5,
      minStockAlert: 2,
    });
    const towels = await createInventoryItem(t.db, owner.userId, {
      name: 'Towels',
      currentStock: 1,
      minStockAlert: 2,
    });
    const res = await t.request(`/api/inventory/service-usage/${service.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: {
        items: [
          { inventoryItemId: shampoo.id, quantity: 2 },
          { inventoryItemId: towels.id, quantity: 3 },
        ],
      },
    });
    expect(res.status).toBe(200);
    const booking = await createBooking(t.db, owner.userId, {
      service,
      scheduledAt: new Date(),
      locationAddress: '1 Main St',
      quotedPriceCents: 12000,
      status: 'in_progress',
    });
    return { owner, service, shampoo, towels, booking };
  }

  it('lists what each service consumes', async () => {
    const { owner, service } = await setup();
    const body = await (await t.request('/api/inventory/service-usage', { cookie: owner.cookie })).json();
    expect(body.items).toEqual([
      {
        id: service.id,
        name: 'Premium Detail',
        isActive: true,
        items: [
          expect.objectContaining({ name: 'Shampoo', quantity: 2 }),
          expect.objectContaining({ name: 'Towels', quantity: 3 }),
        ],
      },
    ]);
  });

  it('deducts once per completed booking, in the caller’s transaction, stopping at 0', async () => {
    const { owner, shampoo, towels, booking } = await setup();
    const first = await t.db.transaction((tx) =>
      deductStockForCompletedBooking(tx, owner.userId, booking.id),
    );
    // Items are locked and deducted in id order.
    expect(first.map((d) => d.inventoryItemId)).toEqual([shampoo.id, towels.id].sort());
    expect(await stockOf(shampoo.id)).toBe(3);
    expect(await stockOf(towels.id)).toBe(0);
    const again = await t.db.transaction((tx) =>
      deductStockForCompletedBooking(tx, owner.userId, booking.id),
    );
    expect(again).toEqual([]);
    expect(await stockOf(shampoo.id)).toBe(3);

    const jobMoves = await t.db.select().from(stockMovements).where(eq(stockMovements.bookingId, booking.id));
    expect(jobMoves.map((m) => [m.reason, m.change, m.stockAfter]).sort()).toEqual(
      [
        ['job', -1, 0],
        ['job', -2, 3],
      ].sort(),
    );
    expect(jobMoves.find((m) => m.inventoryItemId === towels.id)!.note).toBe(
      'Premium Detail: needed 3, only 1 in stock',
    );
  });

  it('deducts when the owner completes the booking through the bookings API, and only once', async () => {
    const { owner, shampoo, towels, booking } = await setup();
    const complete = () =>
      t.request(`/api/bookings/${booking.id}/status`, {
        method: 'PATCH',
        cookie: owner.cookie,
        json: { status: 'completed' },
      });
    const res = await complete();
    expect(res.status).toBe(200);
    expect(await stockOf(shampoo.id)).toBe(3);
    expect(await stockOf(towels.id)).toBe(0);
    expect((await complete()).status).toBe(409);
    expect(await stockOf(shampoo.id)).toBe(3);
    const log = await (
      await t.request(`/api/inventory/movements?itemId=${shampoo.id}`, { cookie: owner.cookie })
    ).json();
    expect(log.items[0]).toMatchObject({
      reason: 'job',
      change: -2,
      stockAfter: 3,
      bookingId: booking.id,
    });
  });

  it('rolls the deduction back when the completing transaction fails', async () => {
    const { owner, shampoo, booking } = await setup();
    await expect(
      t.db.transaction(async (tx) => {
        await deductStockForCompletedBooking(tx, owner.userId, booking.id);
        throw new Error('completion failed');
      }),
    ).rejects.toThrow('completion failed');
    expect(await stockOf(shampoo.id)).toBe(5);
    await t.db.transaction((tx) => deductStockForCompletedBooking(tx, owner.userId, booking.id));
    expect(await stockOf(shampoo.id)).toBe(3);
  });

  it('deducts once when two completions race', async () => {
    const { owner, shampoo, booking } = await setup();
    await Promise.allSettled([
      t.db.transaction((tx) => deductStockForCompletedBooking(tx, owner.userId, booking.id)),
      t.db.transaction((tx) => deductStockForCompletedBooking(tx, owner.userId, booking.id)),
    ]);
    expect(await stockOf(shampoo.id)).toBe(3);
  });

  it("refuses another business's booking", async () => {
    const { booking } = await setup();
    const other = await t.signUp();
    await expect(
      t.db.transaction((tx) => deductStockForCompletedBooking(tx, other.userId, booking.id)),
    ).rejects.toThrow('Booking not found');
  });

  it.each([
    [[{ inventoryItemId: 'not-a-uuid', quantity: 1 }], 'Choose an inventory item'],
    [
      [{ inventoryItemId: '00000000-0000-4000-8000-000000000000', quantity: 0 }],
      'Quantity must be at least 1',
    ],
  ])('validates usage lines %j', async (items, message) => {
    const { owner, service } = await setup();
    const res = await t.request(`/api/inventory/service-usage/${service.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: { items },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });
});

describe('purchase-order suggestions', () => {
  it('suggests enough for 30 days of use, at least back to twice the alert, grouped by supplier with cost', async () => {
    const owner = await t.signUp();
    const busy = await createInventoryItem(t.db, owner.userId, {
      name: 'Shampoo',
      currentStock: 1,
      minStockAlert: 3,
      unitCostCents: 2500,
      supplier: 'CHEMICAL GUYS',
    });
    const quiet = await createInventoryItem(t.db, owner.userId, {
      name: 'Glass Cleaner',
      currentStock: 2,
      minStockAlert: 5,
      unitCostCents: 899,
      supplier: ' Chemical Guys ',
    });
    const empty = await createInventoryItem(t.db, owner.userId, {
      name: 'Clay',
      currentStock: 0,
      minStockAlert: 0,
    });
    await createInventoryItem(t.db, owner.userId, {
      name: 'Plenty',
      currentStock: 50,
      minStockAlert: 5,
      supplier: 'X',
    });
    const day = 86_400_000;
    const move = (itemId: string, change: number, reason: 'job' | 'manual' | 'correction', daysAgo: number) =>
      t.db.insert(stockMovements).values({
        businessId: owner.userId,
        inventoryItemId: itemId,
        change,
        stockAfter: 0,
        reason,
        createdAt: new Date(Date.now() - daysAgo * day),
      });
    await move(busy.id, -12, 'job', 5); // counts
    await move(busy.id, -4, 'manual', 29); // counts
    await move(busy.id, -50, 'job', 31); // too old
    await move(busy.id, -30, 'correction', 2); // a correction is not use
    await move(busy.id, 20, 'manual', 1); // additions are not use
    await move(quiet.id, -1, 'job', 3);

    const res = await t.request('/api/inventory/purchase-order', { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const po = await res.json();
    expect(po.groups).toHaveLength(2);
    const [guys, none] = po.groups;
    expect(guys.supplier).toBe('Chemical Guys');
    expect(
      guys.items.map(
        (i: { name: string; usedLast30Days: number; suggestedQuantity: number; lineCostCents: number }) => [
          i.name,
          i.usedLast30Days,
          i.suggestedQuantity,
          i.lineCostCents,
        ],
      ),
    ).toEqual([
      // twice the alert (10) beats one unit of use: 10 - 2 = 8
      ['Glass Cleaner', 1, 8, 8 * 899],
      // 16 used in 30 days beats twice the alert (6): 16 - 1 = 15
      ['Shampoo', 16, 15, 15 * 2500],
    ]);
    expect(guys.totalCents).toBe(8 * 899 + 15 * 2500);
    expect(none.supplier).toBeNull();
    expect(none.items).toEqual([
      expect.objectContaining({ id: empty.id, suggestedQuantity: 1, lineCostCents: null }),
    ]);
    expect(po.totalCents).toBe(guys.totalCents);

    const csv = await t.request('/api/inventory/purchase-order.csv', { cookie: owner.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="purchase-order-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Supplier,Item,Category,Current stock,Alert level,Used last 30 days,Suggested quantity,Unit cost,Line cost',
    );
    expect(lines[1]).toBe('Chemical Guys,Glass Cleaner,,2,5,1,8,8.99,71.92');
    expect(lines[3]).toBe('No supplier,Clay,,0,0,0,1,,');
    expect(lines[4]).toBe(`Total,,,,,,,,${((8 * 899 + 15 * 2500) / 100).toFixed(2)}`);
  });

  it('quotes cells and defuses formulas in the CSV', async () => {
    const owner = await t.signUp();
    await createInventoryItem(t.db, owner.userId, {
      name: '=HYPERLINK("x")',
      currentStock: 0,
      minStockAlert: 1,
      supplier: 'A, B',
    });
    const text = await (
      await t.request('/api/inventory/purchase-order.csv', { cookie: owner.cookie })
    ).text();
    expect(text.split('\r\n')[1]).toBe(`"A, B","'=HYPERLINK(""x"")",,0,1,0,2,,`);
  });
});

describe('tenancy', () => {
  it("answers 404 for another business's item, service and movements on every route", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const item = await createInventoryItem(t.db, a.userId, { name: 'Mine', currentStock: 4 });
    const service = await createService(t.db, a.userId, { name: 'Wash', basePriceCents: 100 });
    const bItem = await createInventoryItem(t.db, b.userId, { name: 'Theirs', currentStock: 4 });
    const bService = await createService(t.db, b.userId, { name: 'B Wash', basePriceCents: 100 });
    const calls: Array<[string, RequestInit & { json?: unknown }]> = [
      [
        `/api/inventory/${item.id}`,
        { method: 'PUT', json: { name: 'Stolen', currentStock: 0, minStockAlert: 0 } },
      ],
      [`/api/inventory/${item.id}`, { method: 'DELETE' }],
      [`/api/inventory/${item.id}/adjust`, { method: 'POST', json: { change: -1 } }],
      [`/api/inventory/movements?itemId=${item.id}`, {}],
      // A malformed item id names nothing, like another business's (decision 0420)
      ['/api/inventory/movements?itemId=not-a-uuid', {}],
      [`/api/inventory/service-usage/${service.id}`, { method: 'PUT', json: { items: [] } }],
      // b's own service may not use a's item either
      [
        `/api/inventory/service-usage/${bService.id}`,
        { method: 'PUT', json: { items: [{ inventoryItemId: item.id, quantity: 1 }] } },
      ],
    ];
    for (const [path, init] of calls) {
      const res = await t.request(path, { ...init, cookie: b.cookie });
      expect(res.status, `${init.method ?? 'GET'} ${path}`).toBe(404);
    }
    expect(await stockOf(item.id)).toBe(4);
    const bList = await (await t.request('/api/inventory', { cookie: b.cookie })).json();
    expect(bList.items.map((i: { id: string }) => i.id)).toEqual([bItem.id]);
  });
});
