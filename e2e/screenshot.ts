import type { Locator, Page } from '@playwright/test';
import { LEAN } from '../playwright.config';

/** Where the journeys save screens for people to look at and to compare with earlier builds. */
export const SCREENSHOTS = 'test-results/screenshots';

export type ShotOptions = {
  /** Only the viewport instead of the whole scrolled page (a dialog, a banner at the top). */
  viewportOnly?: boolean;
  /** No blinking caret in a focused field. */
  hideCaret?: boolean;
};

/**
 * Saves what `target` (a page, or one element of it) shows as test-results/screenshots/<name>-<width>.png, the width
 * being the page's viewport's: every journey's screens land in one folder under one naming. Not in a lean run
 * (E2E_LEAN=1, CI), where nobody would look at them.
 */
export async function shot(target: Page | Locator, name: string, options: ShotOptions = {}) {
  if (LEAN) return;
  const page = 'context' in target ? target : target.page();
  const path = `${SCREENSHOTS}/${name}-${page.viewportSize()!.width}.png`;
  const caret = options.hideCaret ? ('hide' as const) : undefined;
  if ('context' in target) await target.screenshot({ path, fullPage: !options.viewportOnly, caret });
  else await target.screenshot({ path, caret });
}
