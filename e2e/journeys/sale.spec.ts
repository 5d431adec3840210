import { expect as baseExpect, expectAccessible, loginAs, skipWelcomeVideo, snap, typeDate } from '../support/fixtures';
import { accountIdOf, apiToken, callApi, createLoanThroughApi, testWithOwnServer } from '../support/own-server';

/**
 * Secondary sale (issue 13, Must show): management sells 30% and 20% of Ivy Investor's investment
 * to Olivia Chen and Reid Readonly with Fill & Preview, which keeps the other 50% for Ivy at her
 * rate; the seller's investment shows its sale date and sale transactions, the loan shows the three
 * new holdings, and the seller's and a buyer's portfolios show theirs. The next repayment,
 * published and fractionalised, pays the new holders, each at its own rate.
 *
 * The journey runs its own server with its clock fixed (2027-03-05, 13 days after the loan's
 * disbursement), so the accrued interest reads the same whatever the day.
 */
const clockNow = '2027-03-05T10:00:00+11:00';

// the machine running the journeys is shared and loaded: a screen's first chunk may take a while
const expect = baseExpect.configure({ timeout: 30_000 });

const test = testWithOwnServer({ CLOCK_NOW: clockNow });

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const loanName = 'Espresso machines';
const repayments = [
  { dueDate: '2027-02-20', principalDue: 10_000, interestDue: 416.67 },
  { dueDate: '2027-03-20', principalDue: 10_000, interestDue: 312.5 },
  { dueDate: '2027-04-20', principalDue: 10_000, interestDue: 208.33 },
  { dueDate: '2027-05-20', principalDue: 10_000, interestDue: 104.17 },
];

interface Book {
  token: string;
  loanId: number;
  investmentId: number;
  accounts: { ivy: number; olivia: number; reid: number };
}
let book: Book;

/** Publishes a receipt paying one repayment in full and fractionalises it; answers the split. */
async function collect(baseURL: string, token: string, loanId: number, repayment: (typeof repayments)[number]) {
  const amount = Math.round((repayment.principalDue + repayment.interestDue) * 100) / 100;
  const published = await callApi<{ receipts: { loanTransactionId: number }[] }>(
    baseURL,
    token,
    'POST',
    '/api/repayments/receipts/batch',
    [
      {
        loanId,
        thirdPartyId: `SALE-${loanId}-${repayment.dueDate}`,
        dueDate: repayment.dueDate,
        netAmount: amount,
        grossAmount: amount,
        batchNumber: `SALE-${loanId}`,
      },
    ],
  );
  const [split] = await callApi<{ ledgerEntryId: number | null; holdersPaid: number }[]>(
    baseURL,
    token,
    'POST',
    '/api/repayments/fractionalise',
    published.receipts.map((r) => r.loanTransactionId),
  );
  if (!split?.ledgerEntryId) return [];
  // each holder's piece is its account row of the repayment's entry
  const filter = `ledgerEntryId eq ${split.ledgerEntryId} and type eq 'REPAYMENT'`;
  const pieces = await callApi<
    { investmentId: number; investmentAccountId: number; principalAmount: number; interestAmount: number }[]
  >(baseURL, token, 'GET', `/api/transactions?${new URLSearchParams({ $filter: filter, $top: '100' })}`);
  expect(pieces).toHaveLength(split.holdersPaid);
  return pieces;
}

/**
 * An active $40,000 loan at a 12.5% maximum rate held whole by Ivy Investor at 10.5%, its first
 * repayment (due 2027-02-20) paid and fractionalised, so that interest accrues 13 days to the
 * sale; Olivia Chen and Reid Readonly have the funds to buy.
 */
async function activeLoanHeldByIvy(baseURL: string): Promise<Book> {
  const token = await apiToken(baseURL);
  const idOf = await accountIdOf(baseURL, token);
  const accounts = { ivy: idOf('Ivy Investor'), olivia: idOf('Olivia Chen'), reid: idOf('Reid Readonly') };
  const loan = {
    id: await createLoanThroughApi(baseURL, token, {
      name: loanName,
      thirdPartyId: `SALE-${Date.now()}`,
      amount: 40_000,
      term: 3,
      marketplaceStartDate: '2027-01-10',
      marketplaceExpiryDate: '2027-03-31',
      disbursementDate: '2027-01-20',
      repayments,
      clientName: 'Laneway Roasters Pty Ltd',
    }),
  };
  for (const [id, amount] of [
    [accounts.ivy, 40_000],
    [accounts.olivia, 15_000],
    [accounts.reid, 10_000],
  ] as const) {
    await callApi(baseURL, token, 'POST', `/api/investmentAccounts/${id}/deposit`, {
      amount,
      comment: `Funds for ${loanName}`,
      depositDate: '2027-03-05',
    });
  }
  const investment = await callApi<{ id: number }>(baseURL, token, 'POST', `/api/loans/${loan.id}/invest`, {
    investmentAccountId: accounts.ivy,
    amount: 40_000,
    rate: 10.5,
  });
  await callApi(baseURL, token, 'POST', `/api/loans/${loan.id}/actions/deploy`, {});
  await collect(baseURL, token, loan.id, repayments[0] as (typeof repayments)[number]);
  // paid: the loan is Active, not in arrears
  await callApi(baseURL, token, 'POST', '/api/loans/actions/arrearsCheck', {});
  return { token, loanId: loan.id, investmentId: investment.id, accounts };
}

test.beforeAll(async ({ ownServer }) => {
  book = await activeLoanHeldByIvy(ownServer.baseURL);
});

test.beforeEach(async ({ page }) => {
  await skipWelcomeVideo(page);
});

async function chooseAccount(page: import('@playwright/test').Page, label: RegExp, search: string, name: string) {
  const dialog = page.getByRole('dialog', { name: 'Sell Investment' });
  await dialog.getByRole('combobox', { name: label }).fill(search);
  await page.getByRole('option', { name: new RegExp(`^${name} \\(`) }).click();
}

test('management sells 30% and 20% of an investment to two accounts with Fill & Preview', async ({ page }) => {
  const { accounts, investmentId, loanId } = book;
  await loginAs(page, 'management');
  await page.goto(`/investments/${investmentId}`);
  await expect(page.getByRole('heading', { name: `Investment ${investmentId}` })).toBeVisible({ timeout: 120_000 });
  // from the keyboard: Sell opens the dialog, Enter in a field previews
  await page.getByRole('button', { name: 'Sell', exact: true }).focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Sell Investment' });
  await expect(dialog).toContainText('At most 05/03/2027');
  // nothing previewed yet: Sell Investment is disabled with the §5 reason
  await expect(dialog.getByRole('button', { name: 'Sell Investment' })).toBeDisabled();

  await chooseAccount(page, /^Buyer 1 Account/, 'Olivia', 'Olivia Chen');
  await dialog.getByRole('textbox', { name: /^Buyer 1 Percentage/ }).fill('30');
  await dialog.getByRole('textbox', { name: /^Buyer 1 Rate/ }).fill('13');
  await expect(dialog).toContainText('Please input a rate less than or equal to the loan Maximum Interest Rate 12.5');
  await expect(dialog.getByRole('button', { name: 'Add Buyer' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: /^Buyer 1 Rate/ }).fill('11');
  await dialog.getByRole('button', { name: 'Add Buyer' }).click();
  await chooseAccount(page, /^Buyer 2 Account/, 'Reid', 'Reid Readonly');
  await dialog.getByRole('textbox', { name: /^Buyer 2 Percentage/ }).fill('20');
  await dialog.getByRole('textbox', { name: /^Buyer 2 Rate/ }).fill('10');

  await dialog.getByRole('button', { name: 'Fill & Preview' }).click();
  // Fill gives the other 50% to the seller's own account at the original rate
  await expect(dialog.getByRole('textbox', { name: /^Buyer 3 Percentage/ })).toHaveValue('50');
  await expect(dialog.getByRole('textbox', { name: /^Buyer 3 Rate/ })).toHaveValue('10.5');
  await expect(dialog.getByRole('combobox', { name: /^Buyer 3 Account/ })).toHaveValue(
    `Ivy Investor (${accounts.ivy})`,
  );
  const preview = dialog.getByTestId('sale-preview');
  await expect(preview).toBeVisible();
  // $30,000 outstanding; 13 days of interest at 10.5% on $9,000 and $6,000 of principal
  await expect(preview).toContainText('interest accrued from 20/02/2027 (13 days)');
  await expect(preview).toContainText('$9,000.00');
  await expect(preview).toContainText('$33.66');
  await expect(preview).toContainText('$6,000.00');
  await expect(preview).toContainText('$22.44');
  await expect(preview).toContainText('$15,056.10');
  // the paid repayment was the seller's; those after the sale go to the new holders
  const cards = dialog.getByTestId('sale-repayment');
  await expect(cards).toHaveCount(4);
  await expect(cards.nth(0)).toContainText('Before the sale: received by the Seller');
  await expect(cards.nth(1)).toContainText('After the sale: received by the Buyer');
  await cards.last().scrollIntoViewIfNeeded();
  await snap(page, 'sale-repayment-cards');
  await dialog.getByTestId('sale-preview').scrollIntoViewIfNeeded();
  await expect(dialog.getByRole('button', { name: 'Sell Investment' })).toBeEnabled();
  await snap(page, 'sale-preview');
  await expectAccessible(page);

  // on the date of the repayment the seller was paid, the sale must come after it: the receiver
  // toggle moves the sale 15 minutes past that repayment's due instant
  await typeDate(page, 'Sale Date', '20/02/2027', dialog);
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  const refusal = dialog.getByTestId('sale-quote-error');
  await expect(refusal).toHaveText('A sale cannot occur before the last fractionalised repayment.');
  const receiver = dialog.getByRole('group', { name: 'A repayment is due on 20/02/2027: who receives it?' });
  await receiver.getByRole('button', { name: 'Seller' }).click();
  await expect(receiver.getByRole('button', { name: 'Seller' })).toHaveAttribute('aria-pressed', 'true');
  await expect(refusal).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Sell Investment' })).toBeEnabled();
  await expect(cards.nth(0)).toContainText('Before the sale: received by the Seller');
  await expect(preview).toContainText('Sale on 20/02/2027 (the repayment due that day goes to the Seller)');
  await snap(page, 'sale-receiver-toggle');
  // back to today's sale
  await typeDate(page, 'Sale Date', '05/03/2027', dialog);
  await expect(receiver).toBeHidden();
  await dialog.getByRole('textbox', { name: /^Buyer 2 Rate/ }).press('Enter');
  await expect(preview).toContainText('(13 days)');

  // a change of the buyers makes the preview stale: Sell waits for a new one
  await dialog.getByRole('textbox', { name: /^Buyer 2 Rate/ }).fill('10.25');
  await expect(dialog.getByRole('button', { name: 'Sell Investment' })).toBeDisabled();
  await expect(dialog).toContainText('The sale has changed since this preview');
  await dialog.getByRole('textbox', { name: /^Buyer 2 Rate/ }).fill('10');
  await expect(dialog.getByRole('button', { name: 'Sell Investment' })).toBeEnabled();

  await dialog.getByRole('button', { name: 'Sell Investment' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Sale' });
  await expect(confirm).toContainText(`Sell 50% of investment ${investmentId}`);
  await expect(confirm).toContainText(
    `Olivia Chen (${accounts.olivia}) pays Ivy Investor (${accounts.ivy}) $9,033.66 for 30% at 11.00%`,
  );
  await expect(confirm).toContainText(
    `Reid Readonly (${accounts.reid}) pays Ivy Investor (${accounts.ivy}) $6,022.44 for 20% at 10.00%`,
  );
  await expect(confirm).toContainText(`Ivy Investor (${accounts.ivy}) keeps 50%: $15,000.00 of principal at 10.50%.`);
  await expect(confirm).toContainText(`Ivy Investor (${accounts.ivy}) receives $15,056.10 in all.`);
  await snap(page, 'sale-confirm');
  await confirm.getByRole('button', { name: 'Sell Investment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Sale was successful' })).toBeVisible();
  await expect(dialog).toBeHidden();

  // the sold investment shows its sale date and its sale transactions; Sell is now disabled
  await expect(page.getByText('Sale Date', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sale Transactions' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sell', exact: true })).toBeDisabled();
  await snap(page, 'sale-sold-investment');
  // a sale transaction opens its transaction
  await page.getByRole('row').filter({ hasText: 'Investment Sale' }).first().click();
  await expect(page).toHaveURL(/\/transactions\/\d+/);
  await expect(page.getByText('$15,056.10').first()).toBeVisible();
  await page.goBack();

  // the loan lists the three holdings the sale opened beside the sold one
  await page.getByRole('button', { name: 'Go to Loan' }).click();
  await expect(page).toHaveURL(new RegExp(`/loans/${loanId}`));
  const holdings = page.getByRole('grid').filter({ hasText: 'Olivia Chen' });
  await expect(holdings).toContainText('$9,000.00');
  await expect(holdings).toContainText('Reid Readonly');
  await expect(holdings).toContainText('$6,000.00');
  await expect(holdings).toContainText('$15,000.00');
  await snap(page, 'sale-loan-holdings');
});

test('the seller and a buyer see their new holdings in their portfolios', async ({ page }) => {
  await loginAs(page, 'readOnly');
  await page.goto('/portfolio');
  await expect(page.getByText(loanName).first()).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('main')).toContainText('$6,000.00');
  await snap(page, 'sale-buyer-portfolio');
  await page.goto('/logout');

  await loginAs(page, 'investor');
  await page.goto('/portfolio');
  // Ivy holds two accounts: the seller's is one of them
  await page.getByRole('button', { name: /^Ivy Investor Principal Outstanding/ }).click();
  await expect(page.getByText(loanName).first()).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('main')).toContainText('$15,000.00');
  await snap(page, 'sale-seller-portfolio');
});

test('the next repayment, published and fractionalised, pays the new holders at their own rates', async ({
  ownServer,
}) => {
  const { token, loanId, investmentId, accounts } = book;
  const pieces = await collect(ownServer.baseURL, token, loanId, repayments[1] as (typeof repayments)[number]);
  // the sold investment receives nothing; each new holder its share of the principal, interest at its own rate
  expect(pieces.map((p) => p.investmentId)).not.toContain(investmentId);
  const byAccount = new Map(pieces.map((p) => [p.investmentAccountId, p]));
  expect([...byAccount.keys()].sort()).toEqual([accounts.ivy, accounts.olivia, accounts.reid].sort());
  // principal by outstanding share (9,000, 6,000 and 15,000 of 30,000); interest 312.50 x share x rate / 12.5
  expect(byAccount.get(accounts.olivia)).toMatchObject({ principalAmount: 3_000, interestAmount: 82.5 });
  expect(byAccount.get(accounts.reid)).toMatchObject({ principalAmount: 2_000, interestAmount: 50 });
  expect(byAccount.get(accounts.ivy)).toMatchObject({ principalAmount: 5_000, interestAmount: 131.25 });
});
