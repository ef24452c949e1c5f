const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the app answers writes from: PUBLIC_URL's, and with a loopback PUBLIC_URL every loopback name of
 * the same port (the server binds 127.0.0.1 and prints localhost: both must sign in).
 */
export function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK.includes(url.hostname)) return [url.origin];
  return LOOPBACK.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}
