import type { GeoProviders } from './geo';
import { greatCircleTravelTimes } from './great-circle';
import { nominatimGeocoder } from './nominatim';
import { osrmTravelTimes } from './osrm';
import { zipCentroidGeocoder } from './zip-centroid';

export interface GeoConfig {
  /** A Nominatim server (GEOCODER_URL); the zip-code centroid when absent. */
  geocoderUrl?: string;
  geocoderUserAgent?: string;
  /** An OSRM server (OSRM_URL); great-circle × circuity when absent. */
  osrmUrl?: string;
}

export function createGeo(config: GeoConfig = {}): GeoProviders {
  const geocoder = config.geocoderUrl
    ? nominatimGeocoder({ baseUrl: config.geocoderUrl, userAgent: config.geocoderUserAgent })
    : zipCentroidGeocoder;
  const osrmUrl = config.osrmUrl;
  return {
    geocoder,
    travelTimes: (tuning) =>
      osrmUrl ? osrmTravelTimes({ baseUrl: osrmUrl }, tuning) : greatCircleTravelTimes(tuning),
  };
}

/** The local defaults: no network. */
export const localGeo: GeoProviders = createGeo();
