import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStaticFiles, pickEncoding, staticFileOf } from './web-static';

const page = staticFileOf('<p>hello</p>'.repeat(200), 'text/html; charset=utf-8', 'no-cache');

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, else sends the file as it is', () => {
    expect(pickEncoding('gzip, deflate, br, zstd', page)).toBe('br');
    expect(pickEncoding('gzip', page)).toBe('gzip');
    expect(pickEncoding('*', page)).toBe('gzip');
    expect(pickEncoding('identity', page)).toBeUndefined();
    expect(pickEncoding(undefined, page)).toBeUndefined();
  });

  it('honours q=0 as a refusal', () => {
    expect(pickEncoding('br;q=0, gzip;q=0.5', page)).toBe('gzip');
    expect(pickEncoding('br;q=0.0, gzip; q=0', page)).toBeUndefined();
  });

  it('sends tiny files plain: compressing would not make them smaller', () => {
    const tiny = staticFileOf('x', 'text/plain', 'no-cache');
    expect(tiny.br).toBeUndefined();
    expect(tiny.gzip).toBeUndefined();
    expect(pickEncoding('br, gzip', tiny)).toBeUndefined();
  });
});

describe('loadStaticFiles', () => {
  it("revalidates the field app's service worker and manifest on every load and types the manifest", () => {
    const dir = mkdtempSync(join(tmpdir(), 'web-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"ShineRoute Field"}');
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    writeFileSync(join(dir, 'assets', 'index-abc.js'), 'export {};');
    const files = loadStaticFiles(dir);
    expect(files.get('/sw.js')).toMatchObject({
      cacheControl: 'no-cache',
      type: 'text/javascript; charset=utf-8',
    });
    expect(files.get('/manifest.webmanifest')).toMatchObject({
      cacheControl: 'no-cache',
      type: 'application/manifest+json',
    });
    expect(files.get('/favicon.svg')?.cacheControl).toBe('public, max-age=3600');
    expect(files.get('/assets/index-abc.js')?.cacheControl).toBe('public, max-age=31536000, immutable');
  });
});
