import { expect, type Page, test } from '@playwright/test';

// A visitor who asked for less motion (prefers-reduced-motion) gets no smooth scrolling, and spinners and transitions
// go straight to their end; everyone else keeps them (src/web/styles.css, decision 1374).

/** A spinner as the app draws one (animate-spin, as on the zip checker's button), added to the page. */
async function spinnerTiming(page: Page) {
  return page.evaluate(() => {
    const spinner = document.createElement('span');
    spinner.className = 'animate-spin inline-block size-4';
    document.body.append(spinner);
    const [animation] = spinner.getAnimations();
    const timing = animation?.effect?.getComputedTiming();
    spinner.remove();
    return { iterations: timing?.iterations, duration: Number(timing?.duration) };
  });
}

const scrollBehavior = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);

test('with the default motion the page scrolls smoothly and a spinner turns until it is gone', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/');
  expect(await scrollBehavior(page)).toBe('smooth');
  expect(await spinnerTiming(page)).toEqual({ iterations: Number.POSITIVE_INFINITY, duration: 1000 });
});

test('asking for less motion: no smooth scrolling, and a spinner is drawn once, not turned', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const path of ['/', '/auth']) {
    await page.goto(path);
    expect(await scrollBehavior(page), path).toBe('auto');
    const spinner = await spinnerTiming(page);
    expect(spinner.iterations, path).toBe(1);
    expect(spinner.duration, path).toBeLessThan(1);
  }
});
