import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeo } from './create-geo';
import { DEFAULT_CIRCUITY, greatCircleKm, greatCircleTravelTimes, minutesForRoadKm } from './great-circle';
import { nominatimGeocoder } from './nominatim';
import { osrmTravelTimes } from './osrm';
import { zipCentroidGeocoder, zipCentroidOf, zipOf } from './zip-centroid';

const AUSTIN_78701 = { lat: 30.27, lng: -97.74 };

describe('zip-code centroid geocoder (local default)', () => {
  it('finds the zip code in an address, the last five-digit group', async () => {
    expect(zipOf('12345 Congress Ave, Austin, TX 78701')).toBe('78701');
    expect(zipOf('1 Main St, Austin TX 78701-1234')).toBe('78701');
    expect(zipOf('no zip here')).toBeNull();
    const p = await zipCentroidGeocoder.geocode('100 Congress Ave, Austin, TX 78701');
    expect(p!.lat).toBeCloseTo(AUSTIN_78701.lat, 1);
    expect(p!.lng).toBeCloseTo(AUSTIN_78701.lng, 1);
    expect(zipCentroidOf({ zip: '78701' })).toEqual(p);
    expect(zipCentroidOf('00000')).toBeNull();
  });
});

describe('great-circle travel times (local default)', () => {
  it('drives great-circle × 1.25 at speeds by band', async () => {
    // Austin 78701 → Round Rock 78664: ~26 km straight.
    const a = zipCentroidOf('78701')!;
    const b = zipCentroidOf('78664')!;
    const km = greatCircleKm(a, b);
    expect(km).toBeGreaterThan(20);
    expect(km).toBeLessThan(32);
    const t = greatCircleTravelTimes();
    const minutes = await t.travelMinutes(a, b);
    expect(minutes).toBeCloseTo(minutesForRoadKm(km * DEFAULT_CIRCUITY), 9);
    // 2 km at 24, 8 at 40, then 64 km/h: between a highway's and a street's pace.
    expect(minutes).toBeGreaterThan(((km * 1.25) / 88) * 60);
    expect(minutes).toBeLessThan(((km * 1.25) / 24) * 60);
    expect(minutesForRoadKm(2)).toBeCloseTo(5, 9);
    expect(minutesForRoadKm(10)).toBeCloseTo(5 + 12, 9);
  });

  it('takes the business’s circuity and pace', async () => {
    const a = { lat: 30.27, lng: -97.74 };
    const b = { lat: 30.35, lng: -97.7 };
    const base = await greatCircleTravelTimes().travelMinutes(a, b);
    const slower = await greatCircleTravelTimes({ speedPercent: 50 }).travelMinutes(a, b);
    expect(slower).toBeCloseTo(base * 2, 9);
    const winding = await greatCircleTravelTimes({ circuity: 1.5 }).travelMinutes(a, b);
    expect(winding).toBeGreaterThan(base);
    const m = await greatCircleTravelTimes().matrix([a, b, a]);
    expect(m[0]![0]).toBe(0);
    expect(m[0]![1]).toBeCloseTo(base, 9);
    expect(m[2]![1]).toBeCloseTo(base, 9);
  });

  it('uses the local defaults when nothing is configured', () => {
    const geo = createGeo({});
    expect(geo.geocoder.name).toBe('zip-centroid');
    expect(geo.travelTimes().name).toBe('great-circle');
  });
});

describe('HTTP adapters against local fake servers', () => {
  let server: Server;
  let base = '';
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      seen.push(req.url ?? '');
      const url = new URL(req.url ?? '/', 'http://x');
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/search') {
        if (url.searchParams.get('q')?.includes('Nowhere')) return res.end('[]');
        if (url.searchParams.get('q') === 'boom') {
          res.statusCode = 503;
          return res.end('{}');
        }
        return res.end(JSON.stringify([{ lat: '30.2672', lon: '-97.7431', display_name: 'Austin' }]));
      }
      const table = /^\/table\/v1\/driving\/(.+)$/.exec(url.pathname);
      if (table) {
        const n = table[1]!.split(';').length;
        const durations = Array.from({ length: n }, (_, i) =>
          Array.from({ length: n }, (_, j) => (i === j ? 0 : j === 2 ? null : 60 * (i + j))),
        );
        return res.end(JSON.stringify({ code: 'Ok', durations }));
      }
      res.statusCode = 404;
      res.end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('Nominatim: asks /search for the address and reads the first point', async () => {
    const geo = createGeo({ geocoderUrl: base, geocoderUserAgent: 'ShineRoute test' });
    expect(geo.geocoder.name).toBe('nominatim');
    const p = await geo.geocoder.geocode('100 Congress Ave, Austin, TX 78701');
    expect(p).toEqual({ lat: 30.2672, lng: -97.7431 });
    const asked = new URL(seen.at(-1)!, 'http://x');
    expect(asked.searchParams.get('q')).toBe('100 Congress Ave, Austin, TX 78701');
    expect(asked.searchParams.get('format')).toBe('jsonv2');
    expect(await geo.geocoder.geocode({ address: 'Nowhere 1' })).toBeNull();
    await geo.geocoder.geocode({ zip: '78701' });
    expect(new URL(seen.at(-1)!, 'http://x').searchParams.get('postalcode')).toBe('78701');
    await expect(nominatimGeocoder({ baseUrl: base }).geocode('boom')).rejects.toThrow(/503/);
  });

  it('OSRM: one /table request, seconds to minutes, unreachable pairs kept off', async () => {
    const t = createGeo({ osrmUrl: base }).travelTimes();
    expect(t.name).toBe('osrm');
    const pts = [
      { lat: 30.1, lng: -97.1 },
      { lat: 30.2, lng: -97.2 },
      { lat: 30.3, lng: -97.3 },
    ];
    const m = await t.matrix(pts);
    expect(seen.at(-1)).toBe(
      '/table/v1/driving/-97.100000,30.100000;-97.200000,30.200000;-97.300000,30.300000?annotations=duration',
    );
    expect(m[0]![1]).toBe(1);
    expect(m[1]![0]).toBe(1);
    expect(m[0]![2]).toBe(24 * 60);
    expect(await t.travelMinutes(pts[0]!, pts[1]!)).toBe(1);
    const slow = osrmTravelTimes({ baseUrl: base }, { speedPercent: 50 });
    expect((await slow.matrix(pts))[0]![1]).toBe(2);
  });
});
