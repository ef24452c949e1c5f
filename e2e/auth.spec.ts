import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_OWNER, signIn } from './fixtures';

// The sign-in and sign-up screens themselves: these journeys type into the form. Every other journey signs in
// through the API (e2e/fixtures.ts).

/** Signs up a brand-new owner through the form and lands on the dashboard. */
async function signUpThroughForm(page: Page, names: { firstName: string; lastName: string }) {
  const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Join ShineRoute' })).toBeVisible();
  await page.getByLabel('First name').fill(names.firstName);
  await page.getByLabel('Last name').fill(names.lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('e2e-password-123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a signed-out visit to /dashboard lands on /auth', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('sign-up lands on the dashboard with the welcome and tier badge', async ({ page }) => {
  await signUpThroughForm(page, { firstName: 'Jamie', lastName: 'Rivera' });
  await expect(
    page.getByText('Account created! Please check your email to verify your account.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Welcome back, Jamie Rivera')).toBeVisible();
  await expect(page.getByText('Starter', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Complete Verification' })).toBeVisible();
  await expect(page.getByTestId('stat-Total Revenue')).toHaveText('$0.00');
});

test('a wrong password shows the service message', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(DEMO_OWNER.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a field in error says so to assistive technology: invalid, and described by its message', async ({
  page,
}) => {
  await page.goto('/auth');
  const email = page.getByLabel('Email');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await expect(email).not.toHaveAttribute('aria-describedby');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Email is required');
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Password is required');
  // Corrected, the field is no longer described as in error.
  await email.fill(DEMO_OWNER.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
});

test('the demo owner sees real totals; sign-out shows Sign In in the header', async ({ page }) => {
  await signIn(page, DEMO_OWNER);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Lone Star Mobile Detailing' })).toBeVisible();
  await expect(page.getByText('Elite', { exact: true })).toBeVisible();
  // The card shows the server's count: the 35 seeded bookings, plus any lead an earlier journey assigned to the demo
  // business (admin-leads.spec).
  const { stats } = (await (await page.request.get('/api/dashboard')).json()) as {
    stats: { totalBookings: number };
  };
  const { totalBookings } = stats;
  expect(totalBookings).toBeGreaterThanOrEqual(35);
  await expect(page.getByTestId('stat-Total Bookings')).toHaveText(String(totalBookings));
  for (const label of ['SEO Marketing', 'Invoices & Quotes', 'SMS & Email Campaigns', 'Service Areas']) {
    await expect(page.getByRole('main').getByRole('link', { name: new RegExp(label) })).toBeVisible();
  }
  // A signed-in visitor of /auth goes to the dashboard; the session survives a reload.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Lone Star Mobile Detailing' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
});

// /auth is rendered on the server with a plain-DOM island (docs/decisions/0913): the journeys below walk it as a
// visitor arriving by URL does; the last ones walk the web app's own /auth (a signed-out visit to an owner screen).

test('an admin signs in on the server-rendered form and lands on /admin', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('link', { name: /SEO Generator/ }).first()).toBeVisible();
});

test('validation errors show before any request is made, and follow what is typed', async ({ page }) => {
  const authCalls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/auth/')) authCalls.push(req.url());
  });
  await page.goto('/auth');
  await expect(page).toHaveTitle('Sign in | ShineRoute');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Join ShineRoute' })).toBeVisible();
  await expect(page).toHaveTitle('Start your free trial | ShineRoute');
  await expect(page.getByText('At least 8 characters', { exact: true })).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByLabel('First name')).toHaveAccessibleDescription('First name is required');
  await expect(page.getByLabel('Last name')).toHaveAccessibleDescription('Last name is required');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address');
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription(
    'Password must be at least 8 characters',
  );
  // The hint gives way to the error; the first field in error has the focus.
  await expect(page.getByText('At least 8 characters', { exact: true })).toBeHidden();
  await expect(page.getByLabel('First name')).toBeFocused();
  // Fixed as typed (after a first submit, errors follow the input).
  await page.getByLabel('Password').fill('long-enough-password');
  await expect(page.getByLabel('Password')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('At least 8 characters', { exact: true })).toBeVisible();
  expect(authCalls).toEqual([]);
  // Back to sign-in: an empty form without errors.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('First name')).toBeHidden();
});

test('signing in with the keyboard only', async ({ page }) => {
  await page.goto('/auth');
  const email = page.getByLabel('Email');
  for (let i = 0; i < 20 && !(await email.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(email).toBeFocused();
  await page.keyboard.type(DEMO_OWNER.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(DEMO_OWNER.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Lone Star Mobile Detailing' })).toBeVisible();
});

test('an email already registered, and a forgotten password, answer as the service says', async ({
  page,
}) => {
  await page.goto('/auth?mode=signup');
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Duplicate');
  await page.getByLabel('Email').fill(DEMO_OWNER.email);
  await page.getByLabel('Password').fill('e2e-password-123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(/already exists/i)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();

  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(DEMO_OWNER.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText('If an account exists for that email, a reset link is on its way.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('a reload of /auth after being sent there from an owner screen still goes back to it', async ({
  page,
}) => {
  await page.goto('/bookings');
  await expect(page).toHaveURL(/\/auth$/);
  // The web app's own /auth, reloaded: now the server-rendered page, with the history entry's state.
  await page.reload();
  await page.getByLabel('Email').fill(DEMO_OWNER.email);
  await page.getByLabel('Password').fill(DEMO_OWNER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/bookings$/);
});

test("the web app's /auth (a signed-out visit to an owner screen) signs in with the same form", async ({
  page,
}) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Email is required');
  await page.getByLabel('Email').fill(DEMO_OWNER.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password').fill(DEMO_OWNER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Lone Star Mobile Detailing' })).toBeVisible();
});
