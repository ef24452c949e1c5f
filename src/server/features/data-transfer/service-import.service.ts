import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_VEHICLE_MULTIPLIERS, VEHICLE_TYPES } from '../../../shared/constants';
import { dollarsToCents } from '../../../shared/money';
import {
  IMPORT_DEFAULT_DURATION,
  SERVICE_IMPORT_FIELD_LABELS,
  SERVICE_IMPORT_PROBLEMS,
  type ServiceImportField,
  type ServiceImportInput,
  serviceImportSchema,
  vehiclePriceField,
} from '../../../shared/service-import';
import { serviceInputSchema } from '../../../shared/services.schemas';
import type { Database, DbOrTx } from '../../db/client';
import { columnOf, type ImportKind, importPreviewOf, importReportOf, readImport } from './csv-import';
import { rowsOf } from './tenancy';

// Services from another tool's CSV (issue 30, decision 1287) through the customers import's machinery (csv-import.ts):
// each row checked with the one service schema, its problems named; the good rows written in one transaction, a
// service of the same name (the business's, not archived) updated or skipped as the owner chooses.

const HEADER_FIELDS: Record<string, ServiceImportField> = {
  name: 'name',
  service: 'name',
  servicename: 'name',
  itemname: 'name',
  item: 'name',
  title: 'name',
  description: 'description',
  details: 'description',
  price: 'price',
  baseprice: 'price',
  unitprice: 'price',
  rate: 'price',
  amount: 'price',
  duration: 'duration',
  durationminutes: 'duration',
  durationmins: 'duration',
  minutes: 'duration',
  ...Object.fromEntries(
    VEHICLE_TYPES.flatMap((t) => [
      [`${t}price`, vehiclePriceField(t)],
      [`price${t}`, vehiclePriceField(t)],
      [t, vehiclePriceField(t)],
    ]),
  ),
};

/** "$1,250.00" → 125000 cents; null for anything that is not an amount. */
const centsOf = (text: string) => dollarsToCents(text.replace(/^\$/, '').replace(/,(?=\d{3}\b)/g, ''));

export type ImportedService = z.output<typeof serviceInputSchema>;

export const serviceImportKind: ImportKind<ServiceImportField, ImportedService> = {
  labels: SERVICE_IMPORT_FIELD_LABELS,
  headerFields: HEADER_FIELDS,
  missingColumn: (mapping) => (mapping.name === undefined ? SERVICE_IMPORT_PROBLEMS.noNameColumn : null),
  duplicate: SERVICE_IMPORT_PROBLEMS.duplicate,
  checkRow(cell) {
    const name = cell('name');
    const problems: string[] = [];
    const priceText = cell('price');
    const basePriceCents = priceText ? centsOf(priceText) : null;
    if (!priceText) problems.push(SERVICE_IMPORT_PROBLEMS.missingPrice);
    else if (basePriceCents === null) problems.push(SERVICE_IMPORT_PROBLEMS.badPrice);
    const durationText = cell('duration');
    const durationMinutes = durationText
      ? /^\d+$/.test(durationText)
        ? Number(durationText)
        : null
      : IMPORT_DEFAULT_DURATION;
    if (durationMinutes === null) problems.push(SERVICE_IMPORT_PROBLEMS.badDuration);
    const multipliers = { ...DEFAULT_VEHICLE_MULTIPLIERS };
    for (const type of VEHICLE_TYPES) {
      const field = vehiclePriceField(type);
      const text = cell(field);
      if (!text) continue;
      const label = SERVICE_IMPORT_FIELD_LABELS[field];
      const cents = centsOf(text);
      if (cents === null) problems.push(SERVICE_IMPORT_PROBLEMS.badVehiclePrice(label));
      else if (basePriceCents !== null) {
        // The type's price as its multiplier of the base: the booking's price (base × multiplier, rounded) is it again.
        const multiplier = basePriceCents > 0 ? cents / basePriceCents : 0;
        if (!(multiplier > 0 && multiplier <= 10))
          problems.push(SERVICE_IMPORT_PROBLEMS.vehiclePriceRange(label));
        else multipliers[type] = multiplier;
      }
    }
    const parsed = serviceInputSchema.safeParse({
      name,
      description: cell('description'),
      basePriceCents: basePriceCents ?? 0,
      durationMinutes: durationMinutes ?? IMPORT_DEFAULT_DURATION,
      vehicleTypeMultipliers: multipliers,
    });
    if (!parsed.success) for (const issue of parsed.error.issues) problems.push(issue.message);
    const key = name.toLowerCase();
    if (problems.length || !parsed.success) return { problems: [...new Set(problems)], name, key };
    return { value: parsed.data, key: parsed.data.name.toLowerCase(), name };
  },
};

const read = (input: ServiceImportInput) => readImport(serviceImportKind, serviceImportSchema.parse(input));

/** The business's services (not archived) by lower-cased name: the first of each name. */
async function existingServices(db: DbOrTx, businessId: string, names: string[]) {
  if (names.length === 0) return new Map<string, string>();
  const rows = await rowsOf<{ id: string; key: string }>(
    db,
    sql`select distinct on (lower(name)) id, lower(name) as key from services
         where business_id = ${businessId} and archived_at is null and lower(name) = any(${sql.param(names)}::text[])
         order by lower(name), created_at, id`,
  );
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** What an import would do: the mapping used, counts and each bad row with its problems. Writes nothing. */
export async function previewServiceImport(db: Database, businessId: string, input: ServiceImportInput) {
  const file = read(input);
  const existing = await existingServices(
    db,
    businessId,
    file.good.map((r) => r.key),
  );
  return importPreviewOf(file, existing, ({ name, basePriceCents, durationMinutes }) => ({
    name,
    basePriceCents,
    durationMinutes,
  }));
}

/** Imports the good rows in one transaction: new names added, existing ones updated (merge) or left (skip). */
export async function importServices(db: Database, businessId: string, input: ServiceImportInput) {
  const file = read(input);
  const { duplicates, good } = file;
  const written = await db.transaction(async (tx) => {
    const existing = await existingServices(
      tx,
      businessId,
      good.map((r) => r.key),
    );
    const fresh = good.filter((r) => !existing.has(r.key));
    const known = duplicates === 'merge' ? good.filter((r) => existing.has(r.key)) : [];
    if (fresh.length)
      await tx.execute(
        sql`insert into services (business_id, name, description, base_price_cents, duration_minutes, vehicle_type_multipliers)
            select ${businessId}, n, d, p, m, v
              from unnest(${columnOf(fresh, (s) => s.name)}::text[], ${columnOf(fresh, (s) => s.description)}::text[],
                          ${columnOf(fresh, (s) => s.basePriceCents)}::int[], ${columnOf(fresh, (s) => s.durationMinutes)}::int[],
                          ${columnOf(fresh, (s) => JSON.stringify(s.vehicleTypeMultipliers))}::jsonb[]) as t(n, d, p, m, v)`,
      );
    if (known.length)
      await tx.execute(
        sql`update services set description = coalesce(t.d, services.description), base_price_cents = t.p,
              duration_minutes = t.m, vehicle_type_multipliers = t.v, updated_at = now()
            from unnest(${sql.param(known.map((r) => existing.get(r.key)!))}::uuid[],
                        ${columnOf(known, (s) => s.description)}::text[], ${columnOf(known, (s) => s.basePriceCents)}::int[],
                        ${columnOf(known, (s) => s.durationMinutes)}::int[],
                        ${columnOf(known, (s) => JSON.stringify(s.vehicleTypeMultipliers))}::jsonb[]) as t(id, d, p, m, v)
            where services.id = t.id and services.business_id = ${businessId}`,
      );
    return { created: fresh.length, merged: known.length };
  });
  return importReportOf(file, written);
}
