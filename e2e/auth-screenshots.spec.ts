import { expect, test } from '@playwright/test';
import { shot } from './screenshot';

// /auth's states saved for people to look at and to compare with earlier builds (test-results/screenshots/auth-*):
// sign-in, sign-up (with a chosen plan), the inline errors, the forgot-password form (docs/decisions/0913).
const WIDTHS = [390, 1280];

for (const width of WIDTHS) {
  test(`/auth screenshots at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    const settledShot = async (name: string) => {
      // No caret, focus ring or hover colour differences between runs.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.mouse.move(0, 0);
      // The colour a blur or the pointer leaving starts fading is shot at its end.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await shot(page, `auth-${name}`, { hideCaret: true });
    };

    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await settledShot('signin');

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Password is required');
    await settledShot('signin-errors');

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await settledShot('forgot');

    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Join ShineRoute' })).toBeVisible();
    await settledShot('signup');

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters',
    );
    await settledShot('signup-errors');

    await page.goto('/auth?mode=signup&plan=pro');
    await expect(page.getByTestId('chosen-plan')).toContainText('Pro plan');
    await settledShot('signup-plan');

    await page.goto('/auth?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await settledShot('reset');
  });
}
