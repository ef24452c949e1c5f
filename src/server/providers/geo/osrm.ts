import { getOutbound } from '../../http/outbound';
import type { LatLng, TravelTimes, TravelTuning } from './geo';

// An OSRM server's /table service (self-hosted, OSRM_URL): real road durations for all pairs in one request.
// The business's speed percentage applies on top; its circuity does not (OSRM drives the real roads).

export interface OsrmOptions {
  baseUrl: string;
  profile?: string;
  timeoutMs?: number;
}

/** OSRM refuses larger tables by default (max-table-size 100). */
const MAX_POINTS = 100;

export function osrmTravelTimes(opts: OsrmOptions, tuning: TravelTuning = {}): TravelTimes {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const slow = 100 / (tuning.speedPercent ?? 100);
  const matrix = async (points: LatLng[]): Promise<number[][]> => {
    if (points.length === 0) return [];
    if (points.length > MAX_POINTS) throw new Error(`OSRM tables take at most ${MAX_POINTS} points`);
    const coords = points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';');
    const answer = await getOutbound(
      `${base}/table/v1/${opts.profile ?? 'driving'}/${coords}?annotations=duration`,
      { accept: 'application/json' },
      { allowPrivate: true, timeoutMs: opts.timeoutMs ?? 10_000, maxBytes: 2 * 1024 * 1024 },
    );
    const body = JSON.parse(answer.body) as { code?: string; durations?: (number | null)[][] };
    if (answer.status !== 200 || body.code !== 'Ok' || !Array.isArray(body.durations))
      throw new Error(`OSRM answered ${answer.status} ${body.code ?? ''}`.trim());
    // Seconds → minutes; an unreachable pair (null) is not drivable: a large finite time keeps the solver's
    // arithmetic sound and keeps it off that leg.
    return body.durations.map((row, i) =>
      points.map((_, j) => (i === j ? 0 : row[j] == null ? 24 * 60 : (row[j]! / 60) * slow)),
    );
  };
  return {
    name: 'osrm',
    matrix,
    travelMinutes: async (from, to) => (await matrix([from, to]))[0]![1]!,
  };
}
