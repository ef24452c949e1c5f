import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { logProviderCall } from '../observability/provider-calls';
import { requestIdHeaders } from '../observability/request-context';

/**
 * Requests this server makes to addresses its users chose (webhook endpoints, decision 1202). Private, loopback,
 * link-local and other special addresses are refused — a user must not reach our own network through us — unless
 * `allowPrivate` (OUTBOUND_ALLOW_PRIVATE, for tests and development). The check runs on the address actually
 * connected to (the socket's DNS lookup), so a name that resolves to a public address once and a private one later
 * (DNS rebinding) is refused too. Answers are read up to `maxBytes`, and the whole request has a deadline.
 */

const BLOCKED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const)
  BLOCKED.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is private, loopback or otherwise not a public internet address. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
    return BLOCKED.check(address, 'ipv6');
  }
  return true;
}

export class OutboundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

export const PRIVATE_ADDRESS_MESSAGE =
  'This address is private or local: webhooks are delivered only to public internet addresses.';

/** A URL this server may call: http(s), no credentials, and (unless allowed) not a private address literal. */
export function checkOutboundUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('Enter a full address starting with https://');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new OutboundRefused('Enter a full address starting with https://');
  if (url.username || url.password)
    throw new OutboundRefused('The address may not contain a user name or password.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (
    !allowPrivate &&
    (isIP(host) ? isPrivateAddress(host) : /^localhost$|\.localhost$|\.local$|\.internal$/i.test(host))
  )
    throw new OutboundRefused(PRIVATE_ADDRESS_MESSAGE);
  return url;
}

export interface OutboundAnswer {
  status: number;
  /** The start of the body, at most maxBytes. */
  body: string;
}

export interface OutboundOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

/** POSTs `body` to `url` with the guard, a deadline and a bounded read of the answer. */
export function postOutbound(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  opts: OutboundOptions,
): Promise<OutboundAnswer> {
  return requestOutbound('POST', rawUrl, body, headers, opts);
}

/** GETs `url` with the same guard, deadline and bounded read (geocoder and travel-time adapters). */
export function getOutbound(
  rawUrl: string,
  headers: Record<string, string>,
  opts: OutboundOptions,
): Promise<OutboundAnswer> {
  return requestOutbound('GET', rawUrl, null, headers, opts);
}

function requestOutbound(
  method: 'GET' | 'POST',
  rawUrl: string,
  body: string | null,
  headers: Record<string, string>,
  opts: OutboundOptions,
): Promise<OutboundAnswer> {
  const url = checkOutboundUrl(rawUrl, opts.allowPrivate);
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const maxBytes = opts.maxBytes ?? 4096;
  const lookup = (
    hostname: string,
    options: object,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) =>
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as LookupAddress[];
      if (!opts.allowPrivate && list.some((a) => isPrivateAddress(a.address)))
        return callback(new OutboundRefused(PRIVATE_ADDRESS_MESSAGE), '');
      const all = (options as { all?: boolean }).all;
      if (all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method,
        headers:
          body === null
            ? { ...requestIdHeaders(), ...headers }
            : {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
                ...requestIdHeaders(),
                ...headers,
              },
        lookup: lookup as never,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size >= maxBytes) return;
          chunks.push(chunk.subarray(0, maxBytes - size));
          size += chunk.length;
          // Enough read: the rest is not wanted.
          if (size >= maxBytes) res.destroy();
        });
        const done = () => {
          logProviderCall({ provider: url.host, method, path: url.pathname, status: res.statusCode ?? 0 });
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        };
        res.on('end', done);
        res.on('close', done);
        res.on('error', () => done());
      },
    );
    const deadline = setTimeout(
      () => req.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)));
    req.on('error', reject);
    if (body === null) req.end();
    else req.end(body);
  });
}

/** The socket's DNS lookup, refusing a private answer unless allowed (so DNS rebinding is caught too). */
function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: object,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) =>
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as LookupAddress[];
      if (!allowPrivate && list.some((a) => isPrivateAddress(a.address)))
        return callback(new OutboundRefused(PRIVATE_ADDRESS_MESSAGE), '');
      const all = (options as { all?: boolean }).all;
      if (all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
}

export class OutboundTooLarge extends Error {
  constructor(maxBytes: number) {
    super(`The answer is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
    this.name = 'OutboundTooLarge';
  }
}

/**
 * GETs `url` with the same guard (every hop of up to 3 redirects checked again), a deadline for the whole request
 * and a size limit: an answer over `maxBytes` is refused (OutboundTooLarge), never cut short and read as whole
 * (a calendar subscription, decision 1221).
 */
export async function getWholeOutbound(
  rawUrl: string,
  opts: { allowPrivate: boolean; timeoutMs?: number; maxBytes?: number; accept?: string },
  hops = 0,
): Promise<OutboundAnswer> {
  const url = checkOutboundUrl(rawUrl, opts.allowPrivate);
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const maxBytes = opts.maxBytes ?? 2 * 1024 * 1024;
  const client = url.protocol === 'https:' ? https : http;
  const answer = await new Promise<OutboundAnswer & { location?: string }>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'GET',
        headers: { accept: opts.accept ?? '*/*', 'user-agent': 'ShineRoute/1.0' },
        lookup: guardedLookup(opts.allowPrivate) as never,
        timeout: timeoutMs,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ status, body: '', location: new URL(res.headers.location, url).toString() });
        }
        if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
          req.destroy();
          return reject(new OutboundTooLarge(maxBytes));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            req.destroy();
            reject(new OutboundTooLarge(maxBytes));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    const deadline = setTimeout(
      () => req.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)));
    req.on('error', reject);
    req.end();
  });
  if (answer.location) {
    if (hops >= 3) throw new OutboundRefused('Too many redirects.');
    return getWholeOutbound(answer.location, opts, hops + 1);
  }
  return answer;
}
