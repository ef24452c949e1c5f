import { expect, test } from '@playwright/test';

// /auth's states saved for people to look at and to compare with earlier builds (test-results/screenshots/auth-*):
// sign-in, sign-up (with a chosen plan), the inline errors, the forgot-password form (docs/decisions/0913).
const WIDTHS = [390, 1280];

for (const width of WIDTHS) {
  test(`/auth screenshots at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    const shot = async (name: string) => {
      // No caret, focus ring or hover colour differences between runs.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.mouse.move(0, 0);
      // The colour a blur or the pointer leaving starts fading is shot at its end.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await page.screenshot({
        path: `test-results/screenshots/auth-${name}-${width}.png`,
        fullPage: true,
        caret: 'hide',
      });
    };

    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await shot('signin');

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Password is required');
    await shot('signin-errors');

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await shot('forgot');

    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Join ShineRoute' })).toBeVisible();
    await shot('signup');

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters',
    );
    await shot('signup-errors');

    await page.goto('/auth?mode=signup&plan=pro');
    await expect(page.getByTestId('chosen-plan')).toContainText('Pro plan');
    await shot('signup-plan');

    await page.goto('/auth?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await shot('reset');
  });
}
