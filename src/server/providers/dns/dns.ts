import { resolveCname, resolveTxt } from 'node:dns/promises';

/**
 * The DNS lookups a custom domain's check needs (decision 1316). The system adapter asks the resolver of the
 * machine; the local one answers from a table, so tests and development make no network call.
 */
export interface DnsResolver {
  readonly kind: 'system' | 'local';
  /** The CNAME targets of a name (lower case, no trailing dot); [] when it has none. */
  cnames(hostname: string): Promise<string[]>;
  /** The TXT records of a name, each joined from its strings; [] when it has none. */
  txts(hostname: string): Promise<string[]>;
}

const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'ENONAME', 'NXDOMAIN']);
const normal = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** "No such record" is an empty answer; a resolver failure (timeout, refused) is thrown for the caller to report. */
async function orEmpty<T>(lookup: Promise<T[]>): Promise<T[]> {
  try {
    return await lookup;
  } catch (error) {
    if (NO_RECORD.has((error as NodeJS.ErrnoException).code ?? '')) return [];
    throw error;
  }
}

export const systemDns: DnsResolver = {
  kind: 'system',
  cnames: async (hostname) => (await orEmpty(resolveCname(hostname))).map(normal),
  txts: async (hostname) => (await orEmpty(resolveTxt(hostname))).map((parts) => parts.join('')),
};

/** A table of records: `{ 'book.example.com': { cname: ['app.shineroute.com'] } }`; changeable by tests. */
export function localDns(records: Record<string, { cname?: string[]; txt?: string[] }> = {}) {
  return {
    kind: 'local' as const,
    records,
    cnames: async (hostname: string) => (records[normal(hostname)]?.cname ?? []).map(normal),
    txts: async (hostname: string) => records[normal(hostname)]?.txt ?? [],
  } satisfies DnsResolver & { records: typeof records };
}
