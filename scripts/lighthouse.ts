// Lighthouse (mobile preset: simulated slow 4G and a 4× slower CPU) on the public pages of a running server, with
// Debian's Chromium. Each page is measured `runs` times; the figures printed are the run with the median score.
// Usage: npx tsx scripts/lighthouse.ts [--base=http://localhost:3000] [--runs=3] [path ...]
// Without paths: /, /book, /book/{demo slug}, /auth, /for-detailers, /about, /contact and a /seo/{slug} page.
// scripts/bench.ts calls runLighthouse() for `npm run bench`.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface LighthouseFigures {
  path: string;
  /** Performance score 0–100 of the median run. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Every run's score, in order. */
  scores: number[];
}

/**
 * One Lighthouse run. A run whose trace Chrome failed to record (NO_NAVSTART and the like, seen on a busy machine) is
 * run again, at most twice: it measured nothing, so it is not a result to keep.
 */
async function measure(
  url: string,
  port: number,
  extraHeaders?: Record<string, string>,
  attempt = 1,
): Promise<NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(extraHeaders && { extraHeaders }),
  });
  const error = result?.lhr.runtimeError;
  if (result && !error) return result.lhr;
  if (attempt >= 3)
    throw new Error(`Lighthouse on ${url}: ${error?.code ?? 'no result'} ${error?.message ?? ''}`);
  console.warn(`Lighthouse on ${url}: ${error?.code ?? 'no result'}, measuring again`);
  return measure(url, port, extraHeaders, attempt + 1);
}

const median = <T>(items: T[], by: (t: T) => number) =>
  [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)]!;

/** The demo business's booking link and the first city page the sitemap lists (the seeded demo has both). */
export async function defaultPaths(baseUrl: string): Promise<string[]> {
  const sitemap = await fetch(new URL('/sitemap.xml', baseUrl))
    .then((r) => (r.ok ? r.text() : ''))
    .catch(() => '');
  // The demo's own city page is not in the sitemap while the demo business is unverified (decision 406).
  const seo =
    /<loc>[^<]*?(\/seo\/[^<]+)<\/loc>/.exec(sitemap)?.[1] ?? '/seo/lone-star-mobile-detailing-auto-detailing';
  return [
    '/',
    '/book',
    '/book/lone-star-mobile-detailing',
    '/auth',
    '/for-detailers',
    '/about',
    '/contact',
    seo,
  ];
}

/**
 * Runs Lighthouse `runs` times per path against `baseUrl` and returns the median run's figures per path.
 * `extraHeaders` go with every request (a session cookie, for a signed-in page such as /field).
 */
export async function runLighthouse(
  baseUrl: string,
  paths: string[],
  { runs = 3, extraHeaders }: { runs?: number; extraHeaders?: Record<string, string> } = {},
): Promise<LighthouseFigures[]> {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const figures: LighthouseFigures[] = [];
    for (const path of paths) {
      const results: Omit<LighthouseFigures, 'scores'>[] = [];
      for (let i = 0; i < runs; i++) {
        const lhr = await measure(new URL(path, baseUrl).href, chrome.port, extraHeaders);
        const { categories, audits } = lhr;
        results.push({
          path,
          score: Math.round((categories.performance?.score ?? 0) * 100),
          lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
          tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
          cls: Number((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
          fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? Number.NaN),
        });
      }
      figures.push({ ...median(results, (r) => r.score), scores: results.map((r) => r.score) });
    }
    return figures;
  } finally {
    chrome.kill();
  }
}

export function printLighthouse(figures: LighthouseFigures[]) {
  console.log('| page | performance (median) | runs | LCP | TBT | CLS | FCP |');
  console.log('|---|---|---|---|---|---|---|');
  for (const f of figures) {
    console.log(
      `| \`${f.path}\` | ${f.score} | ${f.scores.join(' · ')} | ${(f.lcpMs / 1000).toFixed(2)} s | ${f.tbtMs} ms | ${f.cls} | ${(f.fcpMs / 1000).toFixed(2)} s |`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const base = option('base') ?? process.env.LIGHTHOUSE_BASE_URL ?? 'http://localhost:3000';
  const paths = args.filter((a) => !a.startsWith('--'));
  const figures = await runLighthouse(base, paths.length ? paths : await defaultPaths(base), {
    runs: Number(option('runs') ?? 3),
  });
  printLighthouse(figures);
}
