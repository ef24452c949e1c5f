// A minimal HTTP/1.1 load generator for the benchmark: keep-alive connections, one request in flight on each, a new
// path per request. autocannon rebuilds its whole request for every new path and, on this two-core machine, its own
// core saturates near 11,000 requests/s while the server still idles; its queueing then shows as server latency.
// This client writes one short string per request and reads just the status line and Content-Length.
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { pathToFileURL } from 'node:url';

export interface LoadResult {
  requests: number;
  perSecond: number;
  non2xx: number;
  errors: number;
  /** Latencies in milliseconds. */
  p50: number;
  p97_5: number;
  p99: number;
  max: number;
}

export async function runLoad(opts: {
  host: string;
  port: number;
  connections: number;
  durationSeconds: number;
  path: () => string;
  headers?: Record<string, string>;
  /** Visitors: each request comes from the next of this many addresses (X-Forwarded-For; the server trusts its proxy). */
  addresses?: number;
}): Promise<LoadResult> {
  const extra = Object.entries(opts.headers ?? {})
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  let visitor = 0;
  const from = opts.addresses
    ? () => {
        const n = visitor++ % opts.addresses!;
        return `X-Forwarded-For: 10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}\r\n`;
      }
    : () => '';
  const head = (path: string) =>
    `GET ${path} HTTP/1.1\r\nHost: ${opts.host}:${opts.port}\r\n${extra}${from()}\r\n`;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const until = started + opts.durationSeconds * 1000;

  const connection = () =>
    new Promise<void>((resolve) => {
      const socket: Socket = connect({ host: opts.host, port: opts.port, noDelay: true });
      let buffer: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      let bodyLeft = -1; // -1: reading headers
      const send = () => {
        if (performance.now() >= until) {
          socket.end();
          return resolve();
        }
        sentAt = performance.now();
        socket.write(head(opts.path()));
      };
      socket.on('connect', send);
      socket.on('error', () => {
        errors++;
        resolve();
      });
      socket.on('data', (chunk: Buffer) => {
        buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
        for (;;) {
          if (bodyLeft < 0) {
            const end = buffer.indexOf('\r\n\r\n');
            if (end < 0) return;
            const headers = buffer.subarray(0, end).toString('latin1');
            const status = Number(headers.slice(9, 12));
            const length = /\r\ncontent-length:\s*(\d+)/i.exec(headers)?.[1];
            if (length === undefined) {
              errors++;
              socket.destroy();
              return resolve();
            }
            if (status < 200 || status > 299) non2xx++;
            bodyLeft = Number(length);
            buffer = buffer.subarray(end + 4);
          }
          if (buffer.length < bodyLeft) return;
          buffer = buffer.subarray(bodyLeft);
          bodyLeft = -1;
          latencies.push(performance.now() - sentAt);
          send();
          if (buffer.length === 0) return;
        }
      });
    });

  await Promise.all(Array.from({ length: opts.connections }, connection));
  const seconds = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
  return {
    requests: sorted.length,
    perSecond: sorted.length / seconds,
    non2xx,
    errors,
    p50: at(0.5),
    p97_5: at(0.975),
    p99: at(0.99),
    max: sorted.at(-1) ?? 0,
  };
}

/**
 * Run as its own process (as the benchmark does, so the load comes from a lean process of its own):
 *   node --import tsx scripts/load-client.ts <config.json>
 * with { url, connections, durationSeconds, headers?, addresses?, paths: string[], order: 'cycle' | 'random' }; prints the result
 * as JSON.
 */
async function cli(configFile: string) {
  const config = JSON.parse(readFileSync(configFile, 'utf8')) as {
    url: string;
    connections: number;
    durationSeconds: number;
    headers?: Record<string, string>;
    addresses?: number;
    paths: string[];
    order: 'cycle' | 'random';
  };
  const { hostname, port } = new URL(config.url);
  const { paths } = config;
  let next = 0;
  const path =
    config.order === 'random'
      ? () => paths[Math.floor(Math.random() * paths.length)]!
      : () => paths[next++ % paths.length]!;
  const result = await runLoad({ ...config, host: hostname, port: Number(port), path });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  cli(process.argv[2]!).catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
