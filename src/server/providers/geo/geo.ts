// Where jobs are and how long the drive between them takes (decision 1215). One interface each, a local default
// needing no network (zip centroids, great-circle × circuity) and an HTTP adapter chosen by env (Nominatim, OSRM).

export interface LatLng {
  lat: number;
  lng: number;
}

/** What to find: a street address (a zip code inside it is enough for the local default) and/or a zip code. */
export interface GeocodeQuery {
  address?: string | null;
  zip?: string | null;
}

export interface Geocoder {
  readonly name: 'zip-centroid' | 'nominatim';
  /** The point of an address or zip code; null when nothing is found. */
  geocode(query: GeocodeQuery | string): Promise<LatLng | null>;
}

export interface TravelTimes {
  readonly name: 'great-circle' | 'osrm';
  /** Drive minutes from one point to another. */
  travelMinutes(from: LatLng, to: LatLng): Promise<number>;
  /** minutes[i][j]: drive minutes from points[i] to points[j] (0 on the diagonal). */
  matrix(points: LatLng[]): Promise<number[][]>;
}

/** A business's own adjustment of the local estimate: road distance over straight distance, and its pace. */
export interface TravelTuning {
  /** ≈ 1.2–1.3 in the literature; 1.25 when absent. */
  circuity?: number;
  /** 100 = the default speeds; 80 = 20 % slower (city traffic). */
  speedPercent?: number;
  /** Observed ÷ estimated minutes from the field's check-ins (decision 1247); the local estimate is multiplied by
   * it. Absent or null = 1. */
  calibration?: number | null;
}

export interface GeoProviders {
  geocoder: Geocoder;
  /** The travel-time provider, with a business's tuning applied. */
  travelTimes(tuning?: TravelTuning): TravelTimes;
}

export const queryOf = (q: GeocodeQuery | string): GeocodeQuery =>
  typeof q === 'string' ? (/^\d{5}$/.test(q.trim()) ? { zip: q.trim() } : { address: q }) : q;
