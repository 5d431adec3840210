import { displayMessages } from '@lm/domain';
import { demoUsers } from '../support/demo';
import { expect, loginAs, skipWelcomeVideo, snap, test } from '../support/fixtures';

test('Home shows the Welcome heading and the walk-through once per browser', async ({ page }) => {
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'A quick walk-through' });
  await expect(dialog).toBeVisible();
  await snap(page, 'home-walkthrough');
  await dialog.getByRole('button', { name: 'Got it' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await snap(page, 'home');
});

test('the footer carries Borrow, Invest, Broker, About, social links, copyright, phone, terms and privacy', async ({
  page,
}) => {
  await page.goto('/login');
  const footer = page.getByRole('contentinfo');
  for (const name of [
    'Borrow',
    'Invest',
    'Broker',
    'About',
    'LinkedIn',
    'Facebook',
    'Terms of use',
    'Privacy policy',
  ]) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(footer.getByText(/©\s*\d{4}/)).toBeVisible();
  await expect(footer.getByText(/Call us on/)).toBeVisible();
  await footer.getByRole('link', { name: 'Invest', exact: true }).click();
  await expect(page).toHaveURL(/\/invest$/);
});

test('the FAQ has its seven questions and the support hours', async ({ page }) => {
  await skipWelcomeVideo(page);
  await loginAs(page, 'investor');
  await page.goto('/faq');
  const questions = page.getByRole('button', { expanded: false });
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(7);
  await expect(questions).toHaveCount(7);
  await page.getByRole('button', { name: 'How do I add funds to my account?' }).click();
  await expect(page.getByText(/2-3 business days/)).toBeVisible();
  await expect(page.getByText(/8:30am-5:30pm Monday to Friday AEST/)).toBeVisible();
  await snap(page, 'faq');
});

test('profile tabs follow the role', async ({ page }) => {
  await skipWelcomeVideo(page);
  await loginAs(page, 'investor');
  await page.goto('/profile');
  const tabs = page.getByRole('tablist', { name: 'Profile sections' }).getByRole('tab');
  await expect(tabs).toHaveText(['Profile', 'Deposit Funds', 'Withdraw Funds', 'Change Password']);
  await expect(page.getByText(demoUsers.investor.email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Accounts' }).last()).toBeVisible();
  await snap(page, 'profile-investor');

  await page.goto('/logout');
  await loginAs(page, 'management');
  await page.goto('/profile/deposit');
  await expect(tabs).toHaveText(['Profile', 'Change Password']);
  await expect(page.getByText(demoUsers.management.email)).toBeVisible();
  await snap(page, 'profile-management');
});

test('IE and Edge get the unsupported-browser page', async ({ browser, baseURL }) => {
  for (const userAgent of [
    'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
  ]) {
    const context = await browser.newContext({ userAgent, ...(baseURL ? { baseURL } : {}) });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Unsupported browser' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Google Chrome' })).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveCount(0);
    await snap(page, 'unsupported-browser');
    await context.close();
  }
});

test('the system-maintenance page shows while the platform does not answer', async ({ page }) => {
  let down = true;
  await page.route('**/api/health', (route) => (down ? route.abort('connectionrefused') : route.continue()));
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'System maintenance' })).toBeVisible();
  await snap(page, 'maintenance');
  down = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
});

test('a screen that fails to render shows the error-boundary message inside the chrome', async ({ page }) => {
  await skipWelcomeVideo(page);
  await loginAs(page, 'support');
  // malformed data from the server: a phone number that is an object cannot be rendered
  await page.route('**/api/user/details', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.mobileNumber1 = { unexpected: true };
    await route.fulfill({ response, json: body });
  });
  page.on('pageerror', () => undefined);
  await page.goto('/profile');
  await expect(page.getByTestId('error-boundary')).toContainText(displayMessages.renderFailure);
  await expect(page.getByText(displayMessages.renderFailure, { exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Open menu' })).toBeVisible();
  await snap(page, 'error-boundary');
  // another screen renders again
  await page.unroute('**/api/user/details');
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
});
