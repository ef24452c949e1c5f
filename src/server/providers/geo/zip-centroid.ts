import { createRequire } from 'node:module';
import type { ZipCodeInfo } from 'zipcodes';
import { type GeocodeQuery, type Geocoder, type LatLng, queryOf } from './geo';

// The local geocoder: a US zip code's centroid from the offline `zipcodes` data (loaded on first use, ~5 MB).
// Good to a few kilometres in town, which is what a day's ordering needs; a real geocoder refines it.

const require = createRequire(import.meta.url);
let lookup: ((zip: string) => ZipCodeInfo | undefined) | null = null;

/** The last five-digit group of an address (a house number may come first: "12345 Main St, Austin TX 78701"). */
export function zipOf(text: string | null | undefined): string | null {
  const all = text?.match(/\b\d{5}(?=(-\d{4})?\b)/g);
  return all ? all[all.length - 1]! : null;
}

/** Synchronous, for the places that store coordinates as they write an address. */
export function zipCentroidOf(query: GeocodeQuery | string): LatLng | null {
  const q = queryOf(query);
  const zip = (q.zip && /^\d{5}$/.test(q.zip) ? q.zip : null) ?? zipOf(q.address);
  if (!zip) return null;
  lookup ??= (require('zipcodes') as { lookup: (zip: string) => ZipCodeInfo | undefined }).lookup;
  const hit = lookup(zip);
  return hit && Number.isFinite(hit.latitude) && Number.isFinite(hit.longitude)
    ? { lat: hit.latitude, lng: hit.longitude }
    : null;
}

export const zipCentroidGeocoder: Geocoder = {
  name: 'zip-centroid',
  geocode: async (query) => zipCentroidOf(query),
};

/** The latitude/longitude columns for an address as it is written (null when its zip code is unknown). */
export function pointColumns(
  address: string | null | undefined,
  zip?: string | null,
): { latitude: number | null; longitude: number | null } {
  const p = zipCentroidOf({ address, zip });
  return { latitude: p?.lat ?? null, longitude: p?.lng ?? null };
}
