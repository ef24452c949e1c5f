// Vite plugin: after the build, writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the
// output, so the server never compresses per request (src/server/http/web-static.ts picks one by Accept-Encoding).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'shineroute-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // After every other plugin's closeBundle (they run in parallel otherwise): the field build's service worker is
    // written there by vite-plugin-pwa, and a copy compressed before it would be served stale.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const path of files(outDir)) {
          if (!COMPRESSIBLE.test(path)) continue;
          // The field app's build (vite.field.config.ts) runs second into the same folder: what the first compressed
          // and has not changed since is left as it is.
          const br = `${path}.br`;
          if (existsSync(br) && statSync(br).mtimeMs >= statSync(path).mtimeMs) continue;
          const bytes = readFileSync(path);
          writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
          writeFileSync(
            `${path}.br`,
            brotliCompressSync(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
          );
        }
      },
    },
  };
}
