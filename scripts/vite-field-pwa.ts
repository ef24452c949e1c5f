// The technician's installable app (issue 26, docs/decisions/1175): the web app manifest and a Workbox service worker
// that precaches only what /field needs to open with no network — the field app's page (field/index.html), its entry
// and lazy chunks with their imports — not the owner app, its screens or the public pages' islands.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

type ViteManifest = Record<
  string,
  { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; assets?: string[] }
>;

/** The field app's code in the build: its page's entry and lazy chunks and everything they import. */
export function fieldShellFiles(manifest: ViteManifest): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
    // Its lazy parts (the signature pad, sonner) are part of the shell: a job is signed with no network too.
    for (const lazy of chunk.dynamicImports ?? []) visit(lazy);
  };
  visit(FIELD_PAGE);
  return files;
}

export const FIELD_PAGE = 'field/index.html';
/** The field build's own chunk manifest, beside the web app's (.vite/ is not served). */
export const FIELD_MANIFEST = '.vite/field-manifest.json';

// The page itself (a manifest entry names its JS, not the HTML) and what the page and the manifest link.
// The plugin adds the web app manifest and its icons itself: listed twice, Workbox refuses to install.
const PUBLIC_FILES = /^(field\/index\.html|favicon\.svg)$/;

export function fieldPwa(outDir: string): Plugin[] {
  return VitePWA({
    strategies: 'generateSW',
    // The field app registers the worker itself (features/field/field-shell.tsx).
    injectRegister: false,
    registerType: 'autoUpdate',
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    includeAssets: [],
    manifest: {
      id: '/field',
      name: 'ShineRoute Field',
      short_name: 'ShineRoute',
      description: "Your day's detailing jobs, on your phone, with or without signal.",
      start_url: '/field',
      scope: '/field',
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#ffffff',
      theme_color: '#0f172a',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      manifestTransforms: [
        (entries) => {
          const shell = fieldShellFiles(
            JSON.parse(readFileSync(join(outDir, FIELD_MANIFEST), 'utf8')) as ViteManifest,
          );
          return { manifest: entries.filter((e) => shell.has(e.url) || PUBLIC_FILES.test(e.url)) };
        },
      ],
      // Every /field page opens from the precached field page; the rest of the site is not the worker's.
      navigateFallback: '/field/index.html',
      navigateFallbackAllowlist: [/^\/field(\/|$)/],
      inlineWorkboxRuntime: true,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
    },
  });
}
