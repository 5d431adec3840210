import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import {
  expect as baseExpect,
  expectAccessible,
  latestMailedCode,
  loginAs,
  openMenuItem,
  skipWelcomeVideo,
  snap,
  test,
} from '../support/fixtures';

/**
 * The money core's browser journeys (issue "Money core", Must show): management deposits into an
 * investor's account and the investor sees it in /accounts with the right running balance; the
 * investor lodges a withdrawal, verifies it with the mailed code, management marks it paid, and
 * both screens show the right balances. Amounts are read from the screens before each movement
 * and checked after it in cents, so the journeys hold whatever ran before them.
 */

// the screens load their chunks lazily; a busy machine needs more than the default 10 s
const expect = baseExpect.configure({ timeout: 20_000 });

const investorEmail = 'investor@example.com';
const mainAccount = 'Ivy Investor';
const offshoreAccount = 'Ivy Investor (Offshore)';

// ---- money as the screens show it ($1,234.56), in integer cents

function cents(text: string): bigint {
  const match = /^(-)?\$([\d,]+)\.(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  const value = BigInt(match[2]!.replace(/,/g, '')) * 100n + BigInt(match[3]!);
  return match[1] ? -value : value;
}

function money(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
}

// ---- reading screens

/** The value beside a label in a list of terms (dt/dd). */
function termValue(scope: Locator, label: string): Locator {
  return scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

async function amountOf(locator: Locator): Promise<bigint> {
  return cents((await locator.textContent()) ?? '');
}

/** A table's body rows (the header row has no data-id). */
function gridRows(grid: Locator): Locator {
  return grid.locator('[role="row"][data-id]');
}

/**
 * The newest row of a type and gross amount. Rows sort by finalisedDate descending with pending
 * rows (the demo book's investments in loans still funding) first, so rows are found by what they
 * are, not by where they stand.
 */
function rowOf(grid: Locator, type: string, gross: string): Locator {
  const exactly = (text: string) => new RegExp(`^${text.replace(/[$.()]/g, '\\$&')}$`);
  return gridRows(grid)
    .filter({ has: grid.page().locator('[data-field="type"]', { hasText: exactly(type) }) })
    .filter({ has: grid.page().locator('[data-field="grossAmount"]', { hasText: exactly(gross) }) })
    .first();
}

function cell(row: Locator, field: string): Locator {
  return row.locator(`[role="gridcell"][data-field="${field}"]`);
}

async function closeToasts(page: Page) {
  for (const close of await page
    .getByTestId(/^toast-/)
    .getByRole('button', { name: 'Close' })
    .all()) {
    await close.click().catch(() => undefined);
  }
}

async function logout(page: Page) {
  await openMenuItem(page, 'Logout');
  await expect(page).toHaveURL(/\/login$/);
}

/** Opens /investorAccounts, filters by name and opens the account's Account Information tab. */
async function openStaffAccount(page: Page, name: string): Promise<string> {
  await page.goto('/investorAccounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Investor Accounts' })).toBeVisible();
  await page.getByRole('button', { name: 'Filter Accounts' }).click();
  const filter = page.getByRole('dialog', { name: 'Filter Accounts' });
  await filter.getByLabel('Name', { exact: true }).fill(name);
  await filter.getByRole('button', { name: 'Confirm' }).click();
  await expect(filter).toBeHidden();
  await page.getByRole('gridcell', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Account Information', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  const id = /\/investorAccounts\/(\d+)/.exec(page.url())?.[1];
  if (!id) throw new Error(`no account id in ${page.url()}`);
  return id;
}

function accountSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Account', exact: true });
}

test.beforeEach(async ({ page }) => {
  await skipWelcomeVideo(page);
});

test('management deposits and transfers; the investor sees the deposit in /accounts with its running balance', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const depositCents = 123_456n; // $1,234.56
  const transferCents = 10_000n; // $100.00

  // ---- management: the accounts list with its totals bar and saved queries
  await loginAs(page, 'management');
  await openMenuItem(page, 'Accounts');
  await expect(page).toHaveURL(/\/investorAccounts$/);
  await expect(page.getByTestId('total-available-investor-balance')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  const totalCurrentBefore = await amountOf(page.getByTestId('total-current-investor-balance'));
  await expect(page.getByRole('tab', { name: 'Account Information' })).toBeDisabled();
  await snap(page, 'money-investor-accounts');
  await expectAccessible(page);

  const accountId = await openStaffAccount(page, mainAccount);
  const currentBefore = await amountOf(termValue(accountSection(page), 'Current Balance'));
  const availableBefore = await amountOf(termValue(accountSection(page), 'Available Balance'));
  await expect(page.getByRole('heading', { name: 'Investments', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Transactions related to account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Investors related to account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh Investors related to account' })).toBeVisible();
  const investors = page.getByRole('grid', { name: 'Investors related to account' });
  await expect(cell(gridRows(investors).first(), 'user/email')).toHaveText(investorEmail);

  // ---- Deposit Funds: the form's rules, then a deposit through the confirmation
  await page.getByRole('button', { name: 'Deposit Funds' }).click();
  const depositDialog = page.getByRole('dialog', { name: 'Deposit Funds' });
  await depositDialog.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(depositDialog.getByText('Please input an amount greater than 0')).toBeVisible();
  await expect(depositDialog.getByText('Comment cannot be empty')).toBeVisible();
  await depositDialog.getByLabel('Deposit Amount').fill('1234.56');
  await depositDialog.getByRole('textbox', { name: /^Comment/ }).fill('BPAY receipt 0042');
  await depositDialog.getByLabel('Investor Comment').fill('Thank you for your deposit');
  await snap(page, 'money-deposit-dialog');
  await expectAccessible(page);
  await depositDialog.getByRole('button', { name: 'Deposit', exact: true }).click();
  const confirmDeposit = page.getByRole('dialog', { name: 'Confirm Deposit' });
  await expect(confirmDeposit).toContainText(`Deposit $1,234.56 into ${mainAccount} (${accountId})`);
  await confirmDeposit.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(page.getByTestId('toast-success')).toHaveText('Deposit successful');
  await expect(depositDialog).toBeHidden();
  const afterDeposit = currentBefore + depositCents;
  await expect(termValue(accountSection(page), 'Current Balance')).toHaveText(money(afterDeposit));
  await expect(termValue(accountSection(page), 'Available Balance')).toHaveText(money(availableBefore + depositCents));

  // ---- Transfer Funds: more than available is refused, then a transfer to the investor's other account
  await closeToasts(page);
  await page.getByRole('button', { name: 'Transfer Funds' }).click();
  const transferDialog = page.getByRole('dialog', { name: 'Transfer Funds' });
  await transferDialog.getByRole('combobox', { name: /^To Account/ }).fill('Offshore');
  await page
    .getByRole('option', { name: new RegExp(`^${offshoreAccount.replace(/[()]/g, '\\$&')} \\(\\d+\\)$`) })
    .click();
  await transferDialog
    .getByLabel('Transfer Amount')
    .fill(money(availableBefore + depositCents + 1n).replace(/[$,]/g, ''));
  await transferDialog.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(transferDialog.getByText('Amount cannot be greater than the available balance')).toBeVisible();
  await transferDialog.getByLabel('Transfer Amount').fill('100');
  await transferDialog.getByLabel('To Account Comment').fill('Rebalancing between your accounts');
  await snap(page, 'money-transfer-dialog');
  await expectAccessible(page);
  await transferDialog.getByRole('button', { name: 'Transfer', exact: true }).click();
  const confirmTransfer = page.getByRole('dialog', { name: 'Confirm Transfer' });
  await expect(confirmTransfer).toContainText(
    `Transfer $100.00 from ${mainAccount} (${accountId}) to ${offshoreAccount}`,
  );
  await confirmTransfer.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page.getByTestId('toast-success')).toHaveText('Transfer successful');
  const afterTransfer = afterDeposit - transferCents;
  await expect(termValue(accountSection(page), 'Current Balance')).toHaveText(money(afterTransfer));

  // the account's transactions: newest first, with running balances
  const related = page.getByRole('grid', { name: 'Transactions related to account' });
  await expect(cell(rowOf(related, 'Transfer Out', '$100.00'), 'runningBalance')).toHaveText(money(afterTransfer));
  await expect(cell(rowOf(related, 'Deposit', '$1,234.56'), 'runningBalance')).toHaveText(money(afterDeposit));
  await snap(page, 'money-investor-account-detail');
  await expectAccessible(page);

  // the totals bar counts the deposit (the transfer stays among investor accounts)
  await page.getByRole('tab', { name: 'Accounts', exact: true }).click();
  await expect(page.getByTestId('total-current-investor-balance')).toHaveText(money(totalCurrentBefore + depositCents));

  // a saved query brings the filter back
  await page.getByRole('button', { name: 'Save Query' }).click();
  await page.getByRole('dialog', { name: 'Save Query' }).getByLabel('Query name').fill('Ivy accounts');
  await page.getByRole('dialog', { name: 'Save Query' }).getByRole('button', { name: 'Save' }).click();
  await page.goto('/investorAccounts');
  await expect(page.getByText('Name: Ivy Investor')).toBeHidden();
  await page.getByRole('combobox', { name: /^Saved Query/ }).click();
  await page.getByRole('option', { name: 'Ivy accounts' }).click();
  await expect(page.getByText(`Name: ${mainAccount}`)).toBeVisible();
  await expect(page).toHaveURL(/f\.name=Ivy/);
  await logout(page);

  // ---- the investor: both accounts as panels; the deposit and the transfer with their running balances
  await loginAs(page, 'investor');
  await openMenuItem(page, 'Accounts');
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await page.getByRole('button', { name: 'Expand All' }).click();
  const mainPanel = page.getByRole('region', { name: new RegExp(`^${mainAccount} Available`) });
  await expect(termValue(mainPanel, 'Account Balance')).toHaveText(money(afterTransfer));
  await expect(termValue(mainPanel, 'Biller Code')).toHaveText('287813');
  await expect(termValue(mainPanel, 'Reference')).toHaveText(new RegExp(`^${accountId}\\d$`));
  await snap(page, 'money-accounts');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Collapse All' }).click();
  await expect(mainPanel).toBeHidden();
  await page.getByRole('button', { name: 'Expand All' }).click();

  // the panels open with a transition: a click while the button is still clipped by it lands
  // beside the button (seen once under CI's load), so the click is tried again until it navigates
  await expect(async () => {
    await mainPanel.getByRole('button', { name: `View Transactions of ${mainAccount}` }).click({ timeout: 5000 });
    await expect(page).toHaveURL(new RegExp(`/accounts/${accountId}$`), { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('tab', { name: 'Transactions', selected: true })).toBeVisible();
  const transactions = page.getByRole('grid', { name: `Transactions of ${mainAccount}` });
  const transferOut = rowOf(transactions, 'Transfer Out', '$100.00');
  await expect(cell(transferOut, 'runningBalance')).toHaveText(money(afterTransfer));
  await expect(cell(transferOut, 'finalisedDate')).not.toHaveText('Pending');
  await expect(cell(rowOf(transactions, 'Deposit', '$1,234.56'), 'runningBalance')).toHaveText(money(afterDeposit));
  // the transfer came after the deposit: it stands above it
  const ids = await gridRows(transactions).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')));
  const transferId = await transferOut.getAttribute('data-id');
  const depositId = await rowOf(transactions, 'Deposit', '$1,234.56').getAttribute('data-id');
  expect(ids.indexOf(transferId)).toBeLessThan(ids.indexOf(depositId));
  // a domestic account has no tax-withheld column
  await expect(transactions.getByRole('columnheader', { name: 'Tax Withheld Amount' })).toHaveCount(0);
  await snap(page, 'money-account-transactions');
  await expectAccessible(page);

  // Export: a CSV of the rows with the columns' headers (comma, CRLF, amounts as plain decimals)
  await page.getByRole('button', { name: 'Export' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export to CSV' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exportDialog.getByRole('button', { name: 'Export' }).click(),
  ]);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe(
    'Type,Gross Amount,Principal Amount,Interest Amount,Running Balance,Finalised Date,Created Date,Loan',
  );
  expect(
    lines.some((line) =>
      line.startsWith(`Transfer Out,100.00,0.00,0.00,${money(afterTransfer).slice(1).replace(/,/g, '')},`),
    ),
  ).toBe(true);
  expect(lines.some((line) => line.startsWith('Deposit,1234.56,'))).toBe(true);

  // the foreign account shows the tax-withheld column, and the transfer in
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/accounts$/);
  await page.getByRole('button', { name: 'Expand All' }).click();
  await page.getByRole('button', { name: `View Transactions of ${offshoreAccount}` }).click();
  const offshore = page.getByRole('grid', { name: `Transactions of ${offshoreAccount}` });
  await expect(offshore.getByRole('columnheader', { name: 'Tax Withheld Amount' })).toBeVisible();
  await expect(rowOf(offshore, 'Transfer In', '$100.00')).toBeVisible();
  await snap(page, 'money-account-transactions-foreign');
});

test('a single account opens by itself, and the read-only investor cannot lodge a withdrawal', async ({ page }) => {
  await loginAs(page, 'readOnly');
  await page.goto('/accounts');
  const panel = page.getByRole('region', { name: /^Reid Readonly Available/ });
  await expect(termValue(panel, 'Account Balance')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByRole('button', { name: 'Expand All' })).toHaveCount(0);
  await snap(page, 'money-accounts-single');
  await page.goto('/profile/withdraw');
  await expect(
    page.getByText('Your access is read only, so withdrawals cannot be lodged from this login.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw Funds' })).toBeDisabled();
});

test('the investor withdraws with the mailed code; management marks it paid; both screens show the balances', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const withdrawCents = 23_456n; // $234.56

  // ---- Deposit Funds tab: biller code, reference and the help text
  await loginAs(page, 'investor');
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Deposit Funds' }).click();
  await expect(page).toHaveURL(/\/profile\/deposit$/);
  await expect(page.getByText('287813')).toBeVisible();
  await expect(page.getByText(/Funds may take 2-3 business days/)).toBeVisible();
  await expect(page.getByText(/after 6pm Sydney\/Melbourne time on a business day may be delayed/)).toBeVisible();
  await snap(page, 'money-profile-deposit');
  await expectAccessible(page);

  // ---- Withdraw Funds tab: the account without a bank account shows the message
  await page.getByRole('tab', { name: 'Withdraw Funds' }).click();
  await expect(page).toHaveURL(/\/profile\/withdraw$/);
  await page.getByRole('combobox', { name: /^Account/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${offshoreAccount.replace(/[()]/g, '\\$&')}`) }).click();
  await expect(
    page.getByText('Unfortunately we do not have your preferred bank account details for this investment account.'),
  ).toBeVisible();
  await expect(page.getByText(/Please contact our support team/)).toBeVisible();
  await snap(page, 'money-profile-withdraw-no-bank-account');
  await expectAccessible(page);

  // the main account: its balances, then the form's rules
  await page.getByRole('combobox', { name: /^Account/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${mainAccount} \\(\\d+\\)$`) }).click();
  const available = page.getByTestId('withdraw-available-balance');
  const balance = page.getByTestId('withdraw-account-balance');
  await expect(available).toHaveText(/^\$[\d,]+\.\d{2}$/);
  const availableBefore = await amountOf(available);
  const currentBefore = await amountOf(balance);
  await expect(page.getByRole('combobox', { name: /^Bank Account/ })).toContainText('Ivy Investor Everyday');
  await page.getByRole('button', { name: 'Withdraw Funds' }).click();
  await expect(page.getByText('Please input an amount greater than 0')).toBeVisible();
  await page.getByRole('textbox', { name: /^Amount/ }).fill(money(availableBefore + 1n).replace(/[$,]/g, ''));
  await page.getByRole('button', { name: 'Withdraw Funds' }).click();
  await expect(page.getByText('Amount cannot be greater than the available balance')).toBeVisible();
  await page.getByRole('textbox', { name: /^Amount/ }).fill('234.56');
  await snap(page, 'money-profile-withdraw');
  await expectAccessible(page);

  // retype to confirm: a different amount is refused
  await page.getByRole('button', { name: 'Withdraw Funds' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Withdrawal' });
  await confirm.getByLabel('Confirm amount').fill('234.50');
  await expect(confirm.getByText('Please enter the same amount to confirm')).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
  await confirm.getByLabel('Confirm amount').fill('234.56');
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByTestId('toast-success')).toHaveText('Withdrawal lodged');

  // the code dialog: the code from the mail outbox
  const verify = page.getByRole('dialog', { name: 'Verify Withdrawal' });
  await expect(verify).toBeVisible();
  await expect(available).toHaveText(money(availableBefore - withdrawCents));
  await snap(page, 'money-profile-withdraw-code');
  await expectAccessible(page);
  await verify.getByLabel('Verification code').fill(latestMailedCode(investorEmail));
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Withdrawal verified' })).toBeVisible();
  await expect(verify).toBeHidden();
  // the form resets and the summary refreshes: reserved, not yet paid
  await expect(page.getByRole('combobox', { name: /^Account/ })).not.toContainText(mainAccount);
  await page.getByRole('combobox', { name: /^Account/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${mainAccount} \\(\\d+\\)$`) }).click();
  await expect(page.getByRole('textbox', { name: /^Amount/ })).toHaveValue('');
  await expect(available).toHaveText(money(availableBefore - withdrawCents));
  await expect(balance).toHaveText(money(currentBefore));
  await snap(page, 'money-profile-withdraw-verified');
  const chosen = (await page.getByRole('combobox', { name: /^Account/ }).textContent()) ?? '';
  const accountId = /\((\d+)\)/.exec(chosen)?.[1];

  // verified, not yet paid: pending in the account's transactions
  await page.goto(`/accounts/${accountId}`);
  const pendingRow = rowOf(page.getByRole('grid', { name: `Transactions of ${mainAccount}` }), 'Withdrawal', '$234.56');
  await expect(cell(pendingRow, 'finalisedDate')).toHaveText('Pending');
  await expect(cell(pendingRow, 'runningBalance')).toHaveText('');
  await logout(page);

  // ---- management: Pending Withdrawals, Edit Withdrawal, Paid
  await loginAs(page, 'management');
  await page.goto('/transactions/withdrawals/pending');
  await expect(page.getByRole('heading', { level: 1, name: 'Pending Withdrawals' })).toBeVisible();
  const pending = page.getByRole('grid', { name: 'Pending Withdrawals' });
  const row = gridRows(pending).filter({ hasText: mainAccount }).filter({ hasText: '$234.56' }).last();
  await expect(row).toBeVisible();
  await expect(cell(row, 'withdrawalDetails/accountName')).toHaveText(
    'Ivy Investor Everyday, BSB 062-000, account 12345678',
  );
  const transactionId = await row.getAttribute('data-id');
  await snap(page, 'money-pending-withdrawals');
  await expectAccessible(page);
  await row.getByRole('button', { name: `Edit withdrawal ${transactionId}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Withdrawal' });
  await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
  await edit.getByRole('combobox', { name: /^Status/ }).click();
  await page.getByRole('option', { name: 'Paid' }).click();
  await edit.getByLabel('Comment').fill('Paid by EFT batch 7');
  await snap(page, 'money-edit-withdrawal');
  await expectAccessible(page);
  await edit.getByRole('button', { name: 'Save' }).click();
  const confirmEdit = page.getByRole('dialog', { name: 'Confirm Withdrawal Changes' });
  await expect(confirmEdit).toContainText(`Mark withdrawal ${transactionId} of $234.56 as Paid?`);
  await confirmEdit.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('toast-success')).toHaveText('Changes were processed');
  await expect(page.locator(`[role="row"][data-id="${transactionId}"]`)).toHaveCount(0);

  // /transactions: the paid withdrawal, the reversals toggle and the detail with its sections
  await page.goto('/transactions');
  const toggle = page.getByRole('button', { name: 'Reversals Are Shown' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Reversals Are Hidden' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/reversals=hidden/);
  await expect(page.getByRole('link', { name: 'Upload Repayments' })).toBeVisible();
  await snap(page, 'money-transactions');
  await expectAccessible(page);
  await page.goto(`/transactions/${transactionId}`);
  await expect(page.getByRole('tab', { name: 'Transaction Information', selected: true })).toBeVisible();
  const transaction = page.getByRole('region', { name: `Transaction ${transactionId}` });
  await expect(termValue(transaction, 'Status')).toHaveText('Paid');
  await expect(termValue(transaction, 'Gross Amount')).toHaveText('$234.56');
  await expect(termValue(transaction, 'Running Balance')).toHaveText(money(currentBefore - withdrawCents));
  const withdrawal = page.getByRole('region', { name: 'Withdrawal' });
  await expect(termValue(withdrawal, 'Request Status')).toHaveText('Paid');
  await expect(termValue(withdrawal, 'BSB Number')).toHaveText('062-000');
  await expect(page.getByRole('region', { name: 'Investment Account' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Loan' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to Investment' })).toHaveCount(0);
  await snap(page, 'money-transaction-detail');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to Account' }).click();
  await expect(page.getByRole('tab', { name: 'Account Information', selected: true })).toBeVisible();
  await expect(termValue(accountSection(page), 'Current Balance')).toHaveText(money(currentBefore - withdrawCents));
  await expect(termValue(accountSection(page), 'Available Balance')).toHaveText(money(availableBefore - withdrawCents));
  await logout(page);

  // ---- the investor: the paid withdrawal in /accounts
  await loginAs(page, 'investor');
  await page.goto('/accounts');
  await page.getByRole('button', { name: 'Expand All' }).click();
  const mainPanel = page.getByRole('region', { name: new RegExp(`^${mainAccount} Available`) });
  await expect(termValue(mainPanel, 'Account Balance')).toHaveText(money(currentBefore - withdrawCents));
  await expect(termValue(mainPanel, 'Available Balance')).toHaveText(money(availableBefore - withdrawCents));
  await mainPanel.getByRole('button', { name: `View Transactions of ${mainAccount}` }).click();
  const transactions = page.getByRole('grid', { name: `Transactions of ${mainAccount}` });
  const paid = rowOf(transactions, 'Withdrawal', '$234.56');
  await expect(cell(paid, 'runningBalance')).toHaveText(money(currentBefore - withdrawCents));
  await expect(cell(paid, 'finalisedDate')).not.toHaveText('Pending');
  await snap(page, 'money-account-transactions-withdrawal');
});
