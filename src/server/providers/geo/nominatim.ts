import { getOutbound } from '../../http/outbound';
import { type Geocoder, type LatLng, queryOf } from './geo';
import { zipOf } from './zip-centroid';

// A Nominatim server's /search (self-hosted or a provider's), configured by GEOCODER_URL. The operator chose the
// address, so a private one (a geocoder in the same network) is allowed; answers are bounded and have a deadline.

export interface NominatimOptions {
  baseUrl: string;
  /** Nominatim's usage policy asks for an identifying User-Agent. */
  userAgent?: string;
  timeoutMs?: number;
}

export function nominatimGeocoder(opts: NominatimOptions): Geocoder {
  const base = opts.baseUrl.replace(/\/+$/, '');
  return {
    name: 'nominatim',
    async geocode(query): Promise<LatLng | null> {
      const q = queryOf(query);
      const params = new URLSearchParams({ format: 'jsonv2', limit: '1', countrycodes: 'us' });
      if (q.address?.trim()) params.set('q', q.address.trim());
      else {
        const zip = q.zip ?? zipOf(q.address);
        if (!zip) return null;
        params.set('postalcode', zip);
      }
      const answer = await getOutbound(
        `${base}/search?${params}`,
        { accept: 'application/json', 'user-agent': opts.userAgent ?? 'ShineRoute/1.0' },
        { allowPrivate: true, timeoutMs: opts.timeoutMs ?? 5000, maxBytes: 64 * 1024 },
      );
      if (answer.status !== 200) throw new Error(`The geocoder answered ${answer.status}`);
      const rows = JSON.parse(answer.body) as { lat?: string; lon?: string }[];
      const first = Array.isArray(rows) ? rows[0] : undefined;
      const lat = Number(first?.lat);
      const lng = Number(first?.lon);
      return first && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
    },
  };
}
