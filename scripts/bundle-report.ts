// Prints the bundle report of the last build (npm run build): the biggest chunks and, in each, the biggest modules,
// grouped by package. Usage: npx tsx scripts/bundle-report.ts [chunks=12] [modules=8]
import { readFileSync } from 'node:fs';
import type { BundleReport } from './vite-bundle-report';

const [chunkCount = 12, moduleCount = 8] = process.argv.slice(2).map(Number);
const report = JSON.parse(readFileSync('dist/web/.vite/bundle-report.json', 'utf8')) as BundleReport;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const packageOf = (id: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? id;

for (const chunk of report.chunks.slice(0, chunkCount)) {
  console.log(
    `${chunk.file}${chunk.isEntry ? ' (entry)' : ''}: ${kb(chunk.bytes)} rendered (before minifying)`,
  );
  const byPackage = new Map<string, number>();
  for (const m of chunk.modules)
    byPackage.set(packageOf(m.id), (byPackage.get(packageOf(m.id)) ?? 0) + m.bytes);
  for (const [name, bytes] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, moduleCount))
    console.log(`  ${kb(bytes).padStart(9)}  ${name}`);
}
