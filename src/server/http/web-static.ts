import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { isKnownAppPath } from '../../shared/routes';
import type { AppEnv } from './context';

/** Serves the built web app: assets as files, the spec's routes as index.html, anything else as a logged 404. */
export function mountWebApp(app: Hono<AppEnv>, distDir: string) {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) throw new Error(`The web app is not built (${indexPath} is missing). Run: npm run build`);
  const indexHtml = readFileSync(indexPath, 'utf8');

  app.use(
    '/assets/*',
    serveStatic({
      root: distDir,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  // Other public files (favicon, robots…) are served only for paths that name a file.
  const publicFiles = serveStatic({ root: distDir });
  app.use('*', (c, next) => (/\/[^/]+\.[a-z0-9]+$/i.test(c.req.path) ? publicFiles(c, next) : next()));
  app.get('*', (c) => {
    if (isKnownAppPath(c.req.path)) return c.html(indexHtml);
    console.warn(`404 ${c.req.method} ${c.req.path}`);
    return c.html(indexHtml, 404);
  });
}
