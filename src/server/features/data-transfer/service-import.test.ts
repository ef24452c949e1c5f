import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VEHICLE_MULTIPLIERS } from '../../../shared/constants';
import { serviceInputSchema } from '../../../shared/services.schemas';
import { createService, grantRole } from '../../db/factories';
import { services } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { importServices } from './service-import.service';

// Services from another tool's CSV (decision 1287): the customers import's machinery, each bad row named, the good
// rows in one transaction, same-named services updated or skipped; never a bad row written, never half an import.

// Its tests change the schema (DDL): a database of its own, not the worker's reset one (decision 1359).
const t = await createTestContext({ ownDatabase: true });
const a = await t.signUp({ firstName: 'Alpha', lastName: 'Owner' });
const b = await t.signUp({ firstName: 'Bravo', lastName: 'Owner' });

const servicesOf = (businessId: string) =>
  t.db.select().from(services).where(eq(services.businessId, businessId));
const post = (path: string, json: unknown, cookie = a.cookie) =>
  t.request(`/api/services/import${path}`, { method: 'POST', cookie, json });

const FILE = [
  'Service Name,Description,Price,Duration,SUV Price,Truck Price',
  'Full Detail,"Inside and out, by hand",$180.00,240,$216.00,',
  'Express Wash,,45,45,,',
  ',No name here,50,60,,',
  'Ceramic Coating,,abc,300,,',
  'Quick Vac,,25,ten,,',
  'Headlights,,40,60,$900.00,',
  'full detail,Again,190,240,,',
].join('\r\n');

describe('services import', () => {
  it('suggests the columns and names every bad row’s problem, writing nothing', async () => {
    const res = await post('/preview', { csv: FILE });
    expect(res.status).toBe(200);
    const preview = await res.json();
    expect(preview.mapping).toEqual({
      name: 0,
      description: 1,
      price: 2,
      duration: 3,
      suvPrice: 4,
      truckPrice: 5,
    });
    expect(preview).toMatchObject({ total: 7, valid: 2, invalid: 5 });
    expect(preview.problems.map((p: { row: number; problems: string[] }) => [p.row, p.problems])).toEqual([
      [4, ['Service name is required']],
      [5, ['Price is not an amount in dollars']],
      [6, ['Duration is not a whole number of minutes']],
      [7, ['SUV price must be more than $0 and at most 10 times the base price']],
      [8, ['Duplicate of row 2 in this file']],
    ]);
    expect(await servicesOf(a.userId)).toEqual([]);
  });

  it('imports the good rows with their vehicle prices, skips or updates a service of the same name, and reports it', async () => {
    await createService(t.db, a.userId, { name: 'Express Wash', basePriceCents: 3000, durationMinutes: 30 });
    const skip = await (await post('', { csv: FILE })).json();
    expect(skip).toMatchObject({ total: 7, created: 1, merged: 0, skipped: 1, invalid: 5 });
    const [detail] = (await servicesOf(a.userId)).filter((s) => s.name === 'Full Detail');
    expect(detail).toMatchObject({
      description: 'Inside and out, by hand',
      basePriceCents: 18000,
      durationMinutes: 240,
    });
    // The SUV's price is the multiplier's: $180 × 1.2 = $216; the truck keeps its usual multiplier.
    expect(Math.round(detail!.basePriceCents * detail!.vehicleTypeMultipliers.suv!)).toBe(21600);
    expect(detail!.vehicleTypeMultipliers.truck).toBe(DEFAULT_VEHICLE_MULTIPLIERS.truck);
    expect((await servicesOf(a.userId)).find((s) => s.name === 'Express Wash')!.basePriceCents).toBe(3000);

    const merge = await (await post('', { csv: FILE, duplicates: 'merge' })).json();
    expect(merge).toMatchObject({ created: 0, merged: 2, skipped: 0, invalid: 5 });
    const after = await servicesOf(a.userId);
    expect(after).toHaveLength(2);
    expect(after.find((s) => s.name === 'Express Wash')).toMatchObject({
      basePriceCents: 4500,
      durationMinutes: 45,
    });
    // Another business is untouched.
    expect(await servicesOf(b.userId)).toEqual([]);
  });

  it('refuses a file without a name column, an empty file, technicians and signed-out callers', async () => {
    const noName = await post('', { csv: 'Price,Duration\n10,60' });
    expect(noName.status).toBe(400);
    expect((await noName.json()).error.message).toBe('Map a column to Service name before importing.');
    expect((await post('', { csv: 'Name,Price\n' })).status).toBe(400);
    const tech = await t.signUp({ firstName: 'Theo', lastName: 'Tech' });
    await grantRole(t.db, tech.userId, 'technician', b.userId);
    expect((await post('', { csv: FILE }, tech.cookie)).status).toBe(403);
    expect((await t.request('/api/services/import', { method: 'POST', json: { csv: FILE } })).status).toBe(
      401,
    );
    expect(await servicesOf(b.userId)).toEqual([]);
  });
});

describe('services import fuzz (fast-check)', () => {
  const text = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('Wash, Wax & Dry', 'Say "hi"', 'line\r\nbreak', '\uFEFFBOM', '  spaced  ', ''),
    fc.tuple(fc.constantFrom('=', '+', '-', '@'), fc.string({ maxLength: 8 })).map(([p, s]) => `${p}${s}`),
  );
  const money = fc.oneof(
    fc.integer({ min: 0, max: 200_000 }).map((c) => (c / 100).toFixed(2)),
    fc.constantFrom('$45', '1,200.00', '-5', 'abc', '', '0', '=1+1', '99999999'),
  );
  const minutes = fc.oneof(
    fc.integer({ min: 0, max: 2000 }).map(String),
    fc.constantFrom('', 'ten', '1.5', '15'),
  );
  const record = fc.record({ name: text, description: text, price: money, duration: minutes, suv: money });
  const file = fc.record({
    rows: fc.array(record, { minLength: 1, maxLength: 20 }),
    bom: fc.boolean(),
    newline: fc.constantFrom('\r\n', '\n'),
    explode: fc.boolean(),
  });

  it('never writes a bad row and never half an import', async () => {
    const owner = await t.signUp({ firstName: 'Fuzz', lastName: 'Owner' });
    // A row the database refuses after the rows before it were written: the whole import must roll back.
    await t.handle.exec(
      `alter table services add constraint fuzz_explode_ck check (name <> 'Explode' or business_id <> '${owner.userId}')`,
    );
    await fc.assert(
      fc.asyncProperty(file, async ({ rows, bom, newline, explode }) => {
        await t.db.delete(services).where(eq(services.businessId, owner.userId));
        const data = rows.map((r) => [r.name, r.description, r.price, r.duration, r.suv]);
        if (explode) data.push(['Explode', '', '10', '60', '']);
        const csv =
          (bom ? '\uFEFF' : '') +
          Papa.unparse(
            { fields: ['Name', 'Description', 'Price', 'Duration', 'SUV Price'], data },
            { newline },
          );
        let report: Awaited<ReturnType<typeof importServices>> | undefined;
        try {
          report = await importServices(t.db, owner.userId, { csv });
        } catch {
          // Refused (no rows, or the database's refusal of the exploding row): nothing at all was written.
          expect(await servicesOf(owner.userId)).toEqual([]);
          return;
        }
        const stored = await servicesOf(owner.userId);
        // Written only when the exploding row was itself refused (a repeated name), never around it.
        if (explode) expect(report.problems.some((p) => p.name.toLowerCase() === 'explode')).toBe(true);
        expect(stored.length).toBe(report.created);
        // A line of nothing but blank fields is no row at all (the parser skips it), never a problem.
        const filled = data.filter((r) => r.join('').trim() !== '');
        expect(report.created + report.invalid).toBe(filled.length);
        for (const s of stored) {
          // Every stored service is one the service schema takes, with a name from the file's rows.
          expect(
            serviceInputSchema.safeParse({
              name: s.name,
              description: s.description ?? '',
              basePriceCents: s.basePriceCents,
              durationMinutes: s.durationMinutes,
              vehicleTypeMultipliers: s.vehicleTypeMultipliers,
            }).success,
          ).toBe(true);
          expect(data.some((r) => r[0]!.trim() === s.name)).toBe(true);
          expect(s.name).not.toBe('Explode');
        }
        // Names are unique among them (a repeated name is a named problem, never a second service).
        expect(new Set(stored.map((s) => s.name.toLowerCase())).size).toBe(stored.length);
      }),
      {
        numRuns: 60,
        // Once found: a blank line before a real row (the parser skips the blank line).
        examples: [
          [
            {
              rows: [
                { name: '', description: '', price: '', duration: '', suv: '' },
                { name: '=', description: '=', price: '$45', duration: '0', suv: '0.00' },
              ],
              bom: false,
              newline: '\r\n',
              explode: false,
            },
          ],
        ],
      },
    );
    await t.handle.exec('alter table services drop constraint fuzz_explode_ck');
    // 60 files through the import: a loaded machine takes longer than the default 30 s.
  }, 120_000);
});
