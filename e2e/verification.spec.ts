import { type BrowserContextOptions, expect, test } from '@playwright/test';
import { DEMO_ADMIN, signIn, signUpNewOwner } from './fixtures';

// The admin signs in once for the file.
let adminState: BrowserContextOptions['storageState'];
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  await signIn(await context.newPage(), DEMO_ADMIN);
  adminState = await context.storageState();
  await context.close();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('upload a PDF, an admin approves it, and the dashboard alert is gone', async ({ page, browser }) => {
  const owner = await signUpNewOwner(page, { firstName: 'Vera', lastName: 'Fied' });
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Complete Verification' })).toBeVisible();
  await page.goto('/verification');
  await expect(page.getByRole('heading', { name: 'Business Verification' })).toBeVisible();
  await expect(page.getByText('Liability insurance with at least $1M coverage')).toBeVisible();
  for (const label of [
    'Government ID',
    'Business License',
    'Insurance Certificate',
    'Business Registration',
  ]) {
    await expect(page.getByRole('heading', { name: label, level: 2 })).toBeVisible();
  }

  await page
    .getByLabel('Government ID file')
    .setInputFiles({ name: 'drivers-license.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('Document uploaded successfully')).toBeVisible();
  const card = page.getByTestId('document-card-government_id');
  await expect(card.getByRole('link', { name: 'drivers-license.pdf' })).toBeVisible();
  await expect(card.getByText('Pending Review')).toBeVisible();
  await expect(page.getByText('Pending review', { exact: true })).toBeVisible();

  // Insurance needs an expiry date first.
  const insurance = page.getByTestId('document-card-insurance_certificate');
  await insurance.getByRole('button', { name: 'Upload Insurance Certificate' }).click();
  await expect(insurance.getByText('Please enter the expiry date of your insurance')).toBeVisible();

  // A renamed executable is refused by content.
  await page.getByLabel('Business License file').setInputFiles({
    name: 'license.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
  });
  await expect(page.getByText('Unsupported file type. Please upload a PDF, JPG or PNG file.')).toBeVisible();

  const adminContext = await browser.newContext({ storageState: adminState });
  const admin = await adminContext.newPage();
  await admin.goto('/admin/verifications');
  await expect(admin.getByRole('heading', { name: 'Verification Review' })).toBeVisible();
  const review = admin.getByTestId('review').filter({ hasText: owner.email });
  const doc = review.getByRole('link', { name: 'drivers-license.pdf' });
  await expect(doc).toBeVisible();
  const file = await admin.request.get((await doc.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Business verified')).toBeVisible();
  await expect(admin.getByTestId('review').filter({ hasText: owner.email })).toHaveCount(0);
  const mail = await admin.request.get(`/api/admin/outbox?to=${encodeURIComponent(owner.email)}`);
  const { items: messages } = (await mail.json()) as { items: Array<{ subject: string }> };
  expect(messages.map((m) => m.subject)).toContain('Your business is verified on ShineRoute');
  await adminContext.close();

  await page.goto('/dashboard');
  await expect(page.getByText(`Welcome back, ${owner.firstName} ${owner.lastName}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Complete Verification' })).toHaveCount(0);
  await page.goto('/verification');
  await expect(page.getByText('Your business is verified')).toBeVisible();
});

test('a rejection shows its reason on /verification; non-admins are denied the review queue', async ({
  page,
  browser,
}) => {
  const owner = await signUpNewOwner(page, { firstName: 'Rex', lastName: 'Jected' });
  await page.goto('/admin/verifications');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText("You don't have permission to access the admin panel")).toBeVisible();

  await page.goto('/verification');
  await page
    .getByLabel('Business Registration file')
    .setInputFiles({ name: 'llc.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('Document uploaded successfully')).toBeVisible();

  const adminContext = await browser.newContext({ storageState: adminState });
  const admin = await adminContext.newPage();
  await admin.goto('/admin/verifications');
  await admin
    .getByTestId('review')
    .filter({ hasText: owner.email })
    .getByRole('button', { name: 'Reject' })
    .click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Please enter a reason for the rejection')).toBeVisible();
  await dialog.getByLabel('Reason').fill('The registration has expired');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(admin.getByText('Verification rejected')).toBeVisible();
  await adminContext.close();

  await page.reload();
  await expect(page.getByText('Verification was not approved')).toBeVisible();
  await expect(page.getByTestId('rejection-reason')).toHaveText('Reason: The registration has expired');
});
