import { appendFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { expectNoSidewaysOverflow } from './overflow';

// The accessibility proof (issue 13): axe-core on a screen at the two widths of design.md, 0 moderate, serious or
// critical violations (moderate enforced since decision 445), label-in-name included (decision 0959). Every finding (of any impact) is also appended to test-results/axe-findings.jsonl for docs/quality.md.

export const WIDTHS = [390, 1280] as const;
const FINDINGS = 'test-results/axe-findings.jsonl';
const VISITS = 'test-results/axe-visits.jsonl';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The axe-core that @axe-core/playwright runs (its own dependency), to inject once per document (decision 1352). */
const AXE_SOURCE = (
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as {
    source: string;
  }
).source;
/** Given to AxeBuilder as its source once axe is in the page: it then only configures and runs it. */
const ALREADY_INJECTED = 'void 0';

export type Finding = { screen: string; width: number; rule: string; impact: string; nodes: string[] };

/** Runs axe on what the page shows now; returns the moderate, serious and critical findings (not the minor). */
export async function axeNow(page: Page, screen: string): Promise<Finding[]> {
  const width = page.viewportSize()!.width;
  // label-content-name-mismatch (WCAG 2.5.3, label in name) is experimental in axe: it runs only when enabled by name
  // (issue 25, decision 0959). A voice-control user says what they see; the accessible name must contain it.
  // options() replaces the options object, so it comes before withTags() adds runOnly to it.
  // Without frames, axe runs in the page itself (legacy mode): the frame-by-frame run opens a blank page for every
  // check to merge the frames' results in, which doubled each check's time. A page with a frame (the outbox's
  // sandboxed HTML part, which only the frame-by-frame run reaches) keeps it (decision 1351).
  // AxeBuilder evaluates axe's source (1.3 MB) twice on every run; in the page itself it is evaluated once per
  // document instead, and AxeBuilder only configures and runs the axe already there (decision 1352).
  // Only the violations are read: axe then skips gathering every passing and inapplicable check's nodes (a tenth of
  // the sweep's CPU; decision 1368). Violations still list all their nodes.
  const legacy = page.frames().length === 1;
  if (
    legacy &&
    !(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function'))
  )
    await page.evaluate(AXE_SOURCE);
  const { violations } = await new AxeBuilder({ page, ...(legacy ? { axeSource: ALREADY_INJECTED } : {}) })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .withTags(TAGS)
    .setLegacyMode(legacy)
    .analyze();
  const findings = violations.map((v) => ({
    screen,
    width,
    rule: v.id,
    impact: v.impact ?? 'unknown',
    nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
  }));
  mkdirSync('test-results', { recursive: true });
  appendFileSync(VISITS, `${JSON.stringify({ screen, width })}\n`);
  for (const f of findings) appendFileSync(FINDINGS, `${JSON.stringify(f)}\n`);
  return findings.filter((f) => f.impact === 'moderate' || f.impact === 'serious' || f.impact === 'critical');
}

/**
 * Waits until the screen has settled (no request in flight, no skeleton), then checks it at 390 and 1280 px; at 390 px
 * nothing may overflow sideways (e2e/overflow.ts).
 */
export async function checkScreen(page: Page, screen: string, ready?: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page, ready);
    const serious = await axeNow(page, screen);
    expect.soft(serious, `${screen} at ${width} px`).toEqual([]);
    // The phone check of issue 25: nothing on the screen or in its open dialog runs past a 390 px screen.
    if (width === 390) await expectNoSidewaysOverflow(page, screen);
  }
}

/**
 * Waits until the screen has settled: what `ready` waits for, then no query or mutation in flight, no skeleton and no
 * transition under way. The web app marks <html data-queries="idle"> when nothing of its own is in flight
 * (src/web/lib/fetching-marker.ts): that is waited for instead of Playwright's networkidle, which costs at least
 * 500 ms of silence on every call (decision 1351). The pages the server renders, with their small islands, have no
 * such mark and still wait for network silence.
 */
export async function settle(page: Page, ready?: () => Promise<void>) {
  if (ready) await ready();
  const marked = await page.evaluate(() => document.documentElement.dataset.queries !== undefined);
  if (marked) {
    // Two frames first: a resize or a click rerenders, and the reads it starts begin in that commit's effects.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await page.waitForFunction(() => document.documentElement.dataset.queries === 'idle');
  } else await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"], [data-skeleton]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // A transition under way (a toast sliding in after a resize) is checked at its end, not at a half-faded colour;
  // endless animations (a spinner) are not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
}
