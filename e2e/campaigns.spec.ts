import { expect, type Page, test } from '@playwright/test';
import { nextAllowedSendTime } from '../src/shared/quiet-hours';
import { DEMO_ADMIN, setPlan, signUpNewOwner } from './fixtures';
import { shot } from './screenshot';

/** The customers and business details a campaign needs, through the owner's own API session. */
async function prepareBusiness(page: Page) {
  const profile = await page.request.get('/api/business-profile');
  expect(profile.ok()).toBe(true);
  const current = (await profile.json()) as Record<string, unknown>;
  const saved = await page.request.put('/api/business-profile', {
    data: {
      ...current,
      businessName: 'Gleam Mobile Detailing',
      businessAddress: '200 Lavaca St, Austin, TX 78701',
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const stamp = Date.now().toString(36);
  const people = [
    { firstName: 'Avery', lastName: 'Stone', email: `avery-${stamp}@example.com`, phone: '(512) 555-0171' },
    { firstName: 'Blake', lastName: 'Ortiz', email: `blake-${stamp}@example.com`, phone: '(512) 555-0172' },
  ];
  for (const p of people) expect((await page.request.post('/api/customers', { data: p })).status()).toBe(201);
  return people;
}

/** What the admin outbox holds for one recipient (a separate admin session). */
async function outboxFor(page: Page, to: string) {
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const admin = await context.newPage();
  const signIn = await admin.request.post('/api/auth/sign-in/email', {
    data: DEMO_ADMIN,
    headers: { origin: new URL(page.url()).origin },
  });
  expect(signIn.ok()).toBe(true);
  const res = await admin.request.get(`/api/admin/outbox?to=${encodeURIComponent(to)}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as {
    items: Array<{ channel: string; subject: string | null; body: string }>;
  };
  await context.close();
  return body.items;
}

test('create and send an email and an SMS campaign, read them in the outbox, open the details, use a template', async ({
  page,
}) => {
  await signUpNewOwner(page);
  await setPlan(page, 'pro');
  const [avery, blake] = await prepareBusiness(page);

  // Blake agreed to texts: the owner records it on the customer form.
  await page.goto('/customers');
  await page
    .getByRole('button', { name: /Edit Blake Ortiz/ })
    .first()
    .click();
  const customerDialog = page.getByRole('dialog', { name: 'Edit Customer' });
  await customerDialog.getByLabel('Marketing texts: the customer agreed to receive them').check();
  await customerDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Customer updated successfully')).toBeVisible();

  await page.goto('/campaigns');
  await expect(page.getByRole('heading', { name: 'SMS & Email Campaigns' })).toBeVisible();
  await expect(page.getByText('No campaigns yet')).toBeVisible();
  await expect(page.getByTestId('stat-Avg. Open Rate')).toHaveText('68%');
  await expect(page.getByTestId('stat-Active Customers')).toHaveText('2');

  // §5: name and message required.
  await page.getByRole('button', { name: 'New Campaign' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'New Campaign' });
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(page.getByText('Please fill in all required fields').first()).toBeVisible();
  await dialog.getByLabel('Campaign Name').fill('Spring Shine');
  await dialog.getByLabel('Subject Line').fill('Spring is here, {customer_name}');
  await dialog.getByLabel('Message').fill('Hi {customer_name}, book your spring detail: {booking_link}');
  await expect(dialog.getByTestId('campaign-audience')).toContainText('2 recipients');
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(page.getByText('Campaign created successfully')).toBeVisible();

  const emailRow = page.getByTestId('campaign-row').filter({ hasText: 'Spring Shine' });
  await expect(emailRow.getByText('Draft')).toBeVisible();
  await emailRow.getByRole('button', { name: 'Send Now: Spring Shine' }).click();
  await expect(page.getByText('Campaign sent successfully')).toBeVisible();
  await expect(emailRow.getByText('Sent', { exact: true })).toBeVisible();
  await expect(emailRow).toContainText('Delivery rate:100%');
  await expect(emailRow.getByRole('button', { name: /^Send Now/ })).toHaveCount(0);
  await expect(page.getByTestId('stat-Messages Sent')).toHaveText('2');

  await emailRow.getByRole('button', { name: 'View details of Spring Shine' }).click();
  const details = page.getByRole('dialog', { name: 'Spring Shine' });
  await expect(details.getByTestId('recipient-row')).toHaveCount(2);
  await expect(details.getByTestId('recipient-row').filter({ hasText: avery!.email })).toContainText(
    'Delivered',
  );
  await page.keyboard.press('Escape');

  // The SMS campaign starts from the built-in Booking Reminder template.
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page.getByTestId('template-card')).toHaveCount(3);
  await page.getByRole('button', { name: 'Use template Booking Reminder' }).click();
  dialog = page.getByRole('dialog', { name: 'New Campaign' });
  await expect(dialog.getByLabel('Message')).toHaveValue(
    /a reminder of your detailing with \{business_name\}/,
  );
  await expect(dialog.getByLabel('Subject Line')).toHaveCount(0);
  await expect(dialog.getByText(/\/160 characters · 1 segment/)).toBeVisible();
  await expect(dialog.getByTestId('campaign-audience')).toContainText(
    '1 recipient (1 skipped: no SMS opt-in)',
  );
  await dialog
    .getByLabel('Message')
    .fill('Hi {customer_name}! Spring special at {business_name} 🌸 reply STOP to opt out');
  await expect(dialog.getByText(/not in the SMS alphabet/)).toBeVisible();
  await dialog.getByLabel('Campaign Name').fill('Spring Text');
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  // The first campaign's toast may still be showing: the newest one is this campaign's, and its row is listed.
  await expect(page.getByText('Campaign created successfully').last()).toBeVisible();
  await expect(page.getByTestId('campaign-row').filter({ hasText: 'Spring Text' })).toBeVisible();

  const smsRow = page.getByTestId('campaign-row').filter({ hasText: 'Spring Text' });
  await smsRow.getByRole('button', { name: 'Send Now: Spring Text' }).click();
  // Marketing texts go out 8:00–21:00 in the business's zone (new businesses: America/Chicago).
  const quiet = nextAllowedSendTime(new Date(), 'America/Chicago').getTime() > Date.now() + 60_000;
  if (quiet) {
    await expect(smsRow.getByText('Scheduled')).toBeVisible();
    expect((await outboxFor(page, '+15125550172')).filter((m) => m.channel === 'sms')).toHaveLength(0);
  } else {
    await expect(page.getByText('Campaign sent successfully').first()).toBeVisible();
    await expect(smsRow.getByText('Sent', { exact: true })).toBeVisible();
    const texts = (await outboxFor(page, '+15125550172')).filter((m) => m.channel === 'sms');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toBe(
      'Hi Blake! Spring special at Gleam Mobile Detailing 🌸 reply STOP to opt out',
    );
  }
  expect((await outboxFor(page, '+15125550171')).filter((m) => m.channel === 'sms')).toHaveLength(0);

  // Both email recipients got exactly one, with their own name, the address and an unsubscribe link.
  for (const person of [avery!, blake!]) {
    const mails = (await outboxFor(page, person.email)).filter((m) =>
      m.subject?.startsWith('Spring is here'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Spring is here, ${person.firstName}`);
    expect(mails[0]!.body).toContain(`Hi ${person.firstName}, book your spring detail:`);
    expect(mails[0]!.body).toContain('200 Lavaca St, Austin, TX 78701');
    expect(mails[0]!.body).toMatch(/Unsubscribe: http.*\/api\/messaging\/unsubscribe\//);
  }
});

test('campaigns screen at 390 and 1280 px', async ({ page }) => {
  await signUpNewOwner(page);
  await setPlan(page, 'pro');
  await prepareBusiness(page);
  const created = await page.request.post('/api/campaigns', {
    data: {
      name: 'Autumn Ceramic Coating Offer',
      type: 'email',
      subject: 'Protect your paint this fall',
      message: 'Hi {customer_name}, our ceramic coating special runs until {expiry_date}.',
    },
  });
  expect(created.status()).toBe(201);
  expect(
    (
      await page.request.post(`/api/campaigns/${((await created.json()) as { id: string }).id}/send`)
    ).status(),
  ).toBe(202);
  await page.request.post('/api/campaigns', {
    data: { name: 'Weekend text blast', type: 'sms', message: 'Weekend slots open at {business_name}!' },
  });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/campaigns');
    await expect(page.getByTestId('campaign-row')).toHaveCount(2);
    await expect(
      page.getByTestId('campaign-row').filter({ hasText: 'Autumn' }).getByText('Sent', { exact: true }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(page, 'campaigns');
    await page.getByRole('button', { name: 'New Campaign' }).first().click();
    await page
      .getByRole('dialog', { name: 'New Campaign' })
      .getByLabel('Message')
      .fill('Hello {customer_name}');
    await shot(page, 'campaigns-form', { viewportOnly: true });
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Templates' }).click();
    await shot(page, 'campaigns-templates');
  }
});
