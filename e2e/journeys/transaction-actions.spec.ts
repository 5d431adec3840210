import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { demoPassword, demoUsers } from '../support/demo';
import {
  expect as baseExpect,
  expectAccessible,
  expectToastAndClose,
  loginAs,
  skipWelcomeVideo,
  snap,
  test,
} from '../support/fixtures';

/**
 * Transaction actions and the History tab (issue "Back office ... finished", Must show):
 * management edits a deposit's comment and reverses the deposit, then reads both changes in the
 * History tab; support sees the same history and no actions; keyboard only, a transaction and a
 * loan open from their lists (arrow to a row, Enter).
 */

// the screens load their chunks lazily; a busy machine needs more than the default
const expect = baseExpect.configure({ timeout: 90_000 });
const shotsDir = process.env.SHOTS_DIR ?? '';

async function shot(page: Page, name: string) {
  await snap(page, name);
  if (shotsDir) {
    fs.mkdirSync(shotsDir, { recursive: true });
    await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
  }
}

const comment = `Journey deposit ${Date.now()}`;
const reconciled = `${comment}, reconciled`;
let depositId = 0;

async function token(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email, password: demoPassword } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** Today in Sydney, the business date the deposit is dated with. */
function sydneyToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
}

/** A fresh deposit of $123.45 into the investor's main account, so the journey reverses money it put there. */
async function depositForTheJourney(request: APIRequestContext): Promise<number> {
  const headers = { authorization: `Bearer ${await token(request, demoUsers.management.email)}` };
  const accounts = await request.get('/api/investmentAccounts', {
    headers,
    params: { $filter: `name eq '${demoUsers.investor.name}'`, $top: 1 },
  });
  const accountId = ((await accounts.json()) as { data: { id: number }[] }).data[0]?.id;
  expect(accountId).toBeTruthy();
  const deposit = await request.post(`/api/investmentAccounts/${accountId}/deposit`, {
    headers,
    data: { amount: 123.45, comment, depositDate: sydneyToday() },
  });
  expect(deposit.ok(), await deposit.text()).toBe(true);
  return ((await deposit.json()) as { data: { id: number } }).data.id;
}

/** Keyboard only: the first row's cell takes focus, ArrowDown moves to the second row, Enter opens it. */
async function openSecondRowByKeyboard(page: Page, grid: string, basePath: string) {
  const rows = page.getByRole('grid', { name: grid }).locator('[role="row"][data-id]');
  await expect(rows.nth(1)).toBeVisible();
  const secondId = await rows.nth(1).getAttribute('data-id');
  await rows.first().locator('[role="gridcell"]').first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${basePath}/${secondId}(\\?|$)`));
}

function historyRows(page: Page) {
  return page.getByRole('table', { name: 'History' }).locator('tbody tr');
}

test.describe
  .serial('transaction actions and history', () => {
    test.beforeEach(async ({ page }) => {
      // the screens load their chunks lazily and the journey walks many of them
      test.setTimeout(480_000);
      await skipWelcomeVideo(page);
    });

    test('management edits a deposit, reverses it and reads both changes in its History tab', async ({
      page,
      request,
    }) => {
      depositId = await depositForTheJourney(request);
      await loginAs(page, 'management');

      // keyboard only: a transaction and a loan open from their lists
      await page.goto('/transactions');
      await openSecondRowByKeyboard(page, 'Transactions', '/transactions');
      await expect(page.getByRole('tab', { name: 'History' })).toBeVisible();
      await page.goto('/loans');
      await openSecondRowByKeyboard(page, 'Loans', '/loans');
      await expect(page.getByRole('tab', { name: 'History' })).toBeVisible();

      await page.goto(`/transactions/${depositId}`);
      await expect(page.getByRole('heading', { name: `Transaction ${depositId}` })).toBeVisible();

      // Edit: the confirmation shows the change, before -> after
      await page.getByRole('button', { name: 'Edit Transaction' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Transaction' });
      await expect(edit.getByRole('combobox', { name: 'Status' })).toHaveCount(0); // a finalised deposit keeps its status
      const save = edit.getByRole('button', { name: 'Save' });
      await expect(save).toBeDisabled();
      await edit.getByRole('textbox', { name: 'Comment', exact: true }).fill(reconciled);
      await expect(save).toBeEnabled();
      await save.click();
      const confirmEdit = page.getByRole('dialog', { name: 'Confirm Transaction Changes' });
      await expect(confirmEdit.getByRole('list', { name: 'Changes' })).toHaveText(
        `Comment: ‘${comment}’ → ‘${reconciled}’`,
      );
      await shot(page, 'transaction-actions-edit-confirm');
      await confirmEdit.getByRole('button', { name: 'Save Changes' }).click();
      await expectToastAndClose(page, 'Changes were processed');
      await expect(page.getByText(reconciled)).toBeVisible();

      // Reverse: the confirmation says it is a reversal by a new entry, not a deletion
      await page.getByRole('button', { name: 'Reverse' }).click();
      const reverse = page.getByRole('dialog', { name: 'Reverse Deposit' });
      await expect(reverse).toContainText(`Reverse deposit ${depositId} of $123.45`);
      await expect(reverse).toContainText('A new reversal entry takes $123.45 back out of the account.');
      await expect(reverse).toContainText('Nothing is deleted');
      await shot(page, 'transaction-actions-reverse-confirm');
      await reverse.getByRole('button', { name: 'Reverse' }).click();
      await expectToastAndClose(page, 'Changes were processed');
      // the refreshed row names its reversal and cannot be reversed again
      await expect(page.getByRole('button', { name: 'Reverse' })).toBeDisabled();
      await expect(page.getByText('This transaction has already been reversed.')).toBeVisible();
      const reversedBy = page.getByText('Reversed By', { exact: true }).locator('..').getByRole('link');
      await expect(reversedBy).toHaveText(/^\d+$/);
      const reversalId = (await reversedBy.textContent())?.trim() ?? '';
      await shot(page, 'transaction-actions-reversed');

      // History: newest first, who, what, before -> after
      await page.getByRole('tab', { name: 'History' }).click();
      const rows = historyRows(page);
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(0)).toContainText('Reversed');
      await expect(rows.nth(0)).toContainText(demoUsers.management.name);
      await expect(rows.nth(0)).toContainText(`Reversed By Transaction: — → ${reversalId}`);
      await expect(rows.nth(1)).toContainText('Changed');
      await expect(rows.nth(1)).toContainText(`Comment: ${comment} → ${reconciled}`);
      await expect(rows.nth(2)).toContainText('Created');
      await expect(rows.nth(2)).toContainText('Amount: — → $123.45');
      await expect(rows.nth(0).locator('td').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (am|pm)$/);
      await shot(page, 'transaction-actions-history');
      await expectAccessible(page);
    });

    test('support sees the history but no actions', async ({ page }) => {
      expect(depositId).toBeGreaterThan(0);
      await loginAs(page, 'support');
      await page.goto(`/transactions/${depositId}`);
      await expect(page.getByRole('heading', { name: `Transaction ${depositId}` })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Edit Transaction' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /Reverse|Cancel Withdrawal/ })).toHaveCount(0);
      await page.getByRole('tab', { name: 'History' }).click();
      const rows = historyRows(page);
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(1)).toContainText(`Comment: ${comment} → ${reconciled}`);
      await shot(page, 'transaction-actions-support-history');
    });
  });
