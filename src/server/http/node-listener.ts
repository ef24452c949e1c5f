import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { zipCheckListener } from '../features/public/zip-check-listener';
import { publicPageListener } from '../features/seo/public/seo-public.routes';
import type { AppDeps } from './context';
import { SecureServerResponse } from './security-headers';

/**
 * What the HTTP server runs for each request (main.ts): /seo/{slug} (docs/decisions/309) and the zip check
 * (decision 923) are answered on the server itself when they can be; everything else goes to the Hono app.
 */
export function nodeListener(deps: AppDeps, fetch: (request: Request, env: object) => Response | Promise<Response>, hostname?: string) {
  const pages = publicPageListener(deps);
  const zipCheck = zipCheckListener(deps);
  const app = getRequestListener(fetch, { hostname });
  return (req: IncomingMessage, res: ServerResponse) => {
    if (!pages(req, res) && !zipCheck(req, res)) void app(req, res);
  };
}

/**
 * The app's HTTP server: Node's server whose responses write the app's security headers in one flat list with each
 * answer's own (security-headers.ts, SecureServerResponse; decision 924).
 */
export function createAppServer(listener: (req: IncomingMessage, res: ServerResponse) => void) {
  return createServer({ ServerResponse: SecureServerResponse }, listener);
}
