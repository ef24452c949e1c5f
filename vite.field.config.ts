import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { FIELD_MANIFEST, fieldPwa } from './scripts/vite-field-pwa';
import { precompress } from './scripts/vite-precompress';

// The technician's installable app (issue 26, docs/decisions/1175), built after the web app (`npm run build`) into the
// same folder but as a build of its own: its chunks do not reshape the owner app's or the public pages' islands (whose
// byte budgets e2e/bundle-budget.spec.ts holds), and its first load is only what it uses (≤ 120 KB gzipped).
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));

/**
 * The page preloads the app's chunk (and what it imports), which its small entry imports dynamically: that code
 * downloads while the entry asks for Today's reads, not after it (docs/decisions/1330).
 */
function preloadAppChunk(): Plugin {
  return {
    name: 'field-preload-app-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return [];
        const files = new Set<string>();
        const visit = (file: string) => {
          const out = bundle[file];
          if (out?.type !== 'chunk' || files.has(file) || file === chunk.fileName) return;
          files.add(file);
          for (const imported of out.imports) visit(imported);
        };
        for (const file of chunk.dynamicImports) {
          const out = bundle[file];
          if (out?.type === 'chunk' && out.facadeModuleId?.endsWith('/field/start.tsx')) visit(file);
        }
        return [...files].map(
          (file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          }),
        );
      },
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  // The PWA plugin writes sw.js and the web app manifest before precompress copies them.
  plugins: [react(), tailwindcss(), preloadAppChunk(), ...fieldPwa(outDir), precompress()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Dexie's ES2018 build, not its ES5 UMD wrapped for require(): 1.3 KB less on the first load.
      dexie: fileURLToPath(new URL('./node_modules/dexie/dist/modern/dexie.mjs', import.meta.url)),
    },
  },
  build: {
    outDir,
    // The web app's build is already there.
    emptyOutDir: false,
    manifest: FIELD_MANIFEST,
    // The page preloads the app's chunks itself (preloadAppChunk): Vite's preload helper, which the entry would carry
    // for its dynamic imports, would be 1 KB more; a lazy screen's chunk fetches its imports as the browser reads them.
    modulePreload: false,
    rollupOptions: {
      input: { field: fileURLToPath(new URL('./src/web/field/index.html', import.meta.url)) },
    },
  },
});
