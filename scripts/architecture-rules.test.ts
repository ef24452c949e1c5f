import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// `npm run check` rejects what the architecture rules forbid (decision 1115): small examples of each violation are
// written into the source tree under names of their own, checked by the same tools and rules, and removed again.

const root = join(import.meta.dirname, '..');
const tag = `zz-rule-example-${process.pid}`;
const written: string[] = [];

function example(path: string, text: string) {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  const parts = path.split('/');
  written.push(parts.slice(0, parts.findIndex((part) => part.includes(tag)) + 1).join('/'));
  return path;
}

function run(tool: 'depcruise' | 'biome', args: string[]) {
  const result = spawnSync(join(root, 'node_modules/.bin', tool), args, { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

afterEach(() => {
  for (const path of written.splice(0)) rmSync(join(root, path), { recursive: true, force: true });
});

// Each example runs a real tool in a process of its own: on a loaded two-core machine that takes longer than a test's
// usual 30 s.
describe('npm run check', { timeout: 120_000 }, () => {
  it('runs the typecheck, biome check (lint and format) and the boundaries', () => {
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
    expect(scripts.check).toBe('npm run typecheck && npm run lint && npm run check:boundaries');
    expect(scripts.lint).toBe('biome check --error-on-warnings .');
    expect(scripts['check:boundaries']).toContain('depcruise src --config .dependency-cruiser.cjs');
  });

  it('rejects an import circle, feature-to-feature web imports, upward and cross-feature server imports', () => {
    const server = `src/server/${tag}`;
    example(`${server}/one.ts`, "import { two } from './two';\n\nexport const one = () => two();\n");
    example(`${server}/two.ts`, "import { one } from './one';\n\nexport const two = (): number => one();\n");
    const a = `src/web/features/${tag}-a`;
    const b = `src/web/features/${tag}-b`;
    example(`${b}/b.ts`, 'export const b = 1;\n');
    example(`${a}/a.ts`, `import { b } from '../${tag}-b/b';\n\nexport const a = b;\n`);
    const infra = example(
      `src/server/http/${tag}/uses-feature.ts`,
      "import { getUserRole } from '../../features/profiles/profiles.service';\n\nexport const role = getUserRole;\n",
    );
    const feature = example(
      `src/server/features/${tag}/uses-routes.ts`,
      "import { servicesApi } from '../services/services.routes';\n\nexport const api = servicesApi;\n",
    );
    const shared = example(
      `src/shared/${tag}/uses-server.ts`,
      "import { MAX_BODY_BYTES } from '../../server/http/body-limits';\n\nexport const max = MAX_BODY_BYTES;\n",
    );
    // One run over every example (the tool's start-up is most of its time).
    const { status, output } = run('depcruise', [
      server,
      a,
      infra,
      feature,
      shared,
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err',
    ]);
    expect(status).not.toBe(0);
    expect(output).toContain(`error no-circular: ${server}/one.ts`);
    expect(output).toContain(`error web-feature-to-web-feature: ${a}/a.ts → ${b}/b.ts`);
    expect(output).toContain(`error infrastructure-imports-no-feature: ${infra}`);
    expect(output).toContain(`error server-feature-internals: ${feature}`);
    expect(output).toContain(`error shared-stands-alone: ${shared}`);
  });

  it('passes an import of another feature through its service module', () => {
    const feature = example(
      `src/server/features/${tag}/uses-service.ts`,
      "import { getUserRole } from '../profiles/profiles.service';\n\nexport const role = getUserRole;\n",
    );
    const { status, output } = run('depcruise', [
      feature,
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err',
    ]);
    expect(output).toContain('no dependency violations found');
    expect(status).toBe(0);
  });

  it('rejects process.env read outside src/server/env.ts', () => {
    const file = example(`src/server/${tag}/reads-env.ts`, 'export const port = process.env.PORT;\n');
    const { status, output } = run('biome', ['check', file]);
    expect(status).not.toBe(0);
    expect(output).toContain('lint/style/noProcessEnv');
    expect(run('biome', ['check', 'src/server/env.ts']).status).toBe(0);
  });

  it('fails on a warning too (an unused import), as npm run lint runs it', () => {
    const file = example(
      `src/server/${tag}/unused-import.ts`,
      "import { join } from 'node:path';\n\nexport const one = 1;\n",
    );
    const { status, output } = run('biome', ['check', '--error-on-warnings', file]);
    expect(status).not.toBe(0);
    expect(output).toContain('lint/correctness/noUnusedImports');
  });

  it('rejects an unformatted file', () => {
    const file = example(`src/server/${tag}/unformatted.ts`, 'export const total = {cents:100,  tip :0};\n');
    const { status, output } = run('biome', ['check', file]);
    expect(status).not.toBe(0);
    expect(output).toContain('format');
  });
});
