import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// One module for each thing (issue 23, decision 0975): these rules keep a second way from growing back in src/.
// Test files are not checked: they may compute an expected value the old way to prove the helper gives the same text.

type Rule = {
  name: string;
  pattern: RegExp;
  /** Where the pattern is the rule's own module, or a line that matches without being what the rule is about. */
  allowed: Array<{ file: string; line?: string; why: string }>;
  /** A line the rule must reject, so that the rule is shown to work. */
  rejects: string;
  /** The folder the rule is about, when it is not all of src/ (its example is checked as a file there). */
  under?: string;
  /** Lines a match may take from where it starts: the formatter wraps a long arrow after its `=>`. */
  span?: number;
};

const RULES: Rule[] = [
  {
    name: 'money is formatted by formatMoney / formatCents (src/shared/money.ts), not toFixed(2)',
    pattern: /toFixed\(2\)/,
    allowed: [
      {
        file: 'src/server/features/invoices/document-render.ts',
        line: 'formatQuantity',
        why: 'a quantity, not money',
      },
      {
        file: 'src/server/features/invoices/document-render.ts',
        line: 'formatRate',
        why: 'a tax rate, not money',
      },
      {
        file: 'src/shared/timesheets.ts',
        line: 'decimalHours',
        why: 'hours worked (payroll CSV), not money',
      },
      {
        file: 'src/web/features/analytics/owner-analytics-page.tsx',
        line: 'r.rating.toFixed(2)',
        why: 'an average star rating in the ratings CSV, not money',
      },
    ],
    rejects: 'const price = (s.basePriceCents / 100).toFixed(2);',
  },
  {
    name: 'HTML is escaped by escapeHtml from src/shared/html.ts, defined nowhere else',
    pattern: /(?:function|const|let|var)\s+escape(?:Html|HTML)\b/,
    allowed: [{ file: 'src/shared/html.ts', why: 'the module itself' }],
    rejects: "export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;');",
  },
  {
    name: 'a CSV import answers on the routes csvImportRoutes builds (src/server/features/data-transfer/csv-import.routes.ts)',
    pattern: /path:\s*['"`][^'"`]*\/import(?:\/preview)?['"`]/,
    allowed: [{ file: 'src/server/features/data-transfer/csv-import.routes.ts', why: 'the factory itself' }],
    rejects: "  path: '/import/preview',",
  },
  {
    name: 'web query keys come from src/web/lib/query-keys.ts, never a literal (decision 1121)',
    pattern: /(?:queryKey:\s*|pagedListOptions\(|useRemote\(|invalidateRemote\()\[\s*['"`]/,
    allowed: [],
    rejects: "onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bookings'] }),",
  },
  {
    name: 'dates are shown by src/shared/time.ts (formatDate / formatTime / formatCalendarDate) in en-US, never in the viewer’s locale',
    // A number's toLocaleString() is no date; a date's is caught with the viewer's locale `[]`.
    pattern: /toLocale(?:Date|Time)String\(\s*(?:\)|\[\]|undefined)|toLocaleString\(\s*\[\]/,
    allowed: [],
    rejects: 'Created {new Date(c.createdAt).toLocaleDateString()}',
  },
  {
    name: 'a screen shows a date by calling formatDate / formatDateTime / formatTime / formatCalendarDate (src/shared/time.ts) where it shows it, not through a local wrapper (decision 1367)',
    // A declaration whose body is one call to a shared date formatter, on its line or the next.
    pattern:
      /^\s*(?:export\s+)?(?:const|function)\s+\w+\s*=?\s*\([^)]*\)\s*(?::\s*string\s*)?(?:=>|\{\s*return)\s*\(?(?:\w+\s*\?\s*)?format(?:Date|DateTime|Time|CalendarDate)\(/,
    span: 2,
    under: 'src/web/',
    allowed: [
      {
        file: 'src/web/features/admin-users/account-badges.tsx',
        why: "the admin accounts screens' one choice of the viewer's zone (decision 1163), shared by its lists",
      },
      {
        file: 'src/web/features/outbox/outbox-message-dialog.tsx',
        why: "the outbox screens' one choice of the viewer's zone (decision 1163), shared by the list and the dialog",
      },
      {
        file: 'src/web/features/analytics/analytics-charts.tsx',
        why: 'a chart axis label, handed to recharts as a function',
      },
      {
        file: 'src/web/features/analytics/owner-analytics-charts.tsx',
        why: 'chart axis labels, handed to recharts as functions',
      },
    ],
    rejects:
      'const dateText = (iso: string, timeZone: string) =>\n  formatDate(iso, timeZone, { weekday: false, year: false });',
  },
  {
    name: 'a calendar date is read by parseCalendarDate (src/shared/time.ts), not by gluing a time to it',
    pattern: /\}T\d{2}:\d{2}|['"]T\d{2}:\d{2}/,
    allowed: [{ file: 'src/shared/time.ts', why: 'the module itself' }],
    rejects: "const date = new Date(expiryDate + 'T12:00:00Z');",
  },
  {
    name: "owner screens show instants in the business's time zone (useBusinessTimeZone), the viewer's only on platform-admin screens (decision 1163)",
    // The device's zone read straight from Intl is the same thing under another name.
    pattern: /viewerTimeZone\(\)|resolvedOptions\(\)\.timeZone/,
    allowed: [
      { file: 'src/shared/date-labels.ts', why: 'the function itself' },
      {
        file: 'src/web/features/analytics/owner-analytics-page.tsx',
        why: "the period presets' today until the figures bring the business's zone with them",
      },
      {
        file: 'src/web/features/admin-users/account-badges.tsx',
        why: 'platform admin: accounts of every business',
      },
      {
        file: 'src/web/features/verification/admin-verifications-page.tsx',
        why: 'platform admin: every business',
      },
      {
        file: 'src/web/features/platform-settings/platform-settings-page.tsx',
        why: 'platform admin: the platform',
      },
      { file: 'src/web/features/outbox/outbox-message-dialog.tsx', why: 'platform admin: every business' },
      {
        file: 'src/web/features/field/field-range.ts',
        why: "the field app offline before its first sync: the phone's zone until the jobs bring the business's",
      },
    ],
    rejects: 'const when = (iso: string) => formatDateTime(iso, viewerTimeZone(), { year: false });',
  },
  {
    name: "a queue handler is registered only by src/server/jobs/workers.ts, from the features' *.workers.ts lists (decision 1162)",
    pattern: /\.work\s*(?:<[^>]*>)?\s*\(/,
    allowed: [
      { file: 'src/server/jobs/workers.ts', why: 'the one place handlers are registered' },
      {
        file: 'src/server/jobs/queue.ts',
        line: 'boss.work',
        why: 'the queue itself, handing the handler to pg-boss',
      },
    ],
    rejects: 'await queue.work<{ sessionId: string }>(INVOICE_SETTLE_JOB, async ({ sessionId }) => {',
  },
  {
    name: "a message a write implies is a row written in the write's transaction (queueTransactionalEmail / queueTransactionalSms), delivered after the commit by deliverQueued: no send-now helper (decision 1331)",
    pattern:
      /\b(?:send|deliver)(?:Transactional(?:Email|Sms)?|AfterCommit|Now)\s*[(<]|\bfunction\s+(?:send|deliver)(?:Transactional\w*|AfterCommit)\b/,
    allowed: [],
    rejects:
      "  await sendTransactional(deps, { businessId, kind: 'receipt', dedupeKey, channel: 'email', to, body });",
  },
  {
    name: 'only the delivery path calls a mail or SMS provider: message-delivery.ts for message rows, platform-email.ts for platform emails (decision 1331)',
    pattern: /\b(?:mailer|sms|smsOf\([^)]*\))\.send\(/,
    allowed: [
      { file: 'src/server/features/campaigns/message-delivery.ts', why: 'the delivery of message rows' },
      {
        file: 'src/server/features/campaigns/platform-email.ts',
        why: 'platform emails, no business to own a row',
      },
      { file: 'src/server/auth/auth.ts', why: "better-auth's own verification and reset emails" },
    ],
    rejects: '    .then((rendered) => deps.mailer.send({ to: business.ownerEmail, ...rendered }))',
  },
  {
    name: "a table's header row is TableHead (src/web/components/ui/table-head.tsx), not a hand-styled <thead> or <th>",
    pattern: /<(?:thead|th)[\s>]/,
    // The server's HTML (invoice documents, public SEO pages) has its own print and page styles.
    under: 'src/web/',
    allowed: [{ file: 'src/web/components/ui/table-head.tsx', why: 'the component itself' }],
    rejects: '<thead className="text-slate-600">',
  },
  {
    name: 'a value settles through useDebouncedValue (src/web/lib/use-debounced-value.ts), defined nowhere else',
    pattern: /(?:function|const|let)\s+useDebounce\w*\b/,
    allowed: [{ file: 'src/web/lib/use-debounced-value.ts', why: 'the hook itself' }],
    rejects: 'function useDebounced<T>(value: T, ms: number): T {',
  },
  {
    name: "a chart's short money label is formatCentsShort (src/shared/money-axis.ts), no local dollars helper",
    // A helper that takes cents and gives text; parsers of typed dollars (dollarsToCents, form schemas) are not it.
    pattern: /(?:function|const|let)\s+dollars\w*\s*(?:=\s*)?\(\s*cents\b/,
    allowed: [],
    rejects: 'const dollarsShort = (cents: number) => `$${Math.round(cents / 100)}`;',
  },
  {
    name: 'typed dollars are read by dollarsToCents (src/shared/money.ts) and typed percent by percentToBps (src/shared/percent.ts), no second parser',
    // The two-decimal amount's pattern, or the float multiply a hand-made parser rounds (decision 1367).
    pattern: /\((?:\?:)?\\\.\\d\{[01],2\}\)\?|Math\.round\(\s*(?:Number|parseFloat)\([^)]*\)\s*\*\s*100\s*\)/,
    allowed: [
      { file: 'src/shared/money.ts', why: 'the dollar parser itself' },
      { file: 'src/shared/percent.ts', why: 'the percent parser itself' },
    ],
    rejects: String.raw`const dollarsText = (t: string) => (/^\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : NaN);`,
  },
  {
    name: 'a rate is shown by formatPercent (src/shared/percent.ts), not by multiplying it on the spot',
    pattern: /\*\s*100\)?\.toFixed\(|\*\s*1000\)\s*\/\s*10\}?%|\*\s*100\)\}%/,
    allowed: [{ file: 'src/shared/percent.ts', why: 'the function itself' }],
    rejects: "const conversion = (t.zipCheckConversion * 100).toFixed(1) + '%';",
  },
];

const ROOT = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function violations(rule: Rule, files: Array<{ file: string; text: string }>): string[] {
  return files.flatMap(({ file, text }) =>
    rule.under && !file.startsWith(rule.under)
      ? []
      : text.split('\n').flatMap((line, i, lines) => {
          if (!rule.pattern.test(rule.span ? lines.slice(i, i + rule.span).join('\n') : line)) return [];
          // The formatter may wrap a statement: the allowed marker counts on the line or the two before it.
          const context = lines.slice(Math.max(0, i - 2), i + 1).join('\n');
          const ok = rule.allowed.some(
            (a) => a.file === file && (a.line === undefined || context.includes(a.line)),
          );
          return ok ? [] : [`${file}:${i + 1}: ${line.trim()}`];
        }),
  );
}

const files = sourceFiles(join(ROOT, 'src')).map((path) => ({
  file: relative(ROOT, path).split('\\').join('/'),
  text: readFileSync(path, 'utf8'),
}));

describe('one way to do each thing', () => {
  it.each(RULES.map((r) => [r.name, r] as const))('%s', (_name, rule) => {
    expect(violations(rule, files)).toEqual([]);
  });

  it.each(RULES.map((r) => [r.name, r] as const))('rejects an example: %s', (_name, rule) => {
    const file = `${rule.under ?? 'src/'}example.tsx`;
    expect(violations(rule, [{ file, text: rule.rejects }])).toHaveLength(1);
  });
});

describe('jobs are registered one way (decision 1162)', () => {
  const workersFile = files.find((f) => f.file === 'src/server/jobs/workers.ts')!;
  const featureImports = [...workersFile.text.matchAll(/from '\.\.\/(features\/[^']+)'/g)].map(
    (m) => `src/server/${m[1]}`,
  );

  it('src/server/jobs/workers.ts imports features only through their <feature>.workers.ts lists', () => {
    expect(
      featureImports.filter((path) => !/^src\/server\/features\/[^/]+\/[^/]+\.workers$/.test(path)),
    ).toEqual([]);
  });

  it("every feature's *.workers.ts is listed in src/server/jobs/workers.ts", () => {
    const listFiles = files.map((f) => f.file).filter((f) => f.endsWith('.workers.ts'));
    expect(listFiles.length).toBeGreaterThan(0);
    expect(listFiles.map((f) => f.replace(/\.ts$/, '')).sort()).toEqual([...featureImports].sort());
  });

  it("a feature's workers list is exported only from its <feature>.workers.ts", () => {
    const strays = files.filter(
      ({ file, text }) => /^export const \w+Workers\b/m.test(text) && !file.endsWith('.workers.ts'),
    );
    expect(strays.map((f) => f.file)).toEqual([]);
  });
});

describe('e2e screenshots are saved one way', () => {
  const e2e = readdirSync(join(ROOT, 'e2e'))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ file: `e2e/${name}`, text: readFileSync(join(ROOT, 'e2e', name), 'utf8') }));
  const takes = (text: string) => /\.screenshot\(/.test(text);

  it('every journey saves its screens through shot() of e2e/screenshot.ts (one folder, one naming)', () => {
    expect(e2e.length).toBeGreaterThan(30);
    expect(e2e.filter((f) => f.file !== 'e2e/screenshot.ts' && takes(f.text)).map((f) => f.file)).toEqual([]);
  });

  it('rejects an example: a journey calling page.screenshot itself', () => {
    expect(takes("await page.screenshot({ path: 'test-results/screenshots/home-390.png' });")).toBe(true);
  });
});
