import { expect, expectAccessible, loginAs, skipWelcomeVideo, test } from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await skipWelcomeVideo(page);
});

test('login and reset-password have no serious or critical axe violation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/reset-password');
  await page.getByRole('button', { name: 'Enter Code' }).click();
  await expect(page.getByLabel('Verification code')).toBeVisible();
  await expectAccessible(page);
});

test('the dashboard shell, profile and FAQ have no serious or critical axe violation', async ({ page }) => {
  await loginAs(page, 'investor');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/profile');
  await expect(page.getByText('investor@example.com')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/profile/change-password');
  await expect(page.getByLabel('Current password')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/faq');
  await page.getByRole('button', { name: 'How do I withdraw funds?' }).click();
  await expectAccessible(page);
  // the drawer menu of a staff role
  await page.goto('/logout');
  await loginAs(page, 'management');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expectAccessible(page);
});
