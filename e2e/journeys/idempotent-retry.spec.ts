import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect, loginAs, openMenuItem, skipWelcomeVideo, snap, test } from '../support/fixtures';

/**
 * One Idempotency-Key per intended operation (ADR 007): the server takes a deposit, but its answer
 * never reaches the browser (a timeout). The confirmation stays open; Confirm again resends the
 * SAME key, so the server answers the first result and the money moves once. A new opening of the
 * confirmation is a new operation with a new key.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
const accountName = 'Ivy Investor (Offshore)';

function cents(text: string): bigint {
  const match = /^(-)?\$([\d,]+)\.(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  const value = BigInt(match[2]!.replace(/,/g, '')) * 100n + BigInt(match[3]!);
  return match[1] ? -value : value;
}

function currentBalance(page: Page): Locator {
  return page
    .getByRole('region', { name: 'Account', exact: true })
    .locator('dt')
    .filter({ hasText: /^Current Balance$/ })
    .locator('xpath=following-sibling::dd[1]');
}

async function openStaffAccount(page: Page, name: string): Promise<void> {
  await openMenuItem(page, 'Accounts');
  await expect(page).toHaveURL(/\/investorAccounts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Investor Accounts' })).toBeVisible();
  // the demo book's accounts fit on the first page
  await page.getByRole('gridcell', { name, exact: true }).click();
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deposit Funds' })).toBeVisible();
}

async function depositThroughConfirmation(page: Page, amount: string, comment: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Deposit Funds' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deposit Funds' });
  await dialog.getByLabel('Deposit Amount').fill(amount);
  await dialog.getByRole('textbox', { name: /^Comment/ }).fill(comment);
  await dialog.getByRole('button', { name: 'Deposit', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Deposit' });
  await confirm.getByRole('button', { name: 'Deposit', exact: true }).click();
  return confirm;
}

test.beforeEach(async ({ page }) => {
  await skipWelcomeVideo(page);
});

test('a deposit whose answer is lost, confirmed again, moves money once; a new confirmation is a new deposit', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await loginAs(page, 'management');
  await openStaffAccount(page, accountName);
  await expect(currentBalance(page)).toHaveText(/^\$[\d,]+\.\d{2}$/);
  const before = cents((await currentBalance(page).textContent()) ?? '');

  const keys: string[] = [];
  let lost = 0;
  await page.route('**/api/investmentAccounts/*/deposit', async (route) => {
    keys.push((await route.request().headerValue('idempotency-key')) ?? '');
    if (lost === 0) {
      lost++;
      await route.fetch(); // the server takes the deposit...
      await route.abort('timedout'); // ...and its answer never arrives
      return;
    }
    await route.continue();
  });

  const confirm = await depositThroughConfirmation(page, '77.71', 'Lost answer, retried');
  await expect.poll(() => keys.length).toBe(1);
  // the failure leaves the confirmation open to try again
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Deposit', exact: true })).toBeEnabled();
  await snap(page, 'idempotent-retry-after-lost-answer');
  await confirm.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(page.getByTestId('toast-success')).toHaveText('Deposit successful');
  await expect(confirm).toBeHidden();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[\x21-\x7e]+$/);
  expect(keys[1]).toBe(keys[0]);
  // once: $77.71, not twice
  await expect(currentBalance(page)).toHaveText(formatCents(before + 7_771n));

  // the same input confirmed anew is another deposit, under another key
  await depositThroughConfirmation(page, '77.71', 'Lost answer, retried');
  await expect(page.getByTestId('toast-success').last()).toHaveText('Deposit successful');
  expect(keys).toHaveLength(3);
  expect(keys[2]).not.toBe(keys[0]);
  await expect(currentBalance(page)).toHaveText(formatCents(before + 2n * 7_771n));
  await snap(page, 'idempotent-retry-balance');
});

function formatCents(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
}
