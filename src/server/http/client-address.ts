import type { AppDeps } from './context';

/**
 * How many proxies of our own stand before the app, whose X-Forwarded-For entries are trusted: 0 unless TRUST_PROXY,
 * else TRUSTED_PROXY_HOPS (default 1, one load balancer).
 */
export const trustedProxyHops = (deps: Pick<AppDeps, 'trustProxy' | 'trustedProxyHops'>) =>
  deps.trustProxy ? (deps.trustedProxyHops ?? 1) : 0;

/**
 * The client's address (docs/decisions/0005, 0940, 902): behind `hops` proxies of our own, the X-Forwarded-For entry
 * the outermost one appended — the `hops`-th from the right, each proxy appending the address it was reached from —
 * else the socket's. Entries left of it were written by the client and are never trusted (they let one client
 * take a new address, hence a new rate limit, with every request). With fewer entries than hops the left-most is
 * taken, as every entry was then appended by a proxy of ours. The app's middleware (app.ts, c.var.clientIp) and the
 * zip check's fast path (decision 923) both read it here.
 */
export function clientAddress(
  hops: number,
  forwardedFor: string | undefined,
  socketAddress: () => string | undefined,
): string | null {
  if (hops > 0 && forwardedFor) {
    const entries = forwardedFor
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    if (entries.length > 0) return entries[Math.max(0, entries.length - hops)]!;
  }
  return socketAddress() ?? null;
}
