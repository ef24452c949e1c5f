// Vite plugin: writes the bundle report, dist/web/.vite/bundle-report.json — for every chunk, its size and the
// modules in it with their minified size (largest first). `npx tsx scripts/bundle-report.ts` prints it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

export interface BundleReport {
  chunks: {
    file: string;
    isEntry: boolean;
    bytes: number;
    imports: string[];
    modules: { id: string; bytes: number }[];
  }[];
}

export function bundleReport(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'shineroute-bundle-report',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      root = join(config.root, '..', '..');
    },
    generateBundle(_options, bundle) {
      const report: BundleReport = { chunks: [] };
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        report.chunks.push({
          file: item.fileName,
          isEntry: item.isEntry,
          bytes: item.code.length,
          imports: item.imports,
          modules: Object.entries(item.modules)
            .map(([id, m]) => ({ id: relative(root, id.replace(/^\0/, '')), bytes: m.renderedLength }))
            .filter((m) => m.bytes > 0)
            .sort((a, b) => b.bytes - a.bytes),
        });
      }
      report.chunks.sort((a, b) => b.bytes - a.bytes);
      mkdirSync(join(outDir, '.vite'), { recursive: true });
      writeFileSync(join(outDir, '.vite', 'bundle-report.json'), JSON.stringify(report, null, 1));
    },
  };
}
