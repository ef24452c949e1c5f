// The field app's figures (issue 26, docs/decisions/1175): `npm run bench -- --only=field-web`, each beside its goal.
//   - Lighthouse's mobile preset on /field signed in as the technician (goal ≥ 95);
//   - the gzipped JavaScript of its first load (Today), counted from what Chromium fetched (and from the built page;
//     goal ≤ 120 KB);
//   - a repeat open of Today with no network (from the service worker's cache and IndexedDB), median of 5 (goal < 1 s);
//   - a 4000×3000 camera JPEG downscaled by the app's own code (offline/downscale.ts) at Lighthouse's 4× CPU slowdown
//     (goal: ≤ 2048 px on the long side and ≤ 600 KB, within 2 s).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { buildSync } from 'esbuild';
import { chromium } from 'playwright-core';
import { runLighthouse } from './lighthouse';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];
const KB = 1024;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** Issue 26's goals for the field app. */
export const FIELD_GOALS = {
  lighthouse: 95,
  firstLoadKb: 120,
  offlineOpenMs: 1000,
  photoPx: 2048,
  photoKb: 600,
  photoMs: 2000,
} as const;
/** How every field figure ends: beside its goal, "within target" or "over". */
export const verdict = (ok: boolean) => (ok ? 'within target' : 'over');

/** The first load's scripts as the built page names them (entry and module preloads), gzipped at level 9. */
export function builtFirstLoadBytes(distDir = 'dist/web') {
  const html = readFileSync(`${distDir}/field/index.html`, 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  return files.reduce((sum, f) => sum + gzipSync(readFileSync(`${distDir}${f}`), { level: 9 }).length, 0);
}

export async function fieldWebFigures(
  url: string,
  technician: { email: string; password: string },
  report: (line: string) => void,
  { lighthouseRuns = 3 } = {},
) {
  const built = builtFirstLoadBytes() / KB;
  report(
    `Field app (/field): built first load ${built.toFixed(1)} KB gzipped JavaScript — goal ≤ ${FIELD_GOALS.firstLoadKb} KB: ${verdict(built <= FIELD_GOALS.firstLoadKb)}`,
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const signIn = await context.request.post(`${url}/api/auth/sign-in/email`, {
      data: technician,
      headers: { origin: new URL(url).origin },
    });
    if (!signIn.ok()) throw new Error(`technician sign-in failed: ${signIn.status()}`);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const [lh] = await runLighthouse(url, ['/field'], { runs: lighthouseRuns, extraHeaders: { cookie } });
    report(
      `  Lighthouse mobile, /field signed in: performance ${lh!.score} (runs ${lh!.scores.join(' · ')}), LCP ${(lh!.lcpMs / 1000).toFixed(2)} s, TBT ${lh!.tbtMs} ms — goal ≥ ${FIELD_GOALS.lighthouse}: ${verdict(lh!.score >= FIELD_GOALS.lighthouse)}`,
    );
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.url());
    });
    await page.goto(`${url}/field`);
    const today = page.getByRole('heading', { name: 'Today', level: 1 });
    await today.waitFor();
    await page.waitForLoadState('networkidle');
    let fetched = 0;
    for (const script of new Set(scripts)) {
      const body = await (await context.request.get(script)).body();
      fetched += gzipSync(body, { level: 9 }).length;
    }
    report(
      `  first load in Chromium: ${new Set(scripts).size} scripts, ${(fetched / KB).toFixed(1)} KB gzipped — goal ≤ ${FIELD_GOALS.firstLoadKb} KB: ${verdict(fetched / KB <= FIELD_GOALS.firstLoadKb)}`,
    );

    // Offline, opened again and again from the worker's cache: to Today's list (or its empty state) on screen.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 30_000,
    });
    await context.setOffline(true);
    const shown = page.locator('[data-testid="field-job"], :text("No jobs today")').first();
    const opens: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = Date.now();
      await page.reload();
      await today.waitFor();
      await shown.waitFor();
      opens.push(Date.now() - start);
    }
    report(
      `  repeat open of Today offline: median ${median(opens)} ms (runs ${opens.join(' · ')}) — goal < ${FIELD_GOALS.offlineOpenMs} ms: ${verdict(median(opens) < FIELD_GOALS.offlineOpenMs)}`,
    );
    await context.setOffline(false);

    // The app's own downscale code in the page, at 4× CPU slowdown.
    const { outputFiles } = buildSync({
      entryPoints: ['src/web/features/field/offline/downscale.ts'],
      bundle: true,
      format: 'iife',
      globalName: 'FieldDownscale',
      write: false,
    });
    // In a page of its own that lets the script in (the app's CSP allows no inline script).
    const lab = await browser.newContext({ bypassCSP: true });
    const labPage = await lab.newPage();
    await labPage.goto(`${url}/about`);
    await labPage.addScriptTag({ content: outputFiles[0]!.text });
    const cdp = await lab.newCDPSession(labPage);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const runs = (await labPage.evaluate(async () => {
      const canvas = new OffscreenCanvas(4000, 3000);
      const ctx = canvas.getContext('2d')!;
      // A camera-like picture: gradients and noise (JPEG sizes of flat colour would flatter the encoder).
      const image = ctx.createImageData(4000, 3000);
      for (let i = 0; i < image.data.length; i += 4) {
        const p = i / 4;
        const x = p % 4000;
        const y = Math.floor(p / 4000);
        const noise = (Math.sin(p * 12.9898) * 43758.5453) % 1;
        image.data[i] = (x / 16 + noise * 40) & 255;
        image.data[i + 1] = (y / 12 + noise * 60) & 255;
        image.data[i + 2] = ((x + y) / 28 + noise * 30) & 255;
        image.data[i + 3] = 255;
      }
      ctx.putImageData(image, 0, 0);
      const camera = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
      const out: Array<{ ms: number; bytes: number; width: number; height: number; input: number }> = [];
      const { downscalePhoto } = (
        window as unknown as { FieldDownscale: typeof import('../src/web/features/field/offline/downscale') }
      ).FieldDownscale;
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        const photo = await downscalePhoto(camera);
        out.push({
          ms: performance.now() - start,
          bytes: photo.bytes.byteLength,
          width: photo.width,
          height: photo.height,
          input: camera.size,
        });
      }
      return out;
    })) as Array<{ ms: number; bytes: number; width: number; height: number; input: number }>;
    const last = runs.at(-1)!;
    const ms = Math.round(median(runs.map((r) => r.ms)));
    const ok =
      Math.max(last.width, last.height) <= FIELD_GOALS.photoPx &&
      last.bytes / KB <= FIELD_GOALS.photoKb &&
      ms <= FIELD_GOALS.photoMs;
    report(
      `  4000×3000 JPEG (${(last.input / KB).toFixed(0)} KB) at 4× CPU slowdown: median ${ms} ms → ${last.width}×${last.height}, ${(last.bytes / KB).toFixed(0)} KB — goal ≤ ${FIELD_GOALS.photoPx} px, ≤ ${FIELD_GOALS.photoKb} KB within ${FIELD_GOALS.photoMs / 1000} s: ${verdict(ok)}`,
    );
  } finally {
    await browser.close();
  }
}
