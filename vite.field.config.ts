import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { FIELD_MANIFEST, fieldPwa } from './scripts/vite-field-pwa';
import { precompress } from './scripts/vite-precompress';

// The technician's installable app (issue 26, docs/decisions/1175), built after the web app (`npm run build`) into the
// same folder but as a build of its own: its chunks do not reshape the owner app's or the public pages' islands (whose
// byte budgets e2e/bundle-budget.spec.ts holds), and its first load is only what it uses (≤ 120 KB gzipped).
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));

export default defineConfig({
  root: 'src/web',
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  // The PWA plugin writes sw.js and the web app manifest before precompress copies them.
  plugins: [react(), tailwindcss(), ...fieldPwa(outDir), precompress()],
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
    // Every browser the field app supports preloads modules itself: the polyfill would be 0.6 KB more.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { field: fileURLToPath(new URL('./src/web/field/index.html', import.meta.url)) },
    },
  },
});
