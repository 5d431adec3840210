import { displayMessages } from '@lm/domain';
import { expect, loginAs, openMenuItem, test } from '../support/fixtures';

// A screen's code is loaded on demand (app/screens.tsx, shared/lazy/on-demand.tsx), not by React.lazy under
// Suspense: these journeys pin down what that loader must still do.

test('a screen whose code fails to download shows the render-failure page, and the next visit loads it', async ({
  page,
}) => {
  await loginAs(page, 'management');
  // the loan list's own chunk fails once, as after a deploy that removed the old files
  let refused = 0;
  await page.route(/\/assets\/loans-page-[^/]*\.js$/, async (route) => {
    refused += 1;
    await route.abort('failed');
  });
  await page.goto('/loans');
  await expect(page.getByTestId('error-boundary')).toBeVisible();
  await expect(page.getByText(displayMessages.renderFailure)).toBeVisible();
  // the menu and footer stay: the failure is the screen's, inside the layout
  await expect(page.getByRole('banner')).toBeVisible();
  expect(refused).toBeGreaterThan(0);

  // the download works again: a failed load is not remembered, the next visit asks again
  await page.unroute(/\/assets\/loans-page-[^/]*\.js$/);
  await openMenuItem(page, 'Dashboard');
  await openMenuItem(page, 'Loans');
  await expect(page.getByTestId('error-boundary')).toHaveCount(0);
  await expect(page.locator('[role="row"][data-rowindex]').first()).toBeVisible();
});

test('a screen shows the loading page while its code loads, then the screen', async ({ page }) => {
  await loginAs(page, 'management');
  // hold the transactions screen's chunk back until the loading page has been seen
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/transactions-page-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await openMenuItem(page, 'Transactions');
  await expect(page.getByRole('progressbar').first()).toBeVisible();
  release();
  await expect(page.locator('[role="row"][data-rowindex]').first()).toBeVisible();
  await expect(page.getByTestId('error-boundary')).toHaveCount(0);
});

test("the menu's drawer loads on its first use: the login page goes without it, a failed download is a toast, the next press opens it", async ({
  page,
}) => {
  const drawerChunk = /\/assets\/menu-drawer-[^/]*\.js$/;
  const asked: string[] = [];
  page.on('request', (request) => {
    if (drawerChunk.test(request.url())) asked.push(request.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(asked).toEqual([]);

  // the administrator's menu is a drawer (more items than tabs hold); its chunk fails once
  await loginAs(page, 'management');
  let refused = 0;
  await page.route(drawerChunk, async (route) => {
    refused += 1;
    await route.abort('failed');
  });
  const button = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
  await button.click();
  await expect(page.getByTestId('toast-error')).toContainText(displayMessages.fetchFailed);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  expect(refused).toBeGreaterThan(0);
  // the page is still whole, and the next press downloads the drawer again and opens it
  await expect(page.getByTestId('error-boundary')).toHaveCount(0);
  await page.unroute(drawerChunk);
  await button.click();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Loans' })).toBeVisible();
});
