import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { demoPassword, demoUsers } from '../support/demo';
import {
  expect as baseExpect,
  expectAccessible,
  latestMailedCode,
  loginAs,
  menuLabels,
  skipWelcomeVideo,
  snap,
  submitLogin,
  test,
} from '../support/fixtures';

/**
 * What new users tripped over (the defects list of the finishing issue), each as the user meets it:
 * a toast announced while a dialog is open, the investor's withdrawal requests (awaiting
 * verification, a new code, cancelled), the marketplace account kept across screens, the error
 * state of a list that could not be fetched, an error toast gone once the action succeeds, the
 * current password refused as the new one, the phone menu, future-dated receipts and the full
 * Issue text, IE's page, and the welcome video with captions.
 */

// screens load slowly on a shared two-core machine: a minute before an expectation fails
const expect = baseExpect.configure({ timeout: 60_000 });

const shots = process.env.DEFECTS_SHOTS_DIR ?? '/tmp/shots-defects';
async function shot(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  await snap(page, `defects-${name}`);
}

/** True when the element or one of its ancestors is hidden from assistive technology. */
async function insideAriaHidden(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.closest('[aria-hidden="true"]') !== null);
}

const mainAccount = 'Ivy Investor';
const offshoreAccount = 'Ivy Investor (Offshore)';

async function chooseWithdrawAccount(page: Page, name: string) {
  await page.getByRole('combobox', { name: /^Account/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')} \\(\\d+\\)$`) }).click();
}

test.beforeEach(async ({ page }) => {
  // a shared two-core machine: every journey here gets three times the usual time
  test.slow();
  await skipWelcomeVideo(page);
});

test('withdrawals: a wrong code is announced inside the dialog; a request left unverified can be re-opened, given a new code, or cancelled', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await loginAs(page, 'investor');
  await page.goto('/profile/withdraw');
  await chooseWithdrawAccount(page, mainAccount);
  const available = page.getByTestId('withdraw-available-balance');
  await expect(available).toHaveText(/^\$[\d,]+\.\d{2}$/);
  const availableBefore = await available.textContent();

  await page.getByRole('textbox', { name: /^Amount/ }).fill('12.34');
  await page.getByRole('button', { name: 'Withdraw Funds' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Withdrawal' });
  await confirm.getByLabel('Confirm amount').fill('12.34');
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  const verify = page.getByRole('dialog', { name: 'Verify Withdrawal' });
  await expect(verify).toBeVisible();

  // a wrong code: the toast is an alert outside everything the open dialog hides
  const code = latestMailedCode(demoUsers.investor.email);
  await verify.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
  await verify.getByRole('button', { name: 'Verify', exact: true }).click();
  const wrong = page.getByRole('alert').filter({ hasText: 'The verification code is incorrect. 4 tries left.' });
  await expect(wrong).toBeVisible();
  expect(await insideAriaHidden(wrong)).toBe(false);
  await expect(verify).toBeVisible();
  // the accessibility tree (what a screen reader reads) holds the message while the dialog is open
  const tree = await page.locator('html').ariaSnapshot();
  expect(tree).toContain('The verification code is incorrect. 4 tries left.');
  await shot(page, 'toast-announced-in-dialog');

  // closing the dialog leaves the request awaiting verification, and the screen says so
  await verify.getByRole('button', { name: 'Later' }).click();
  await expect(verify).toBeHidden();
  const requests = page.getByRole('table', { name: 'Withdrawal Requests' });
  const row = requests.getByRole('row').filter({ hasText: '$12.34' }).first();
  await expect(row).toContainText('Awaiting verification');
  await expect(row).toContainText(/The code expires at/);
  await shot(page, 'withdrawal-awaiting-verification');
  await expectAccessible(page);

  // a new code, then the request re-opened and cancelled: the amount is available again
  await row.getByRole('button', { name: /^Send a new code/ }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'A new verification code has been emailed to you.' }),
  ).toBeVisible();
  await row.getByRole('button', { name: /^Verify withdrawal/ }).click();
  await expect(verify).toBeVisible();
  await verify.getByRole('button', { name: 'Later' }).click();
  await row.getByRole('button', { name: /^Cancel the withdrawal/ }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel Withdrawal' });
  await expect(cancelDialog).toContainText('Cancel the withdrawal of $12.34?');
  await cancelDialog.getByRole('button', { name: 'Cancel Withdrawal' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Withdrawal cancelled. The amount is available again.' }),
  ).toBeVisible();
  await expect(row).toContainText('Cancelled by you');
  await expect(row.getByRole('button')).toHaveCount(0);
  await expect(available).toHaveText(availableBefore ?? '');
  await shot(page, 'withdrawal-cancelled');
});

test('marketplace: the account chosen in the header stays chosen on a loan, in the Invest dialog and after leaving', async ({
  page,
}) => {
  await loginAs(page, 'investor');
  await page.goto('/marketplace');
  const header = page.getByRole('region', { name: 'Investment account' });
  const selector = header.getByRole('combobox', { name: 'Investment Account' });
  await expect(selector).toContainText(mainAccount, { timeout: 60_000 });
  await selector.click();
  await page.getByRole('option', { name: new RegExp(`^${offshoreAccount.replace(/[()]/g, '\\$&')}`) }).click();
  await expect(selector).toContainText(offshoreAccount);

  await page.getByRole('grid').getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/marketplace\/\d+/);
  await expect(selector).toContainText(offshoreAccount);
  await page.getByRole('button', { name: 'Invest', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Invest' });
  await expect(dialog.getByRole('combobox', { name: 'Investment Account' })).toContainText(offshoreAccount);
  await shot(page, 'marketplace-invest-keeps-account');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/dashboard');
  await page.goto('/marketplace');
  await expect(selector).toContainText(offshoreAccount);
});

test('a list that could not be fetched says so instead of "No data to display"', async ({ page }) => {
  await loginAs(page, 'management');
  const investorsList = (url: URL) => url.pathname === '/api/investors';
  await page.route(investorsList, (route) => route.abort('internetdisconnected'));
  await page.goto('/investors');
  const failure = page.getByTestId('table-fetch-error');
  // after the reads' two retries
  await expect(failure).toContainText('Failed to fetch data. Please check your internet connection.', {
    timeout: 60_000,
  });
  await expect(page.getByText('No data to display')).toHaveCount(0);
  await shot(page, 'list-fetch-error');
  // back online, Retry fills the list
  await page.unroute(investorsList);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test('a wrong reset code, then the right one: the error toast goes when the reset succeeds', async ({ page }) => {
  const email = demoUsers.support.email;
  await page.goto('/reset-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByTestId('toast-info')).toHaveText('Verification code sent');
  const code = latestMailedCode(email);
  await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
  // the same password as before: the other journeys still sign in with it
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(demoPassword);
  await page.getByLabel('Confirm new password').fill(demoPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByTestId('toast-error')).toHaveText(
    'The code is invalid or has expired. Please request a new code.',
  );
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByTestId('toast-success')).toHaveText('Password reset');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('toast-error')).toHaveCount(0);
  await submitLogin(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('Change Password refuses the current password as the new one', async ({ page }) => {
  let sent = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/user/update')) sent = true;
  });
  await loginAs(page, 'auditor');
  await page.goto('/profile/change-password');
  await page.getByLabel('Current password').fill(demoPassword);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(demoPassword);
  await page.getByLabel('Confirm new password').fill(demoPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('The new password must be different from your current password.')).toBeVisible();
  expect(sent).toBe(false);
  await shot(page, 'change-password-same');
});

test('on a 390px phone the investor menu is a menu button with every item in a drawer', async ({ page }) => {
  // signed in on a wide screen (the phone hides the user's name that loginAs waits for), then the phone
  await loginAs(page, 'investor');
  await page.setViewportSize({ width: 390, height: 844 });
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(banner.getByRole('tablist')).toHaveCount(0);
  await shot(page, 'phone-menu-closed');
  const { kind, labels } = await menuLabels(page);
  expect(kind).toBe('drawer');
  expect(labels).toEqual(['Dashboard', 'Marketplace', 'Portfolio', 'Reports', 'Accounts', 'Profile', 'FAQ', 'Logout']);
  await banner.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  for (const label of labels) await expect(nav.getByRole('link', { name: label, exact: true })).toBeInViewport();
  await shot(page, 'phone-menu-open');
  await nav.getByRole('link', { name: 'Portfolio', exact: true }).click();
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(nav).toBeHidden();
});

test('staged receipts: a receipt dated in the future is flagged without blocking, and the Issue text is shown whole', async ({
  page,
}) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lm-receipts-')), 'receipts-future.csv');
  fs.writeFileSync(
    file,
    [
      'thirdPartyLoanId,receiptId,receiptDate,netAmount,grossAmount,batchNumber',
      'NO-SUCH-LOAN-WITH-A-LONG-THIRD-PARTY-ID,RCPT-F-001,2099-03-01,100.00,100.00,B-F',
    ].join('\r\n'),
  );
  await loginAs(page, 'management');
  await page.goto('/transactions/repayments/upload');
  await page.locator('input[type=file]').setInputFiles(file);
  await page.getByRole('button', { name: 'Next' }).click();
  const alert = page.getByTestId('future-dated-receipts');
  await expect(alert).toContainText('1 receipt is dated in the future');
  await expect(alert).toContainText(
    'Line 2: The receipt date 01/03/2099 is in the future. Check it before publishing.',
  );
  const grid = page.getByRole('grid', { name: 'Staged repayments' });
  const issue = grid.locator('[role="gridcell"][data-field="issue"]').first();
  await expect(issue).toContainText('No loan has the third-party id NO-SUCH-LOAN-WITH-A-LONG-THIRD-PARTY-ID.');
  await expect(issue).toContainText('The receipt date 01/03/2099 is in the future.');
  // nothing cut off: the cell is as tall and as wide as its text
  const clipped = await issue.evaluate((cell) => {
    const inner = cell.firstElementChild as HTMLElement | null;
    return (
      cell.scrollHeight > cell.clientHeight + 1 ||
      cell.scrollWidth > cell.clientWidth + 1 ||
      (inner !== null && inner.scrollHeight > inner.clientHeight + 1)
    );
  });
  expect(clipped).toBe(false);
  // and in view without scrolling the table sideways
  await expect(issue).toBeInViewport({ ratio: 1 });
  // an alert, not a block: the row can be selected
  await expect(grid.getByRole('row').nth(1).getByRole('checkbox')).toBeEnabled();
  await shot(page, 'receipts-future-dated');
});

test("the Investors list's Investor Applications button opens the onboarding review", async ({ page }) => {
  await loginAs(page, 'management');
  await page.goto('/investors');
  await expect(page.getByRole('button', { name: 'Filter Investors' })).toBeVisible();
  await page.getByRole('link', { name: 'Investor Applications' }).click();
  await expect(page).toHaveURL(/\/onboarding\/investorApplications$/);
  await expect(page.getByRole('tab', { name: 'Applications' })).toBeVisible();
});

test('Internet Explorer gets the unsupported-browser page, from the server and from the no-module script', async ({
  browser,
  baseURL,
}) => {
  const ie = await browser.newContext({
    baseURL,
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  });
  const iePage = await ie.newPage();
  await iePage.goto('/login');
  await expect(iePage.getByRole('heading', { name: 'Unsupported browser', level: 1 })).toBeVisible();
  await expect(
    iePage.getByText('Lending Marketplace does not support Internet Explorer or Microsoft Edge.'),
  ).toBeVisible();
  await expect(iePage.getByRole('link', { name: 'Google Chrome' })).toHaveAttribute(
    'href',
    'https://www.google.com/chrome/',
  );
  await shot(iePage, 'ie11-server-page');
  await ie.close();

  // a browser without module scripts runs index.html's nomodule script: it goes to the page
  const plain = await browser.newContext({ baseURL });
  const page = await plain.newPage();
  const index = await (await page.request.get('/')).text();
  expect(index).toMatch(/<script nomodule src="\/unsupported-browser\.js"><\/script>/);
  await page.goto('/faq');
  // the script navigates as it runs: the page's context can go before addScriptTag returns
  await page.addScriptTag({ url: '/unsupported-browser.js' }).catch((error: unknown) => {
    if (!/Execution context was destroyed/.test(String(error))) throw error;
  });
  await expect(page).toHaveURL(/\/unsupported-browser$/);
  await expect(page.getByRole('heading', { name: 'Unsupported browser', level: 1 })).toBeVisible();
  await plain.close();
});

test('the welcome dialog plays a walk-through of the screens with captions', async ({ browser, baseURL }) => {
  // a first visit: the dialog opens by itself
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'A quick walk-through' });
  await expect(dialog).toBeVisible();
  const video = dialog.locator('video');
  await expect(video).toHaveAttribute('controls', '');
  await expect(video.locator('track[kind="captions"]')).toHaveAttribute('srclang', 'en');
  const media = await video.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<{ duration: number; width: number; cues: string[] }>((resolve, reject) => {
        const track = element.textTracks[0];
        if (track) track.mode = 'showing';
        const done = () => {
          const cues = Array.from(track?.cues ?? []).map((cue) => (cue as VTTCue).text);
          resolve({ duration: element.duration, width: element.videoWidth, cues });
        };
        element.addEventListener('error', () => reject(new Error('the video did not load')));
        element.preload = 'auto';
        element.load();
        element.addEventListener('loadeddata', () => setTimeout(done, 500), { once: true });
      }),
  );
  expect(media.duration).toBeGreaterThan(10);
  expect(media.width).toBeGreaterThan(0);
  expect(media.cues[0]).toMatch(/^Dashboard: /);
  expect(media.cues).toHaveLength(5);
  await shot(page, 'welcome-video');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Got it' }).click();
  await expect(dialog).toBeHidden();
  await context.close();
});
