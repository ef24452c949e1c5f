import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export const DEMO_OWNER = { email: 'owner@shineroute.test', password: 'shine-demo-owner' };
export const DEMO_ADMIN = { email: 'admin@shineroute.test', password: 'shine-demo-admin' };

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Owners land on /dashboard, platform admins on /admin (issue 16).
  await expect(page).toHaveURL(/\/(dashboard|admin)$/);
}

/** Signs up a brand-new owner through the form and lands on the dashboard. */
export async function signUpNewOwner(page: Page, names = { firstName: 'Jamie', lastName: 'Rivera' }) {
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
  return { email, password: 'e2e-password-123', ...names };
}

/**
 * Puts the signed-in owner's business on a plan through the test-mode billing API (new sign-ups start on Starter;
 * journeys through Pro screens call this first — docs/decisions/0803).
 */
export async function setPlan(page: Page, plan: 'starter' | 'pro' | 'elite' | 'franchise') {
  const res = await page.request.put('/api/billing/plan', { data: { plan } });
  expect(res.status()).toBe(200);
}
