import type { LatLng, TravelTimes, TravelTuning } from './geo';

// The local travel-time estimate (decision 1215): great-circle distance × a circuity factor (road distance over
// straight distance, ≈ 1.2–1.3 in US studies; 1.25 here) driven at speeds by distance band — the first kilometres
// through streets, the rest on arterials and highways — so a long drive is not priced at street speed.

const EARTH_RADIUS_KM = 6371.0088;
export const DEFAULT_CIRCUITY = 1.25;

/** Bands of road distance and the speed driven within each (km, km/h); the last band is open-ended. */
export const SPEED_BANDS: readonly { uptoKm: number; kmh: number }[] = [
  { uptoKm: 2, kmh: 24 },
  { uptoKm: 10, kmh: 40 },
  { uptoKm: 40, kmh: 64 },
  { uptoKm: Number.POSITIVE_INFINITY, kmh: 88 },
];

export function greatCircleKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Minutes to drive `roadKm`, each band of the distance at its own speed (continuous and increasing). */
export function minutesForRoadKm(roadKm: number, speedPercent = 100): number {
  let minutes = 0;
  let from = 0;
  for (const band of SPEED_BANDS) {
    if (roadKm <= from) break;
    const km = Math.min(roadKm, band.uptoKm) - from;
    minutes += (km / band.kmh) * 60;
    from = band.uptoKm;
  }
  return minutes / (speedPercent / 100);
}

export function greatCircleTravelTimes(tuning: TravelTuning = {}): TravelTimes {
  const circuity = tuning.circuity ?? DEFAULT_CIRCUITY;
  const speedPercent = tuning.speedPercent ?? 100;
  const calibration = tuning.calibration ?? 1;
  const minutes = (a: LatLng, b: LatLng) =>
    minutesForRoadKm(greatCircleKm(a, b) * circuity, speedPercent) * calibration;
  return {
    name: 'great-circle',
    travelMinutes: async (from, to) => minutes(from, to),
    matrix: async (points) => points.map((a, i) => points.map((b, j) => (i === j ? 0 : minutes(a, b)))),
  };
}
