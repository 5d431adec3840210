import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  centsFromNumber,
  centsToNumber,
  excessMessages,
  formatMoney,
  loanMessages,
  receiptUploadTexts,
  repaymentMessages,
} from '@lm/domain';
import type { Locator, Page } from '@playwright/test';
import {
  expect as baseExpect,
  expectAccessible,
  expectToastAndClose,
  loginAs,
  skipWelcomeVideo,
  snap,
} from '../support/fixtures';
import { apiToken, callApi, testWithOwnServer } from '../support/own-server';
import { repoRoot } from '../support/server';

/**
 * Repayments, portfolio and investments: management uploads the fixture receipts for the fixture
 * loan, publishes and fractionalises them; the investor's portfolio and transactions show the
 * repayment with the right principal, interest and running balance (DOMAIN.md's worked example).
 *
 * The journey runs its own server with the clock at 5 March 2027, a fortnight after the fixture
 * loan's first due date (20 February) and past its 10 grace days, so the loan is in arrears until
 * the receipts arrive. Its preconditions (the fixture loan created from the fixture schedule,
 * funded as in the worked example and deployed; the arrears check) are set up through the API with
 * a management token: they are the loans feature's screens, and this journey is about what
 * follows them.
 */
const clockNow = '2027-03-05T10:00:00+11:00';
const today = '2027-03-05';
const fixturesDir = path.join(repoRoot, 'packages/server/src/repayments/fixtures');
const scheduleFile = path.join(fixturesDir, 'schedule-level-payment.csv');
const receiptsFile = path.join(fixturesDir, 'receipts-insyston.csv');
const fixtureThirdPartyId = 'HSB-2027-0001';

// the machine running the journeys is shared and loaded: a screen's first chunk may take a while
const expect = baseExpect.configure({ timeout: 30_000 });

/** Money moves only after a confirmation naming how many rows and their total (issue 17 defect 8). */
async function confirmMoneyMove(page: Page, title: string, rowsText: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toContainText(`${rowsText} with a total net amount of $`);
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

const test = testWithOwnServer({ CLOCK_NOW: clockNow });

test.describe.configure({ mode: 'serial', timeout: 180_000 });

interface Book {
  loanId: number;
  /** A: the demo investor's own account, $60,000 at 10.5%. */
  ivyAccountId: number;
  /** C: the demo investor's foreign account, $18,800 at 10.5%. */
  offshoreAccountId: number;
  ivyInvestmentId: number;
}

let book: Book;
/** Ivy's current balance just before the receipts are fractionalised. */
let ivyBalanceBeforeCents: bigint;

async function accountBalanceCents(baseURL: string, token: string, accountId: number): Promise<bigint> {
  const rows = await callApi<{ currentBalance: number }[]>(
    baseURL,
    token,
    'GET',
    `/api/investmentAccounts?$filter=id eq ${accountId}`,
  );
  return centsFromNumber(rows[0]?.currentBalance ?? Number.NaN, true);
}

/** The fixture loan of DOMAIN.md's worked example, set up through the API (see the note above). */
async function setUpFixtureLoan(baseURL: string): Promise<Book> {
  const token = await apiToken(baseURL);
  const accounts = await callApi<{ id: number; name: string }[]>(
    baseURL,
    token,
    'GET',
    '/api/investmentAccounts?$top=1000',
  );
  const accountNamed = (name: string) => {
    const account = accounts.find((a) => a.name === name);
    if (!account) throw new Error(`The demo book has no account named ${name}`);
    return account.id;
  };
  const ivy = accountNamed('Ivy Investor');
  const offshore = accountNamed('Ivy Investor (Offshore)');
  const olivia = accountNamed('Olivia Chen');

  const upload = new FormData();
  upload.append('file', new Blob([fs.readFileSync(scheduleFile)], { type: 'text/csv' }), 'schedule-level-payment.csv');
  const [draft] = await callApi<
    { loan: Record<string, unknown>; repayments: unknown[]; clientDetails: { name: string } }[]
  >(baseURL, token, 'POST', '/api/loans/processFile?provider=standard', upload);
  if (!draft) throw new Error('The fixture schedule gave no draft loan');
  // the fixture's marketplace window has passed at this clock: open it around today
  const loan = await callApi<{ id: number }>(baseURL, token, 'POST', '/api/loans', {
    loan: { ...draft.loan, marketplaceStartDate: '2027-03-04', marketplaceExpiryDate: '2027-04-04' },
    repayments: draft.repayments,
    investmentTopups: [],
    clientDetails: draft.clientDetails,
  });
  for (const [accountId, amount] of [
    [ivy, 60_000],
    [offshore, 18_800],
    [olivia, 40_000],
  ] as const) {
    await callApi(baseURL, token, 'POST', `/api/investmentAccounts/${accountId}/deposit`, {
      amount,
      comment: 'Funds for the fixture loan',
      depositDate: today,
    });
  }
  const holders = [
    { investmentAccountId: ivy, amount: 60_000, rate: 10.5 },
    { investmentAccountId: olivia, amount: 40_000, rate: 12.5 },
    { investmentAccountId: 555, amount: 1_200, rate: 10.5 },
    { investmentAccountId: offshore, amount: 18_800, rate: 10.5 },
  ];
  let ivyInvestmentId = 0;
  for (const holder of holders) {
    const investment = await callApi<{ id: number }>(baseURL, token, 'POST', `/api/loans/${loan.id}/invest`, holder);
    if (holder.investmentAccountId === ivy) ivyInvestmentId = investment.id;
  }
  await callApi(baseURL, token, 'POST', `/api/loans/${loan.id}/actions/deploy`, {});
  await callApi(baseURL, token, 'POST', '/api/loans/actions/arrearsCheck', {});
  return { loanId: loan.id, ivyAccountId: ivy, offshoreAccountId: offshore, ivyInvestmentId };
}

/** A table row holding a text. */
function gridRow(scope: Page | Locator, text: string): Locator {
  return scope.getByRole('row').filter({ hasText: text });
}

async function expectGridRows(grid: Locator, text: string, count: number) {
  await expect(gridRow(grid, text)).toHaveCount(count);
}

test.beforeAll(async ({ ownServer }) => {
  book = await setUpFixtureLoan(ownServer.baseURL);
});

test.beforeEach(async ({ page }) => {
  await skipWelcomeVideo(page);
});

test('the dashboard arrears link opens the portfolio on In Arrears with the fixture loan', async ({ page }) => {
  await loginAs(page, 'investor');
  // the dashboard's 'Investments in Arrears' strip links here (portfolioArrearsHref)
  await page.goto('/portfolio?tab=arrears');
  await expect(page.getByRole('heading', { name: 'Portfolio', level: 1 })).toBeVisible();
  // both accounts' panels open on In Arrears; each lists its piece of the fixture loan
  for (const [panelName, invested] of [
    [/^Ivy Investor Principal Outstanding/, '$60,000.00'],
    [/^Ivy Investor \(Offshore\) Principal Outstanding/, '$18,800.00'],
  ] as const) {
    const panel = page.getByRole('region', { name: panelName });
    await expect(panel.getByRole('tab', { name: 'In Arrears' })).toHaveAttribute('aria-selected', 'true');
    const arrears = panel.getByRole('grid', { name: 'In Arrears investments' });
    await expect(gridRow(arrears, 'Harbour Street Bakery')).toHaveCount(1);
    await expect(gridRow(arrears, 'Harbour Street Bakery')).toContainText(invested);
  }
  await expect(page.getByTestId(`principal-outstanding-${book.ivyAccountId}`)).not.toHaveText('…');
  await snap(page, 'portfolio-in-arrears');
  await expectAccessible(page);
});

test('management uploads the fixture receipts, edits the staged list and publishes them', async ({ page }) => {
  await loginAs(page, 'management');
  await page.goto('/transactions/repayments/upload');
  await expect(page.getByRole('heading', { name: 'Upload Repayments', level: 1 })).toBeVisible();
  for (const step of receiptUploadTexts.steps) await expect(page.getByText(step, { exact: true })).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await snap(page, 'repayments-upload');
  await expectAccessible(page);

  await page.locator('input[type=file]').setInputFiles(receiptsFile);
  await expect(page.getByTestId('receipts-file-name')).toHaveText('receipts-insyston.csv');
  await next.click();
  await expect(page.getByText(repaymentMessages.uploaded)).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Staged repayments' });
  await expectGridRows(grid, fixtureThirdPartyId, 3);
  // due date ascending (the receipt dates)
  await expect(gridRow(grid, fixtureThirdPartyId).first()).toContainText('RCPT-000101');
  await expect(gridRow(grid, 'RCPT-000101')).toContainText('$10,689.94');
  await expect(gridRow(grid, 'RCPT-000101')).toContainText('Harbour Street Bakery equipment loan');

  // delete one row, Restore it; delete two, Clear All Changes
  await gridRow(grid, 'RCPT-000203').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expectGridRows(grid, fixtureThirdPartyId, 2);
  await page.getByRole('button', { name: 'Restore' }).click();
  await expectGridRows(grid, fixtureThirdPartyId, 3);
  await expect(page.getByRole('button', { name: 'Restore' })).toBeDisabled();
  await gridRow(grid, 'RCPT-000101').getByRole('checkbox').check();
  await gridRow(grid, 'RCPT-000154').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expectGridRows(grid, fixtureThirdPartyId, 1);
  await page.getByRole('button', { name: 'Clear All Changes' }).click();
  await expectGridRows(grid, fixtureThirdPartyId, 3);
  await expect(page.getByRole('button', { name: 'Finish' })).toBeDisabled();
  await snap(page, 'repayments-staged');
  await expectAccessible(page);

  // Publish shows its progress while the batch is on its way
  let releaseBatch: () => void = () => {};
  const batchHeld = new Promise<void>((resolve) => {
    releaseBatch = resolve;
  });
  await page.route('**/api/repayments/receipts/batch', async (route) => {
    await batchHeld;
    await route.continue();
  });
  await grid.getByRole('checkbox', { name: 'Select all rows' }).check();
  await page.getByRole('button', { name: 'Publish' }).click();
  await confirmMoneyMove(page, 'Publish Repayments', 'Publish 3 receipts', 'Publish');
  await expect(page.getByRole('progressbar', { name: 'Publishing 3 repayments' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await snap(page, 'repayments-publishing');
  releaseBatch();
  await expect(page.getByText(repaymentMessages.submitted)).toBeVisible();
  await expectGridRows(grid, fixtureThirdPartyId, 0);
  await expect(grid.getByText('No data to display')).toBeVisible();
  await page.unroute('**/api/repayments/receipts/batch');

  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText(receiptUploadTexts.finished)).toBeVisible();
  await snap(page, 'repayments-finished');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('a receipt lacking its loan gets the warning dialog, and a refused publish returns its rows', async ({
  page,
  ownServer,
}) => {
  // a loan still on the marketplace: receipts are published only against active loans
  const token = await apiToken(ownServer.baseURL);
  const [funding] = await callApi<{ id: number; thirdPartyId: string }[]>(
    ownServer.baseURL,
    token,
    'GET',
    "/api/loans?$filter=status eq 'FUNDING' and thirdPartyId ne null&$top=1",
  );
  if (!funding) throw new Error('The demo book has no loan in Funding');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lm-receipts-')), 'receipts-refused.csv');
  fs.writeFileSync(
    file,
    [
      'thirdPartyLoanId,receiptId,receiptDate,netAmount,grossAmount,batchNumber',
      'NO-SUCH-LOAN,RCPT-X-001,2027-03-01,100.00,100.00,B-X',
      `${funding.thirdPartyId},RCPT-X-002,2027-03-02,250.00,250.00,B-X`,
    ].join('\r\n'),
  );

  await loginAs(page, 'management');
  await page.goto('/transactions/repayments/upload');
  await page.locator('input[type=file]').setInputFiles(file);
  await page.getByRole('button', { name: 'Next' }).click();
  const grid = page.getByRole('grid', { name: 'Staged repayments' });
  await expectGridRows(grid, 'RCPT-X-00', 2);
  // the rows that cannot be published as they stand are named above the list
  await expect(page.getByText('Line 2: No loan has the third-party id NO-SUCH-LOAN.')).toBeVisible();

  await gridRow(grid, 'RCPT-X-001').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Publish' }).click();
  const warning = page.getByRole('dialog', { name: repaymentMessages.receiptValidationTitle });
  await expect(warning).toContainText(repaymentMessages.requiredPropertyMissing);
  await expect(warning).toContainText('loanId');
  await snap(page, 'repayments-warning');
  await expectAccessible(page);
  await warning.getByRole('button', { name: 'Close' }).click();
  await expect(warning).toBeHidden();

  await gridRow(grid, 'RCPT-X-001').getByRole('checkbox').uncheck();
  await gridRow(grid, 'RCPT-X-002').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Publish' }).click();
  await confirmMoneyMove(page, 'Publish Repayments', 'Publish 1 receipt', 'Publish');
  const refusal = `Loan ${funding.id} is not active (status FUNDING); receipts are published only against active loans.`;
  await expect(page.getByRole('alert').filter({ hasText: refusal }).first()).toBeVisible();
  // the sent row is back in the list and progression is locked
  await expectGridRows(grid, 'RCPT-X-002', 1);
  await expect(page.getByRole('button', { name: 'Finish' })).toBeDisabled();
  await snap(page, 'repayments-publish-failed');
});

test('management fractionalises the receipts and applies the excess on the excess screen', async ({
  page,
  ownServer,
}) => {
  const token = await apiToken(ownServer.baseURL);
  ivyBalanceBeforeCents = await accountBalanceCents(ownServer.baseURL, token, book.ivyAccountId);

  await loginAs(page, 'management');
  await page.goto('/transactions/repayments/excess');
  await expect(page.getByRole('heading', { name: 'Fractionalise Excess Repayments', level: 1 })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Paid Repayments' });
  await expect(gridRow(grid, fixtureThirdPartyId).first()).toBeVisible();
  // page sizes 10, 25, 50, 100 and All
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  for (const size of ['10', '25', '50', '100', 'All']) {
    await expect(page.getByRole('option', { name: size, exact: true })).toBeVisible();
  }
  await page.getByRole('option', { name: 'All', exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expectGridRows(grid, fixtureThirdPartyId, 3);
  const first = gridRow(grid, '20/02/2027');
  await expect(first).toContainText('$9,439.94');
  await expect(first).toContainText('$1,250.00');
  await expect(page.getByRole('button', { name: 'Fractionalise' })).toBeDisabled();
  await snap(page, 'repayments-excess');
  await expectAccessible(page);

  for (const row of await gridRow(grid, fixtureThirdPartyId).all()) await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Fractionalise' }).click();
  await confirmMoneyMove(page, 'Fractionalise Repayments', 'Fractionalise 3 repayments', 'Fractionalise');
  await expectToastAndClose(page, repaymentMessages.fractionalised);
  // what is left of the fixture loan's receipts: the April receipt's excess of $500
  await expectGridRows(grid, fixtureThirdPartyId, 1);
  const excess = gridRow(grid, fixtureThirdPartyId);
  await expect(excess).toContainText('$500.00');
  await expect(excess).toContainText('Yes');

  await excess.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Apply Excess' }).click();
  const confirm = page.getByRole('dialog', { name: 'Apply the excess' });
  await expect(confirm).toContainText('$500.00');
  await confirm.getByRole('button', { name: 'Apply Excess' }).click();
  await expectToastAndClose(page, excessMessages.applied);
  // the applied excess is a repayment transaction of its own, to be fractionalised in turn
  const applied = gridRow(grid, fixtureThirdPartyId);
  await expect(applied).toHaveCount(1);
  await expect(applied).toContainText('No');
  await applied.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Fractionalise' }).click();
  await confirmMoneyMove(page, 'Fractionalise Repayments', 'Fractionalise 1 repayment', 'Fractionalise');
  await expect(page.getByText(repaymentMessages.fractionalised)).toBeVisible();
  await expectGridRows(grid, fixtureThirdPartyId, 0);
  await snap(page, 'repayments-excess-done');
});

test("the investor's portfolio and transactions show the repayment with its principal, interest and running balance", async ({
  page,
}) => {
  // A's piece of the first repayment (DOMAIN.md worked example): principal 4,719.97, interest 525.00
  const principal = formatMoney(4719.97);
  const interest = formatMoney(525);
  const cash = formatMoney(5244.97);
  const runningBalance = formatMoney(centsToNumber(ivyBalanceBeforeCents + 524_497n));

  await loginAs(page, 'investor');
  await page.goto('/portfolio');
  const panel = page.getByRole('region', { name: /^Ivy Investor Principal Outstanding/ });
  await page.getByRole('button', { name: /^Ivy Investor Principal Outstanding/ }).click();
  await expect(panel.getByRole('tab', { name: 'Deployed' })).toHaveAttribute('aria-selected', 'true');
  const deployed = panel.getByRole('grid', { name: 'Deployed investments' });
  const investment = gridRow(deployed, 'Harbour Street Bakery');
  await expect(investment).toHaveCount(1);
  await snap(page, 'portfolio-deployed');
  await expectAccessible(page);

  await investment.click();
  await expect(page).toHaveURL(new RegExp(`/portfolio/${book.ivyInvestmentId}$`));
  await expect(page.getByRole('tab', { name: 'Investment Information' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Harbour Street Bakery equipment loan')).toBeVisible();
  await snap(page, 'portfolio-investment');
  await page.getByRole('tab', { name: 'Repayments' }).click();
  const repayments = page.getByRole('grid', { name: /^Repayments of/ });
  const february = gridRow(repayments, '20/02/2027');
  await expect(february).toContainText('Paid');
  await expect(february).toContainText(principal);
  await expect(february).toContainText(interest);
  await expect(february).toContainText(cash);
  await snap(page, 'portfolio-investment-repayments');
  await expectAccessible(page);

  // the account's transactions: the repayment row and the running balance it leaves
  await page.goto(`/accounts/${book.ivyAccountId}`);
  const transactions = page.getByRole('grid', { name: /^Transactions of Ivy Investor/ });
  const repayment = gridRow(transactions, principal);
  await expect(repayment).toHaveCount(1);
  await expect(repayment).toContainText(interest);
  await expect(repayment).toContainText(cash);
  await expect(repayment).toContainText(runningBalance);
  await snap(page, 'portfolio-account-transactions');

  // the foreign account's piece (C): principal 1,478.92, interest 164.50, 16.45 withheld
  await page.goto(`/accounts/${book.offshoreAccountId}`);
  const offshore = gridRow(page.getByRole('grid', { name: /^Transactions of Ivy Investor \(Offshore\)/ }), '$1,478.92');
  await expect(offshore).toContainText('$164.50');
  await expect(offshore).toContainText('$16.45');
});

test('staff find the investment with the core 2.7 filter and open its loan and account', async ({ page }) => {
  await loginAs(page, 'management');
  await page.goto(`/investments?f.loanId=${book.loanId}`);
  await expect(page.getByRole('heading', { name: 'Investments', level: 1 })).toBeVisible();
  const list = page.getByRole('grid', { name: 'Investments' });
  await expectGridRows(list, 'Harbour Street Bakery', 4);
  await page.getByRole('button', { name: 'Filter Investments' }).click();
  const filter = page.getByRole('dialog', { name: 'Filter Investments' });
  for (const label of [
    'ID',
    'Loan ID',
    'Investment Rate from',
    'Investment Rate to',
    'Mandate Rate from',
    'Mandate Rate to',
    'Investment Amount from',
    'Investment Amount to',
    'Investment Account ID',
  ]) {
    await expect(filter.getByLabel(label, { exact: true })).toBeVisible();
  }
  await filter.getByLabel('Investment Account ID', { exact: true }).fill(String(book.ivyAccountId));
  await filter.getByRole('button', { name: /Confirm|Apply/ }).click();
  await expectGridRows(list, 'Harbour Street Bakery', 1);
  await snap(page, 'investments');
  await expectAccessible(page);

  await gridRow(list, 'Harbour Street Bakery').click();
  await expect(page).toHaveURL(new RegExp(`/investments/${book.ivyInvestmentId}`));
  await expect(page.getByRole('tab', { name: 'Investment Information' })).toHaveAttribute('aria-selected', 'true');
  const repayments = page.getByRole('grid', { name: 'Repayments' });
  await expect(gridRow(repayments, '20/02/2027')).toContainText('$4,719.97');
  await expect(gridRow(repayments, '20/02/2027')).toContainText('$525.00');
  await expect(page.getByRole('button', { name: 'Export' }).last()).toBeVisible();
  // a deployed investment is finalised: Reverse is disabled with its reason
  await expect(page.getByRole('button', { name: 'Reverse' })).toBeDisabled();
  await page.getByRole('button', { name: 'Reverse' }).locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText(loanMessages.investmentFinalised);
  await snap(page, 'investments-detail');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Go to Investment Account' }).click();
  await expect(page).toHaveURL(new RegExp(`/investorAccounts/${book.ivyAccountId}$`));
  await page.goBack();
  await page.getByRole('button', { name: 'Go to Loan' }).click();
  await expect(page).toHaveURL(new RegExp(`/loans/${book.loanId}$`));
});
