// usage: node shot.mjs <path> <name> [clickText]
import { chromium } from '@playwright/test';
const [, , path, name, click] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto('http://localhost:4206/auth');
  await page.getByLabel('Email').fill('owner@shineroute.test');
  await page.getByLabel('Password').fill('shine-demo-owner');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/dashboard/);
  await page.goto('http://localhost:4206' + path);
  await page.waitForLoadState('networkidle');
  if (click) { await page.getByRole('tab', { name: click }).click(); await page.waitForLoadState('networkidle'); }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  console.log(width, 'overflow', overflow);
  await page.screenshot({ path: `/tmp/workday-shots/${name}-${width}.png`, fullPage: true });
  await page.close();
}
await browser.close();
