import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { todayInZone, utcToZoned } from '../src/shared/time';
import {
  assignedJob,
  FIELD_ZONE,
  joinTeam,
  minutesOfLabel,
  newPhone,
  setPhoneClockBehind,
  settablePhoneClock,
  useFieldZone,
} from './field';
import { expect, test } from './fixtures';
import { expectNoSidewaysOverflow } from './overflow';
import { shot } from './screenshot';

// Issue 26's day in the field, end to end at 390 px: the technician signs in on a phone, runs today's job (On my way,
// Check in, a before photo), loses signal and reloads (the app opens from its service worker's cache), adds an after
// photo, completes the job with the customer's signature and checks out; the changes wait as pending and go out when
// the network is back. The owner then sees the booking completed with both photos, the signature and the timeline to
// the check-out, and the job's time on the booking the same as on Timesheets.
// The technician is one of the journey's own business, not the demo's tech@shineroute.test: the journey completes the
// first job of Today, which would change the demo business every other journey reads, and a second run would find it
// done (decision 1140). The phone's clock runs behind while the job starts, so the job shows real hours.

/** A camera-like JPEG, made here: a gradient in the given colour. */
async function photo(name: string, rgb: [number, number, number]) {
  const [w, h] = [1600, 1200];
  const pixels = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const shade = (x + y) / (w + h);
      pixels[i] = rgb[0] * shade;
      pixels[i + 1] = rgb[1] * shade;
      pixels[i + 2] = rgb[2] * shade;
    }
  const buffer = await sharp(pixels, { raw: { width: w, height: h, channels: 3 } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** A field screen at 390 px: no sideways scrolling, and a full-page screenshot. */
async function shoot(page: Page, name: string) {
  await expectNoSidewaysOverflow(page, `field ${name}`);
  await shot(page, `field-day-${name}`);
}

test('a technician’s day: a job run on a phone, offline half-way, synced; the owner sees it done', async ({
  page,
  browser,
  newOwner,
  outbox,
}) => {
  test.setTimeout(150_000);
  await newOwner({ plan: 'pro', firstName: 'Olive', lastName: 'Owner' });
  await useFieldZone(page);
  const phone = await newPhone(browser);
  await settablePhoneClock(phone);
  const tech = await joinTeam(page, phone, outbox);
  // The technician signs in through the form below, as on a new phone.
  await phone.clearCookies();
  const today = todayInZone(FIELD_ZONE);
  // The job starts an hour and a quarter ago by the phone's clock (less just after midnight: it stays today's job).
  const [hh, mm] = utcToZoned(new Date(), FIELD_ZONE).time.split(':').map(Number) as [number, number];
  const behind = Math.max(0, Math.min(75, hh * 60 + mm - 2));
  const customer = { firstName: 'Dana', lastName: 'Driveway', email: `dana-${tech.userId}@example.com` };
  await assignedJob(page, {
    technicianId: tech.userId,
    date: today,
    customer,
    serviceName: 'Field Day Detail',
    checklist: ['Vacuum seats', 'Dress tires'],
  });
  const [before, after] = await Promise.all([
    photo('before.jpg', [180, 60, 40]),
    photo('after.jpg', [40, 120, 220]),
  ]);

  // Signing in, a technician lands on the field app's Today.
  const field = await phone.newPage();
  await field.goto('/auth');
  await field.getByLabel('Email').fill(tech.email);
  await field.getByLabel('Password').fill(tech.password);
  await field.getByRole('button', { name: 'Sign In' }).click();
  await expect(field).toHaveURL(/\/field$/);
  await expect(field.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  const job = field.getByTestId('field-job').first();
  await expect(job).toContainText('Dana Driveway');
  await shoot(field, 'today');
  // Tomorrow and the week, a tap away (looked at, then back to Today).
  const days = field.getByRole('navigation', { name: 'Days' });
  await days.getByRole('link', { name: 'Tomorrow' }).click();
  await expect(field.getByRole('heading', { level: 1, name: 'Tomorrow' })).toBeVisible();
  await shoot(field, 'tomorrow');
  await days.getByRole('link', { name: 'Week' }).click();
  await expect(field.getByRole('heading', { level: 1, name: 'This week' })).toBeVisible();
  await shoot(field, 'week');
  await days.getByRole('link', { name: 'Today' }).click();
  await expect(field.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

  // The first job of Today.
  await job.click();
  await expect(field.getByRole('heading', { level: 1, name: 'Dana Driveway' })).toBeVisible();
  await shoot(field, 'job');

  await setPhoneClockBehind(field, behind);
  await field.getByRole('button', { name: 'On my way' }).click();
  await field.getByLabel('ETA (minutes)').fill('20');
  await shoot(field, 'on-my-way');
  await field.getByRole('button', { name: 'Send' }).click();
  await field.getByRole('button', { name: 'Check in' }).click();
  await expect(field.getByRole('button', { name: 'Complete job' })).toBeEnabled();
  // Photos are made small in a worker, off the screen's thread (docs/decisions/1300) — offline too, from the cache.
  const photoWorkers: string[] = [];
  field.on('worker', (worker) => photoWorkers.push(worker.url()));
  await field.getByLabel('Before photos').setInputFiles(before);
  await expect(field.getByRole('img', { name: /before the detail/ })).toHaveCount(1);
  await expect(field.getByTestId('pending-badge')).toBeHidden();
  // The moment the outbox is empty, the screen shows what was sent (not the job as it was before, until a new read).
  expect(await field.getByText('In Progress', { exact: true }).isVisible()).toBe(true);
  expect(await field.getByRole('img', { name: /before the detail/ }).count()).toBe(1);
  await shoot(field, 'checked-in');

  // The app's shell is cached by its service worker before the signal goes.
  await field.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await phone.setOffline(true);
  await field.reload();
  await expect(field.getByRole('heading', { level: 1, name: 'Dana Driveway' })).toBeVisible();
  expect(await field.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(field.getByRole('img', { name: /before the detail/ })).toHaveCount(1);

  await field.getByLabel('After photos').setInputFiles(after);
  await expect(field.getByRole('img', { name: /after the detail \(waiting to upload\)/ })).toBeVisible();
  expect(photoWorkers.filter((url) => url.includes('downscale.worker'))).toHaveLength(2);
  // The job ends now: the phone's clock is on time again.
  await setPhoneClockBehind(field, 0);
  await field.getByRole('button', { name: 'Complete job' }).click();
  const pad = field.getByRole('img', { name: 'Signature pad: sign here' }).or(field.locator('canvas'));
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await field.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await field.mouse.down();
  for (const [dx, dy] of [
    [0.2, 0.3],
    [0.35, 0.7],
    [0.5, 0.35],
    [0.65, 0.65],
    [0.85, 0.4],
  ])
    await field.mouse.move(box.x + box.width * dx, box.y + box.height * dy, { steps: 5 });
  await field.mouse.up();
  await shoot(field, 'signature');
  await field.getByRole('button', { name: 'Complete job' }).click();
  await expect(field.getByRole('button', { name: 'Check out' })).toBeEnabled();
  // The after photo and the completion wait on the phone.
  await expect(field.getByTestId('pending-badge')).toHaveText('2 pending');
  await shoot(field, 'completed-offline');
  // Then the technician checks out, still without signal.
  await field.getByRole('button', { name: 'Check out' }).click();
  await expect(field.getByRole('button', { name: 'Check out' })).toBeDisabled();
  await expect(field.getByTestId('pending-badge')).toHaveText('3 pending');
  await shoot(field, 'offline-pending');

  // Back in signal: everything goes out, the badge with it.
  await phone.setOffline(false);
  await expect(field.getByTestId('pending-badge')).toBeHidden({ timeout: 30_000 });
  await expect(field.getByRole('img', { name: /after the detail$/ })).toHaveCount(1);
  await shoot(field, 'synced');
  await phone.close();

  // The owner's booking: completed, both photos, the signature, the timeline.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/bookings?view=day&date=${today}`);
  await page.getByTestId('grid-booking').filter({ hasText: 'Dana Driveway' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Completed', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('img', { name: /^Before the job, 1 of 1/ })).toBeVisible();
  await expect(dialog.getByRole('img', { name: /^After the job, 1 of 1/ })).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Signature of Dana Driveway' })).toBeVisible();
  const timeline = dialog.getByRole('list', { name: 'Field timeline' });
  for (const step of ['On my way', 'Checked in', 'Job completed', 'Checked out'])
    await expect(timeline).toContainText(step);
  await expect(timeline).toContainText('Theo Tech');
  // The job's time, from its Timesheets entry: check-in to check-out by the phone's clock.
  const jobTime = dialog.getByTestId('job-time');
  await expect(jobTime).toHaveText(/^Job time: \d+ h \d\d min \(/);
  const hours = /\d+ h \d\d min/.exec((await jobTime.textContent()) ?? '')![0];
  expect(minutesOfLabel(hours)).toBeGreaterThanOrEqual(behind);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'field-day-owner-booking', { viewportOnly: true });
  await dialog.getByRole('img', { name: 'Signature of Dana Driveway' }).scrollIntoViewIfNeeded();
  await shot(page, 'field-day-owner-booking-photos', { viewportOnly: true });
  // The customer's before/after gallery (the token page the completion message links), at 390 px.
  const galleryUrl = await dialog.getByRole('link', { name: 'Open gallery' }).getAttribute('href');
  const customerPage = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await customerPage.goto(galleryUrl!);
  await expect(customerPage.getByRole('img', { name: /before/i }).first()).toBeVisible();
  await expect(customerPage.getByRole('img', { name: /after/i }).first()).toBeVisible();
  // Both thumbnails arrive (not only their boxes).
  await expect
    .poll(() =>
      customerPage
        .locator('main img')
        .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0)),
    )
    .toEqual([true, true]);
  await shoot(customerPage, 'customer-gallery');
  await customerPage.close();
  // The owner's live board of today, at 390 px.
  await page.goto('/live-board');
  await expect(page.getByRole('heading', { name: 'Theo Tech' })).toBeVisible();
  await shoot(page, 'owner-live-board');

  // Timesheets: the job's time, from check-in to check-out, on today's row — the booking's figure.
  await page.goto('/timesheets');
  const week = page.getByTestId('technician-week').filter({ hasText: 'Theo Tech' });
  const entry = week
    .getByTestId(`day-${today}`)
    .getByTestId('time-entry')
    .filter({ hasText: 'Job · Dana Driveway' });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(hours);
  await expect(entry.getByText('Open')).toBeHidden();
  await expect(week.getByTestId(`day-${today}`).getByTestId('day-jobs')).toHaveText(`Jobs ${hours}`);
  await shot(page, 'field-day-owner-timesheets');
});
