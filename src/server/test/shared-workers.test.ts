import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Test files share worker processes (vitest `isolate: false`, docs/decisions/0408): a module mock made by one file
// would stay in the module registry for the files after it. Env and global stubs are undone after each test
// (`unstubEnvs`, `unstubGlobals`), spies by setup.ts; module mocks have no such reset, so no file may make one.
const roots = ['../../', '../../../scripts/'].map((r) => fileURLToPath(new URL(r, import.meta.url)));
const MODULE_MOCK = /\bvi\s*\.\s*(mock|doMock|unmock|doUnmock|resetModules|importMock)\s*\(/;

function testFiles(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.test.ts') && !f.includes('node_modules'))
    .map((f) => root + f);
}

describe('test files can share a worker', () => {
  it('finds the test files', () => {
    expect(testFiles(roots[0]!).length).toBeGreaterThan(50);
  });

  it('no test file mocks a module', () => {
    const mocking = roots.flatMap(testFiles).filter((file) => MODULE_MOCK.test(readFileSync(file, 'utf8')));
    expect(
      mocking,
      'module mocks leak between files that share a worker; pass the dependency in instead',
    ).toEqual([]);
  });
});
