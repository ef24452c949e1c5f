// Prints the test files of vitest's `server` project that reach the database: those whose imports, followed through
// the repository's own modules, arrive at src/server/db/client.ts (every test database is opened through it, by
// harness.ts or directly). CI runs the suite on PGlite, then only these files again on PostgreSQL: a file that never
// opens a database proves nothing more the second time (docs/decisions/1205).
//
//   npx tsx scripts/database-tests.ts            one path a line
//   npx tsx scripts/database-tests.ts --others   the files left out
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DATABASE_CLIENT = 'src/server/db/client.ts';

/** The server project's files (vitest.config.ts: src/**\/*.test.ts and scripts/**\/*.test.ts). */
export function serverTestFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir))) {
      if (name === 'node_modules') continue;
      const path = join(dir, name);
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (name.endsWith('.test.ts')) found.push(path);
    }
  };
  walk('src');
  walk('scripts');
  return found.sort();
}

const TYPE_ONLY_IMPORT = /^\s*(?:import|export)\s+type\s[^;]*?\bfrom\s*['"][^'"]+['"];?/gm;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)['"]([^'"]+)['"]/g;

function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('.')) base = join(dirname(from), specifier);
  else if (specifier.startsWith('@/')) base = join('src', specifier.slice(2));
  else return undefined; // a package
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (/\.tsx?$/.test(candidate) && existsSync(join(root, candidate))) return candidate;
  }
  // `./x.js` written for `./x.ts`
  const ts = base.replace(/\.js$/, '.ts');
  return existsSync(join(root, ts)) ? ts : undefined;
}

const reaches = new Map<string, boolean>();

/** Whether `file` imports, directly or through the repository's modules, the database client. */
export function reachesDatabase(file: string, seen = new Set<string>()): boolean {
  if (file === DATABASE_CLIENT) return true;
  const known = reaches.get(file);
  if (known !== undefined) return known;
  if (seen.has(file)) return false;
  seen.add(file);
  // A type-only import (`import type …`, `export type … from`) runs nothing: it does not reach the database.
  const source = readFileSync(join(root, file), 'utf8').replace(TYPE_ONLY_IMPORT, '');
  let result = false;
  for (const [, specifier] of source.matchAll(SPECIFIER)) {
    const target = resolveImport(file, specifier!);
    if (target && reachesDatabase(target, seen)) {
      result = true;
      break;
    }
  }
  // A file cut short by a cycle may be answered again from its other paths: only a found path is remembered.
  if (result) reaches.set(file, true);
  return result;
}

/**
 * A file that runs both databases itself (the backup round trip and db:move make their own PGlite and PostgreSQL
 * databases) says so with this marker: the second pass leaves it out instead of running it to skip every test.
 */
export const COVERS_BOTH_DATABASES = '@covers-both-databases';

/** The files CI runs again on PostgreSQL: those that reach the database, less those that cover both themselves. */
export function secondPassFiles(): string[] {
  return serverTestFiles().filter(
    (f) => reachesDatabase(f) && !readFileSync(join(root, f), 'utf8').includes(COVERS_BOTH_DATABASES),
  );
}

if (process.argv[1] && relative(root, process.argv[1]).startsWith('scripts/database-tests')) {
  const others = process.argv.includes('--others');
  const second = new Set(secondPassFiles());
  const files = serverTestFiles().filter((f) => second.has(f) !== others);
  console.log(files.join('\n'));
}
