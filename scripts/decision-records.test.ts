import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The rules of docs/decisions/README.md ("Writing a new record"), checked on every `npm test`.

const DIR = fileURLToPath(new URL('../docs/decisions/', import.meta.url));
const INDEX = 'README.md';

/** What is wrong with a folder of records and its index; empty when nothing is. */
function recordProblems(records: ReadonlyMap<string, string>, index: string): string[] {
  const problems: string[] = [];
  const numbers = new Map<string, string>();
  for (const name of records.keys()) {
    const number = name.match(/^(\d+)-/)?.[1];
    if (!number || !/^\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/.test(name)) {
      problems.push(
        `${name}: the file name must be a 4-digit number and a kebab-case title (0123-some-title.md)`,
      );
    }
    if (number) {
      const other = numbers.get(number.padStart(4, '0'));
      if (other) problems.push(`${name}: number already used by ${other}`);
      numbers.set(number.padStart(4, '0'), name);
    }
  }
  const exists = (n: string) => numbers.has(n.padStart(4, '0'));

  const indexLines = index.split('\n');
  for (const [name, text] of records) {
    const header = text.split(/^## /m)[0] ?? '';
    const date = header.match(/^Date: (\d{4}-\d{2}-\d{2})\s*$/m);
    if (!date || Number.isNaN(Date.parse(date[1] ?? '')))
      problems.push(`${name}: no "Date: YYYY-MM-DD" line before its first section`);
    const status = header.match(/^Status: (.*?)\s*$/m)?.[1];
    const superseded = status?.match(/^superseded by (\d{4})$/)?.[1];
    const valid = status === 'accepted' || superseded !== undefined;
    if (!valid) {
      problems.push(
        `${name}: no "Status: accepted" or "Status: superseded by NNNN" line before its first section`,
      );
    }
    const own = name.slice(0, 4);
    const targets = [superseded, ...[...header.matchAll(/^Amended by (\d{4}):/gm)].map((m) => m[1])];
    for (const target of targets) {
      if (target === undefined) continue;
      if (target === own) problems.push(`${name}: names itself as its successor`);
      else if (!exists(target)) problems.push(`${name}: record ${target} does not exist`);
    }
    const rows = indexLines.filter((line) => line.includes(`(${name})`));
    if (rows.length === 0) problems.push(`${name}: not listed in ${INDEX}`);
    else if (valid && status && !rows.some((row) => row.includes(status))) {
      problems.push(`${name}: ${INDEX} does not show its status "${status}"`);
    }
  }
  for (const [, link] of index.matchAll(/\]\(([^)/]+\.md)\)/g)) {
    if (link && link !== INDEX && !records.has(link))
      problems.push(`${INDEX}: links to ${link}, which does not exist`);
  }
  return problems;
}

function readRecords(): Map<string, string> {
  const names = readdirSync(DIR).filter((name) => name.endsWith('.md') && name !== INDEX);
  return new Map(names.sort().map((name) => [name, readFileSync(`${DIR}${name}`, 'utf8')]));
}

describe('decision records', () => {
  it('each has a 4-digit name, a Date and Status header, existing successors, and a row in the index', () => {
    expect(recordProblems(readRecords(), readFileSync(`${DIR}${INDEX}`, 'utf8'))).toEqual([]);
  });

  describe('the check refuses', () => {
    const good = '# 0002 — Two\n\nDate: 2026-11-25\nStatus: accepted\n\n## Context\n';
    const index = (...names: string[]) =>
      names.map((n) => `| [${n.slice(0, 4)}](${n}) | x | accepted |`).join('\n');

    it('a folder that follows the rules (the baseline)', () => {
      expect(recordProblems(new Map([['0002-two.md', good]]), index('0002-two.md'))).toEqual([]);
    });

    it('a record without a Date or Status line', () => {
      const noDate = '# 0002 — Two\n\nStatus: accepted\n\n## Context\n';
      const noStatus = '# 0002 — Two\n\nDate: 2026-11-25\n\n## Context\nStatus: accepted\n';
      const badStatus = '# 0002 — Two\n\nDate: 2026-11-25\nStatus: proposed\n\n## Context\n';
      for (const text of [noDate, noStatus, badStatus]) {
        expect(recordProblems(new Map([['0002-two.md', text]]), index('0002-two.md'))).toHaveLength(1);
      }
    });

    it('a successor or amendment that does not exist', () => {
      const superseded = good.replace('Status: accepted', 'Status: superseded by 0003');
      expect(
        recordProblems(
          new Map([['0002-two.md', superseded]]),
          index('0002-two.md').replace('accepted', 'superseded by 0003'),
        ),
      ).toEqual(['0002-two.md: record 0003 does not exist']);
      const amended = good.replace('Status: accepted', 'Status: accepted\nAmended by 0009: more.');
      expect(recordProblems(new Map([['0002-two.md', amended]]), index('0002-two.md'))).toEqual([
        '0002-two.md: record 0009 does not exist',
      ]);
    });

    it('a file name that is not 4 digits', () => {
      expect(recordProblems(new Map([['002-two.md', good]]), index('002-two.md'))).toEqual([
        '002-two.md: the file name must be a 4-digit number and a kebab-case title (0123-some-title.md)',
      ]);
    });

    it('a record missing from the index, or shown there with another status', () => {
      expect(recordProblems(new Map([['0002-two.md', good]]), '')).toEqual([
        '0002-two.md: not listed in README.md',
      ]);
      expect(
        recordProblems(
          new Map([['0002-two.md', good]]),
          index('0002-two.md').replace('accepted', 'superseded'),
        ),
      ).toEqual(['0002-two.md: README.md does not show its status "accepted"']);
    });

    it('an index row for a record that does not exist', () => {
      expect(recordProblems(new Map([['0002-two.md', good]]), index('0002-two.md', '0003-gone.md'))).toEqual([
        'README.md: links to 0003-gone.md, which does not exist',
      ]);
    });
  });
});
