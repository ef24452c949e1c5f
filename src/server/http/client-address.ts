/**
 * The client's address (docs/decisions/005, 902): the first X-Forwarded-For entry when the server trusts its proxy
 * and the proxy sent one, else the socket's. A client-sent header is never trusted otherwise. The app's middleware
 * (app.ts, c.var.clientIp) and the zip check's fast path (decision 923) both read it here.
 */
export function clientAddress(trustProxy: boolean, forwardedFor: string | undefined, socketAddress: () => string | undefined): string | null {
  if (trustProxy) {
    const forwarded = forwardedFor?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress() ?? null;
}
