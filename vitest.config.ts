import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './src/server/test/sequencer';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker per core: vitest's default for `run` is cores − 1, one file at a time on a 2-core machine, while a
    // file mostly waits on its own single-threaded PGlite (docs/decisions/0408).
    maxWorkers: 2,
    // A worker runs its files one after another in one process: the app, better-auth, pdfmake and PGlite's compiled
    // WebAssembly load once per worker, not once per file. On PGlite the files reuse the worker's database, reset to the
    // migrated state between them (harness.ts, docs/decisions/1359); no module keeps state that is not per app or per
    // database; a file that needs vi.mock or vi.stubEnv must not share a worker (docs/decisions/0408).
    isolate: false,
    // Stubs made with vi.stubEnv / vi.stubGlobal are undone after each test, so they cannot reach the next file.
    unstubEnvs: true,
    unstubGlobals: true,
    sequence: { sequencer: LongestFirstSequencer },
    // Two projects (docs/decisions/1155): the API, shared and script tests in node with the migrated database; the web
    // components' tests (*.test.tsx) in happy-dom, without the database's global setup.
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['src/server/test/setup.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.tsx'],
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
          setupFiles: ['src/server/test/setup.ts', 'src/web/test/setup.ts'],
        },
      },
    ],
  },
});
