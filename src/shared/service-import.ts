import type { z } from 'zod';
import { VEHICLE_TYPES, type VehicleType } from './constants';
import { csvImportSchemaOf, importMappingSchemaOf } from './csv-import';

// Importing services from another tool's CSV (issue 30, decision 1287), the customers import's way: name, description,
// price, duration and a price per vehicle type when the file has them (stored as that type's multiplier).

export const vehiclePriceField = (type: VehicleType) => `${type}Price` as const;
export type VehiclePriceField = ReturnType<typeof vehiclePriceField>;

export const SERVICE_IMPORT_FIELDS = [
  'name',
  'description',
  'price',
  'duration',
  ...VEHICLE_TYPES.map(vehiclePriceField),
] as const satisfies readonly [string, ...string[]];
export type ServiceImportField = (typeof SERVICE_IMPORT_FIELDS)[number];

const VEHICLE_LABEL: Record<VehicleType, string> = {
  sedan: 'Sedan',
  suv: 'SUV',
  truck: 'Truck',
  van: 'Van',
  coupe: 'Coupe',
  convertible: 'Convertible',
  motorcycle: 'Motorcycle',
};

export const SERVICE_IMPORT_FIELD_LABELS = {
  name: 'Service name',
  description: 'Description',
  price: 'Base price',
  duration: 'Duration (minutes)',
  ...Object.fromEntries(VEHICLE_TYPES.map((t) => [vehiclePriceField(t), `${VEHICLE_LABEL[t]} price`])),
} as Record<ServiceImportField, string>;

export const serviceImportMappingSchema = importMappingSchemaOf(SERVICE_IMPORT_FIELDS);
export type ServiceImportMapping = z.infer<typeof serviceImportMappingSchema>;
export const serviceImportSchema = csvImportSchemaOf(SERVICE_IMPORT_FIELDS);
export type ServiceImportInput = z.input<typeof serviceImportSchema>;

/** A service without a duration in the file takes the usual hour. */
export const IMPORT_DEFAULT_DURATION = 60;

export const SERVICE_IMPORT_PROBLEMS = {
  noNameColumn: 'Map a column to Service name before importing.',
  missingPrice: 'Missing price',
  badPrice: 'Price is not an amount in dollars',
  badDuration: 'Duration is not a whole number of minutes',
  badVehiclePrice: (label: string) => `${label} is not an amount in dollars`,
  vehiclePriceRange: (label: string) => `${label} must be more than $0 and at most 10 times the base price`,
  duplicate: (row: number) => `Duplicate of row ${row} in this file`,
} as const;
