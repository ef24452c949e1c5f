import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isFieldPath, isKnownAppPath } from './routes';

// The server answers 404 to a path it does not know (src/server/http/web-static.ts), so a screen the web router has
// but this list lacks loads with a 404 status on a direct visit or a reload.
const routerSource = readFileSync(new URL('../web/router.tsx', import.meta.url), 'utf8');
// /book/:slug and a location's /book/:slug/:location are rendered by the server itself (src/server/server-rendered-pages.ts)
// before this check.
const SERVER_RENDERED = new Set(['*', '/book/:slug', '/book/:slug/:location']);
const routerPaths = [...routerSource.matchAll(/path: '([^']+)'/g)]
  .map((m) => m[1]!)
  .filter((p) => !SERVER_RENDERED.has(p));

describe('every screen of the web router is a known app path', () => {
  it('reads the router', () => {
    expect(routerPaths.length).toBeGreaterThan(30);
  });

  it.each(routerPaths)('%s', (path) => {
    expect(isKnownAppPath(path.replace(/:[A-Za-z]+/g, 'abc123'))).toBe(true);
  });

  it('an unknown path is not', () => {
    expect(isKnownAppPath('/admin/nothing-here')).toBe(false);
  });
});

describe('the field app paths', () => {
  it('are answered with the field app page, the rest is not', () => {
    for (const path of ['/field', '/field/', '/field/tomorrow', '/field/week', '/field/jobs/abc-123'])
      expect(isFieldPath(path)).toBe(true);
    for (const path of ['/fields', '/field/jobs/', '/field/jobs/a/b', '/bookings'])
      expect(isFieldPath(path)).toBe(false);
  });
});
