import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleReport } from './scripts/vite-bundle-report';
import { precompress } from './scripts/vite-precompress';

// The web app lives in src/web; the API runs beside it (see scripts/dev.ts), proxied under /api in dev.
export default defineConfig({
  root: 'src/web',
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  plugins: [react(), tailwindcss(), bundleReport(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // The manifest names each module's chunk: the bundle budget test (e2e/bundle-budget.spec.ts) reads it.
  // Besides the web app (index.html), the islands of the server-rendered public pages (docs/decisions/0910).
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
        'public-page': fileURLToPath(new URL('./src/web/islands/public-page.ts', import.meta.url)),
        landing: fileURLToPath(new URL('./src/web/islands/landing.ts', import.meta.url)),
        book: fileURLToPath(new URL('./src/web/islands/book.tsx', import.meta.url)),
        contact: fileURLToPath(new URL('./src/web/islands/contact.ts', import.meta.url)),
        auth: fileURLToPath(new URL('./src/web/islands/auth.ts', import.meta.url)),
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}`,
      '/seo': `http://127.0.0.1:${process.env.API_PORT ?? 3001}`,
      // The built-in test checkout's hosted page is rendered by the API server.
      '/checkout': `http://127.0.0.1:${process.env.API_PORT ?? 3001}`,
      // The customer's quote and invoice pages (server-rendered).
      '/quote/': `http://127.0.0.1:${process.env.API_PORT ?? 3001}`,
      '/pay/': `http://127.0.0.1:${process.env.API_PORT ?? 3001}`,
    },
  },
});
