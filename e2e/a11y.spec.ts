import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContextOptions, Page, TestInfo, WorkerInfo } from '@playwright/test';
import { ADMIN_ROUTES, FIELD_ROUTES, OWNER_ROUTES, PUBLIC_ROUTES } from '../src/shared/routes';
import { addDays, todayInZone } from '../src/shared/time';
import { checkScreen, settle } from './axe';
import { test as base, expect, linkFrom, newBookableBusiness, signUpNewOwner } from './fixtures';

// Issue 13's accessibility proof: axe-core on every screen of the route table (src/web/router.tsx) and every page
// the server renders for the public, at 390 and 1280 px, each tab and the dialogs a screen opens: 0 moderate,
// serious or critical violations (moderate since decision 445). The first test fails when a route has no visit here
// and no listed reason (decision 430).

/**
 * The screens' tests below share one page per worker (decision 1371): a signed-out visitor's; an owner's, signed in to
 * a new Pro business (they open screens, tabs and dialogs and write nothing); and the demo admin's (it only reads).
 * Each screen opens in it by its address, as a user would type it, so Chromium compiles the app once per worker
 * instead of once per screen. A test that fails ends its worker, and the next worker starts on new pages.
 */
const test = base.extend<object, { visitorPage: Page; ownerPage: Page; adminPage: Page }>({
  visitorPage: [
    ({ browser }, use, workerInfo) => usePageOfWorker(browser, workerInfo, use),
    { scope: 'worker' },
  ],
  ownerPage: [
    ({ browser }, use, workerInfo) =>
      usePageOfWorker(browser, workerInfo, use, { prepare: (page) => newBusiness(page, workerInfo) }),
    { scope: 'worker', timeout: 60_000 },
  ],
  adminPage: [
    async ({ browser, adminApi }, use, workerInfo) =>
      usePageOfWorker(browser, workerInfo, use, { storageState: await adminApi.storageState() }),
    { scope: 'worker' },
  ],
});

/** A page in a browser context of the worker's own, prepared, given to its tests, and closed when the worker ends. */
async function usePageOfWorker(
  browser: Browser,
  info: WorkerInfo,
  use: (page: Page) => Promise<void>,
  options: {
    storageState?: BrowserContextOptions['storageState'];
    prepare?: (page: Page) => Promise<unknown>;
  } = {},
) {
  const context = await browser.newContext({
    baseURL: info.project.use.baseURL,
    storageState: options.storageState,
  });
  const page = await context.newPage();
  await options.prepare?.(page);
  await use(page);
  await context.close();
}

/** Route-table patterns visited by the tests below (kept in step with the `visit(…)` calls). */
const PUBLIC_VISITS = [
  ...PUBLIC_ROUTES,
  '/book/:slug',
  '/book/:slug/:location',
  '/manage/:token',
  '/review/:token',
  '/join/:token',
  '/membership-plans/:ref',
  '/membership-plans/invite/:token',
  '/membership/:token',
  '/gallery/:token',
  '*',
] as const;
const OWNER_VISITS = [...OWNER_ROUTES] as const;
/** The field app's screens (its own page, decision 1175), visited by the owner, who may open it too. */
const FIELD_VISITS = [...FIELD_ROUTES, '/field/jobs/:id'] as const;
const ADMIN_VISITS = ADMIN_ROUTES;
/** A minimal PDF for a verification upload. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** Routes of the table deliberately not visited, with the reason. */
const EXCLUDED: Record<string, string> = {};
/** Pages the server renders itself (not in the web route table), visited in the public test. */
const SERVER_PAGES = [
  '/seo/:slug',
  '/quote/:token',
  '/pay/:token',
  '/checkout/test/:session',
  '/api/messaging/unsubscribe/:id',
];

test('every route of the web route table has an axe visit or a listed exclusion', () => {
  const table = [...readFileSync('src/web/router.tsx', 'utf8').matchAll(/path: '([^']+)'/g)].map(
    (m) => m[1]!,
  );
  expect(table.length).toBeGreaterThan(30);
  const visited = new Set<string>([
    ...PUBLIC_VISITS,
    ...OWNER_VISITS,
    ...FIELD_VISITS,
    ...ADMIN_VISITS,
    ...Object.keys(EXCLUDED),
  ]);
  expect(
    table.filter((p) => !visited.has(p)),
    'routes without an axe visit',
  ).toEqual([]);
  expect(
    [...visited].filter((p) => !table.includes(p)),
    'visits of routes no longer in the table',
  ).toEqual([]);
  expect(SERVER_PAGES.length).toBe(5);
});

const ZONE = 'America/Chicago';

/** Every tab of the screen in turn, then each visible New/Add/Create dialog of that tab. */
async function checkTabsAndDialogs(page: Page, screen: string) {
  const tabs = page.getByRole('main').getByRole('tab');
  const count = await tabs.count();
  const opened = new Set<string>(); // a header button's dialog is checked once, not on every tab
  for (let i = 0; i < Math.max(count, 1); i += 1) {
    let name = screen;
    if (count > 0) {
      const tab = tabs.nth(i);
      name = `${screen} › ${(await tab.textContent())?.trim()}`;
      await tab.click();
      if (i > 0) await checkScreen(page, name);
    }
    await checkDialogs(page, name, opened);
  }
}

async function checkDialogs(page: Page, screen: string, names: Set<string>) {
  // Not submit buttons: "Add Testimonial" saves a form rather than opening one.
  const openers = page
    .getByRole('main')
    .locator('button:not([type="submit"])')
    .filter({ hasText: /^\s*(New|Add|Create)\b/ });
  for (const opener of await openers.all()) {
    if (!(await opener.isVisible()) || !(await opener.isEnabled())) continue;
    const label = (await opener.textContent())?.trim() ?? '';
    if (names.has(label)) continue;
    names.add(label);
    await opener.click();
    const dialog = page.getByRole('dialog');
    // Some of these buttons go to another screen or open a menu rather than a dialog.
    if (
      !(await dialog.waitFor({ state: 'visible', timeout: 3_000 }).then(
        () => true,
        () => false,
      ))
    )
      continue;
    await checkScreen(page, `${screen} › ${label} dialog`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
}

async function visit(page: Page, path: string, screen = path) {
  await page.goto(path);
  await checkScreen(page, screen, async () => {
    await expect(page.locator('h1').first()).toBeVisible();
  });
}

/** A Pro business of its own: profile, test-mode payouts, a service, a service area, a customer and documents. */
async function newBusiness(page: Page, info?: TestInfo | WorkerInfo) {
  await signUpNewOwner(page, { firstName: 'Avery', lastName: 'Axe', plan: 'pro' }, info);
  const put = await page.request.put('/api/business-profile', {
    data: {
      businessName: `Axe Check Detailing ${randomUUID().slice(0, 4)}`,
      businessEmail: 'hello@axe-check.test',
      phone: '(512) 555-0190',
      businessAddress: '300 Congress Ave, Austin, TX 78701',
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  expect((await page.request.post('/api/payouts/account')).status()).toBe(200);
  const service = await page.request.post('/api/services', {
    data: {
      name: 'Premium Detail',
      description: 'Inside and out.',
      basePriceCents: 12000,
      durationMinutes: 120,
    },
  });
  expect(service.status()).toBe(201);
  const { id: serviceId } = (await service.json()) as { id: string };
  const area = await page.request.post('/api/service-areas', {
    data: { zipCode: '78701', city: 'Austin', state: 'Texas', stateCode: 'TX' },
  });
  expect(area.status(), await area.text()).toBe(201);
  const customerEmail = `axe-${randomUUID().slice(0, 8)}@example.com`;
  const customer = await page.request.post('/api/customers', {
    data: { firstName: 'Dana', lastName: 'Axe', email: customerEmail },
  });
  expect(customer.status()).toBe(201);
  const { id: customerId } = (await customer.json()) as { id: string };
  const quote = await page.request.post('/api/quotes', {
    data: {
      customerId,
      items: [{ serviceId, serviceName: 'Premium Detail', quantity: 1, unitPriceCents: 12000 }],
    },
  });
  expect(quote.status(), await quote.text()).toBe(201);
  const { id: quoteId, publicPath: quotePath } = (await quote.json()) as { id: string; publicPath: string };
  expect((await page.request.post(`/api/quotes/${quoteId}/send`)).status()).toBe(200);
  const automations = (await (await page.request.get('/api/automations')).json()) as Record<string, unknown>;
  await page.request.put('/api/automations', { data: { ...automations, reviewRequests: true } });
  // A booking to manage (confirmation link) and a completed one to review (review request link).
  const booking = async (days: number) => {
    const res = await page.request.post('/api/bookings', {
      data: {
        customer: { firstName: 'Dana', lastName: 'Axe', email: customerEmail, phone: null },
        vehicle: { make: 'Honda', model: 'Civic', color: null },
        vehicleType: 'sedan',
        serviceId,
        date: addDays(todayInZone(ZONE), days),
        time: '09:00',
        locationAddress: '1 Main St, Austin, TX 78701',
        notes: null,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  await booking(4);
  const done = await booking(2);
  for (const status of ['in_progress', 'completed']) {
    expect((await page.request.patch(`/api/bookings/${done}/status`, { data: { status } })).status()).toBe(
      200,
    );
  }
  const invoice = await page.request.post(`/api/invoices/from-booking/${done}`);
  expect(invoice.status(), await invoice.text()).toBe(201);
  const { payPath } = (await invoice.json()) as { payPath: string };
  const invitation = await page.request.post('/api/team/invitations', {
    data: { email: `tech-${randomUUID().slice(0, 8)}@example.com` },
  });
  expect(invitation.status(), await invitation.text()).toBe(201);
  const { slug } = (await (await page.request.get('/api/booking-link')).json()) as { slug: string };
  const options = await (await page.request.get(`/api/booking/options?business=${slug}`)).json();
  const businessId = (options as { business: { id: string } }).business.id;
  return {
    slug,
    businessId,
    serviceId,
    customerEmail,
    quotePath,
    payPath,
    inviteEmail: ((await invitation.json()) as { email: string }).email,
  };
}

// The public pages, each a test of its own (two workers share them out) in the worker's visitor page; nothing written.
const SIMPLE_PUBLIC = PUBLIC_ROUTES.filter((path) => path !== '/book' && path !== '/auth');
for (const path of SIMPLE_PUBLIC) {
  test(`public page ${path}: 0 moderate, serious or critical axe violations at 390 and 1280 px`, async ({
    visitorPage: page,
  }) => {
    await visit(page, path);
  });
}

test('public page /auth: sign in, sign up and its errors at 390 and 1280 px', async ({
  visitorPage: page,
}) => {
  await visit(page, '/auth', '/auth (sign in)');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await checkScreen(page, '/auth (sign up)');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await checkScreen(page, '/auth (sign up, errors shown)');
});

test('public pages /book (no business, a zip, unknown), 404, /seo/{slug} and unknown tokens at 390 and 1280 px', async ({
  visitorPage: page,
}) => {
  test.setTimeout(120_000);
  await visit(page, '/book', '/book (no business chosen)');
  await visit(page, '/book?zip=78701', '/book?zip= (businesses serving a zip)');
  await visit(page, '/book/no-such-business', '/book/{slug} (unknown)');
  await visit(page, '/no-such-page', '404');
  await visit(page, '/seo/mobile-car-detailing-austin-tx', '/seo/{slug}');
  await visit(page, '/quote/not-a-token', '/quote/{token} (unknown)');
  await visit(page, '/api/messaging/unsubscribe/not-an-id', '/api/messaging/unsubscribe/{id} (unknown)');
});

test("public pages of a business's customer: booking form, quote, pay, checkout, confirmation, join, manage, review", async ({
  browser,
  baseURL,
  outbox,
}) => {
  // About 10 screens at two widths, and the review request waits for the automations tick (every 10 s here).
  test.setTimeout(240_000);
  const ownerContext = await browser.newContext({ baseURL });
  const biz = await newBusiness(await ownerContext.newPage());
  await ownerContext.close();

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await visit(page, `/book/${biz.slug}`, '/book/{slug} (booking form)');
  // A location's own link (decision 1280): every business has its main one.
  await visit(page, `/book/${biz.slug}/main`, '/book/{slug}/{location} (booking form)');
  await visit(page, biz.quotePath, '/quote/{token}');
  await visit(page, biz.payPath, '/pay/{token}');

  // A test-mode checkout of a booking, then its confirmation.
  const checkout = await page.request.post('/api/booking/create-payment', {
    data: {
      businessId: biz.businessId,
      serviceId: biz.serviceId,
      vehicleType: 'suv',
      date: addDays(todayInZone(ZONE), 40),
      time: '13:00',
      location: '9 Axe Lane, Austin, TX',
      zip: '78701',
      firstName: 'Pat',
      lastName: 'Keys',
      email: `pat-${randomUUID().slice(0, 6)}@example.com`,
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  await visit(
    page,
    new URL(((await checkout.json()) as { url: string }).url).pathname,
    '/checkout/test/{session}',
  );
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL(/\/booking-success\?session_id=/);
  // The confirmation is a lazily loaded screen that confirms the booking as it opens: checked once it says so.
  await checkScreen(page, '/booking-success (confirmed)', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed' })).toBeVisible();
  });

  await visit(page, await linkFrom(outbox, biz.inviteEmail, /\/join\/[A-Za-z0-9_-]+/), '/join/{token}');
  await visit(page, await linkFrom(outbox, biz.customerEmail, /\/manage\/[A-Za-z0-9_-]+/), '/manage/{token}');
  await visit(
    page,
    await linkFrom(outbox, biz.customerEmail, /\/review\/[A-Za-z0-9_-]+/, { timeout: 100_000 }),
    '/review/{token}',
  );
  await context.close();
});

test('the customer’s before/after gallery of a job (issue 26)', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await newBookableBusiness(page, [{ name: 'Axe Gallery Wash', basePriceCents: 4000 }]);
  const service = await page.request.post('/api/services', {
    data: { name: 'Axe Gallery Detail', basePriceCents: 9000, durationMinutes: 60 },
  });
  expect(service.status(), await service.text()).toBe(201);
  const booking = await page.request.post('/api/bookings', {
    data: {
      customer: {
        firstName: 'Gail',
        lastName: 'Lery',
        email: `gail-${randomUUID().slice(0, 6)}@example.com`,
        phone: null,
      },
      vehicle: { make: 'Honda', model: 'Civic', color: null },
      vehicleType: 'sedan',
      serviceId: ((await service.json()) as { id: string }).id,
      date: addDays(todayInZone(ZONE), 3),
      time: '10:00',
      locationAddress: '1 Main St, Austin, TX 78701',
      notes: null,
    },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  const { id } = (await booking.json()) as { id: string };
  const gallery = await page.request.get(`/api/bookings/${id}/gallery`);
  expect(gallery.status(), await gallery.text()).toBe(200);
  const { url } = (await gallery.json()) as { url: string };
  await visit(page, new URL(url).pathname, '/gallery/{token}');
  await context.close();
});

test('maintenance plan pages: the business’s plans, an invitation and the member’s page (issue 32)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const biz = await newBookableBusiness(page, [{ name: 'Axe Wash', basePriceCents: 4000 }]);
  const plan = await page.request.post('/api/memberships/plans', {
    data: {
      name: 'Axe Plan',
      description: 'Monthly wash',
      monthlyPriceCents: 6900,
      includedCredits: 1,
      creditPeriod: 'month',
      discountPercent: 10,
      holdAllowed: true,
      maxHoldMonths: 4,
      vehicleTypes: ['sedan', 'suv'],
    },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  const { id } = (await plan.json()) as { id: string };
  const { url: invite } = (await (
    await page.request.get(`/api/memberships/plans/${id}/invite-link`)
  ).json()) as {
    url: string;
  };
  await visit(page, `/membership-plans/${biz.slug}`, '/membership-plans/{ref}');
  await visit(page, new URL(invite).pathname, '/membership-plans/invite/{token}');
  const joined = await page.request.post('/api/public/memberships/join', {
    data: {
      planId: id,
      name: 'Axe Member',
      email: `axe-member-${randomUUID().slice(0, 6)}@example.com`,
      vehicles: 1,
    },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  const memberPath = new URL(((await joined.json()) as { url: string }).url).pathname;
  await visit(page, memberPath, '/membership/{token} (test payment)');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByTestId('member-status')).toHaveText('Active');
  await checkScreen(page, '/membership/{token} (active)');
  await context.close();
});

// One test per screen (each with its own time budget), shared out over the workers, each in its worker's owner page.
test.describe('owner screens, their tabs and dialogs', () => {
  for (const path of OWNER_ROUTES) {
    test(`${path}: 0 moderate, serious or critical axe violations`, async ({ ownerPage: page }) => {
      test.setTimeout(120_000);
      await visit(page, path);
      await checkTabsAndDialogs(page, path);
    });
  }
  test('the field app: Today, Tomorrow, the week and a job, 0 moderate, serious or critical axe violations', async ({
    ownerPage: page,
  }) => {
    test.setTimeout(120_000);
    for (const path of FIELD_ROUTES) await visit(page, path);
    const week = (await (
      await page.request.get('/api/field/jobs', {
        params: { from: todayInZone(ZONE), to: addDays(todayInZone(ZONE), 6) },
      })
    ).json()) as { items: { id: string }[] };
    expect(week.items.length).toBeGreaterThan(0);
    await visit(page, `/field/jobs/${week.items[0]!.id}`, '/field/jobs/{id}');
  });
});

test.describe('admin screens, their tabs and dialogs', () => {
  for (const path of ADMIN_VISITS) {
    test(`${path}: 0 moderate, serious or critical axe violations`, async ({ adminPage: page }) => {
      test.setTimeout(120_000);
      await visit(page, path);
      await checkTabsAndDialogs(page, path);
      if (path === '/admin/users') {
        await page.getByRole('tab', { name: 'Accounts' }).click();
        await page
          .getByRole('button', { name: /^Manage / })
          .first()
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await checkScreen(page, '/admin/users › Account dialog');
      }
      if (path === '/admin/outbox') {
        await page.getByTestId('outbox-row').first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await checkScreen(page, '/admin/outbox › message dialog');
        await page.getByRole('dialog').getByRole('tab', { name: 'Headers' }).click();
        await checkScreen(page, '/admin/outbox › message dialog › Headers');
      }
    });
  }
});

// Dialogs a row's own button opens (not a New/Add/Create button, which the screen tests above open): each checked
// open at both widths, 0 moderate, serious or critical.
test.describe('dialogs opened from a row', () => {
  const rowDialogs: { screen: string; path: string; open: (page: Page) => Promise<void> }[] = [
    {
      screen: '/invoices › Invoices › Record Payment dialog',
      path: '/invoices',
      open: async (page) => {
        await page.getByRole('tab', { name: 'Invoices' }).click();
        await page.getByRole('button', { name: 'Record Payment' }).first().click();
      },
    },
    {
      screen: '/loyalty › Customers › Adjust dialog',
      path: '/loyalty',
      open: (page) => page.getByRole('button', { name: 'Adjust', exact: true }).first().click(),
    },
    {
      screen: '/business-profile › Data › Close account dialog',
      path: '/business-profile',
      open: async (page) => {
        await page.getByRole('tab', { name: 'Data' }).click();
        await page.getByRole('button', { name: 'Close account' }).click();
      },
    },
    {
      // The import (features/data-transfer): the preview with the mapping and one bad row named.
      screen: '/customers › Import dialog (preview with a bad row)',
      path: '/customers',
      open: async (page) => {
        await page.getByRole('button', { name: 'Import' }).click();
        await page
          .getByRole('dialog')
          .getByLabel('CSV file')
          .setInputFiles({
            name: 'customers.csv',
            mimeType: 'text/csv',
            buffer: Buffer.from(
              'First Name,Last Name,Email\r\nAda,Lovelace,ada@example.com\r\nBad,Row,nope\r\n',
            ),
          });
        await expect(page.getByTestId('import-problem')).toBeVisible();
      },
    },
    {
      screen: '/bookings › List › booking Details dialog',
      path: '/bookings',
      open: async (page) => {
        await page.getByRole('tab', { name: 'List' }).click();
        await page
          .getByRole('button', { name: /^Details: / })
          .first()
          .click();
      },
    },
  ];
  for (const { screen, path, open } of rowDialogs) {
    test(`${screen}: 0 moderate, serious or critical axe violations`, async ({ ownerPage: page }) => {
      test.setTimeout(120_000);
      await page.goto(path);
      await settle(page);
      await open(page);
      await expect(page.getByRole('dialog')).toBeVisible();
      await checkScreen(page, screen);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    });
  }

  test('/admin/verifications › Reject dialog (empty and with its error): 0 moderate, serious or critical axe violations', async ({
    browser,
    baseURL,
    adminApi,
  }) => {
    test.setTimeout(120_000);
    // A business waiting for review: a new owner uploads a document.
    const ownerContext = await browser.newContext({ baseURL });
    const owner = await ownerContext.newPage();
    const { email } = await signUpNewOwner(owner, { firstName: 'Rhea', lastName: 'Review' });
    await owner.goto('/verification');
    await owner
      .getByLabel('Business Registration file')
      .setInputFiles({ name: 'llc.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(owner.getByText('Document uploaded successfully')).toBeVisible();
    await ownerContext.close();

    const context = await browser.newContext({ baseURL, storageState: await adminApi.storageState() });
    const page = await context.newPage();
    await page.goto('/admin/verifications');
    await page
      .getByTestId('review')
      .filter({ hasText: email })
      .getByRole('button', { name: 'Reject' })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await checkScreen(page, '/admin/verifications › Reject dialog');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByText('Please enter a reason for the rejection')).toBeVisible();
    await checkScreen(page, '/admin/verifications › Reject dialog with its error');
    await context.close();
  });
});
