import { expect, type Page } from '@playwright/test';

// The 390 px overflow check (issue 25, item 14): nothing on a screen or in an open dialog may reach past the edges
// of a phone. Three ways content escapes: the page scrolls sideways; a fixed layer (a dialog, a sheet) holds content
// wider than the screen, which does not widen the page; or a box that should only scroll down (a dialog's body)
// scrolls sideways. Boxes made to scroll sideways (`overflow-x-auto`: a wide drawing, a tab strip) are allowed.

/** What overflows the viewport now, one line per offender ("tag#id.class — right edge 394 px"); empty when nothing. */
/**
 * Runs in the page. Kept as source text: a transpiler's helpers (esbuild's `__name`) do not exist in the page.
 */
const FIND_OVERFLOW = `(() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  const name = (el) => {
    const id = el.id ? '#' + el.id : '';
    const cls = typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).slice(0, 4).join('.') : '';
    const label = el.getAttribute('aria-label') || el.getAttribute('data-testid');
    return el.tagName.toLowerCase() + id + cls + (label ? ' [' + label + ']' : '');
  };
  const scrollsSidewaysOnPurpose = (el) =>
    typeof el.className === 'string' && /(^|\\s)(overflow-x-(auto|scroll)|overflow-(auto|scroll))(\\s|$)/.test(el.className);
  if (document.documentElement.scrollWidth > width) {
    found.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' px wide');
  }
  const offenders = new Set();
  const report = (el, line) => {
    offenders.add(el);
    found.push(line);
  };
  const insideOffender = (el) => {
    for (let a = el.parentElement; a; a = a.parentElement) if (offenders.has(a)) return true;
    return false;
  };
  for (const el of document.body.querySelectorAll('*')) {
    if (insideOffender(el)) continue;
    const style = getComputedStyle(el);
    // Not seen: hidden, or transparent (the form input a switch keeps beside itself for native forms).
    if (style.visibility === 'hidden' || style.display === 'none' || style.opacity === '0') continue;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    // A box that scrolls sideways without being made to (a dialog body made to scroll down).
    if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1 && !scrollsSidewaysOnPurpose(el)) {
      report(el, name(el) + ' scrolls sideways: ' + el.scrollWidth + ' px of content in ' + el.clientWidth + ' px');
    }
    // Spilling out of the bordered box it sits in (a card, a field), though still on the screen.
    if (style.position !== 'absolute' && style.position !== 'fixed') {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const as = getComputedStyle(a);
        if (as.overflowX !== 'visible') break;
        if (parseFloat(as.borderLeftWidth) > 0 && parseFloat(as.borderRightWidth) > 0) {
          const box = a.getBoundingClientRect();
          if (rect.right > box.right + 0.5 || rect.left < box.left - 0.5) {
            report(el, name(el) + ' spills out of ' + name(a) + ' by ' + Math.round(Math.max(rect.right - box.right, box.left - rect.left)) + ' px');
          }
          break;
        }
      }
    }
    if (offenders.has(el) || (rect.right <= width + 0.5 && rect.left >= -0.5)) continue;
    // Screen-reader-only text (a 1 px box pulled off by a negative margin) and a skip link parked off the left edge
    // until focused are not seen, and nothing left of the page makes it scroll.
    if ((rect.width <= 1 && rect.height <= 1) || rect.right <= 0) continue;
    // Inside a box that clips or scrolls it, the box itself is what is measured.
    let clipped = false;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') {
        clipped = true;
        break;
      }
    }
    if (!clipped) report(el, name(el) + ' reaches ' + Math.round(rect.left) + '–' + Math.round(rect.right) + ' px of ' + width);
  }
  // One line per offender: what lies inside an element already named is left out.
  return found;
})()`;

/** What overflows the viewport now, one line per offender ("input#booking-link… reaches 20–394 px of 390"). */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(FIND_OVERFLOW);
}

/** Asserts (softly: every screen is still checked) that nothing overflows at the current width. */
export async function expectNoSidewaysOverflow(page: Page, screen: string) {
  const width = page.viewportSize()!.width;
  // A toast moving to a new width (after setViewportSize) is measured where it comes to rest, not on its way there:
  // every finite animation or transition has ended (a spinner's endless one is left alone).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  expect.soft(await sidewaysOverflow(page), `${screen} at ${width} px: sideways overflow`).toEqual([]);
}
