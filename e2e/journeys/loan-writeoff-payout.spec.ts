import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect, expectAccessible, loginAs, skipWelcomeVideo } from '../support/fixtures';
import { accountIdOf, apiToken, callApi, createLoanThroughApi, testWithOwnServer } from '../support/own-server';

/**
 * Write-off and payout made right (issue "Money integrity", Must show): management writes off all
 * of a loan's principal and part of its interest, and sees the rest of the interest still owed on
 * the loan; management pays out another loan, sees Payout Loan disabled with its reason, and
 * collects the payout receipt from the loan screen: publish, then fractionalise, each after a
 * confirmation naming the rows and their total.
 *
 * The journey runs its own server with its clock fixed, so its dates read the same whatever the
 * day, and the loans it writes off and pays out never touch the demo data other journeys share.
 */
const clockNow = '2027-03-05T10:00:00+11:00';
const shotsDir =
  process.env.E2E_SHOTS_DIR ?? path.join(path.dirname(new URL(import.meta.url).pathname), '../artifacts/screens');

// the machine running the journeys is shared and loaded: a screen's first chunk may take a while
const expect = baseExpect.configure({ timeout: 30_000 });

const test = testWithOwnServer({ CLOCK_NOW: clockNow });

test.describe.configure({ mode: 'serial', timeout: 400_000 });

/**
 * An active loan of $100,000 in three monthly repayments whose interest adds up to $4,408.24 (the
 * issue's figures), funded by Ivy Investor and deployed through the API as management would.
 */
async function activeLoan(baseURL: string, token: string, name: string, thirdPartyId: string): Promise<number> {
  const ivy = { id: (await accountIdOf(baseURL, token))('Ivy Investor') };
  const loan = {
    id: await createLoanThroughApi(baseURL, token, {
      name,
      thirdPartyId,
      amount: 100_000,
      marketplaceStartDate: '2027-03-01',
      marketplaceExpiryDate: '2027-04-01',
      disbursementDate: '2027-03-05',
      repayments: [
        { dueDate: '2027-04-05', principalDue: 33_333.33, interestDue: 1_500 },
        { dueDate: '2027-05-05', principalDue: 33_333.33, interestDue: 1_200 },
        { dueDate: '2027-06-05', principalDue: 33_333.34, interestDue: 1_708.24 },
      ],
      clientName: `${name} Pty Ltd`,
    }),
  };
  await callApi(baseURL, token, 'POST', `/api/investmentAccounts/${ivy.id}/deposit`, {
    amount: 100_000,
    comment: `Funds for ${name}`,
    depositDate: '2027-03-05',
  });
  await callApi(baseURL, token, 'POST', `/api/loans/${loan.id}/invest`, {
    investmentAccountId: ivy.id,
    amount: 100_000,
    rate: 10.5,
  });
  await callApi(baseURL, token, 'POST', `/api/loans/${loan.id}/actions/deploy`, {});
  return loan.id;
}

let writeOffLoanId: number;
let payoutLoanId: number;

test.beforeAll(async ({ ownServer }) => {
  const token = await apiToken(ownServer.baseURL);
  const stamp = Date.now();
  writeOffLoanId = await activeLoan(ownServer.baseURL, token, 'Cold store fit-out', `WO-${stamp}`);
  payoutLoanId = await activeLoan(ownServer.baseURL, token, 'Bakery oven upgrade', `PO-${stamp}`);
});

test.beforeEach(async ({ page }) => {
  await skipWelcomeVideo(page);
});

async function shot(page: Page, name: string) {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** The value the loan screen shows for a field of its information. */
function field(page: Page, label: string): Locator {
  return page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

async function expectReason(page: Page, button: Locator, reason: string) {
  await expect(button).toBeDisabled();
  await button.locator('xpath=..').hover();
  await expect(page.getByRole('tooltip')).toHaveText(reason);
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toBeHidden();
}

test('management writes off all the principal and part of the interest; the rest of the interest stays owed', async ({
  page,
}) => {
  await loginAs(page, 'management');
  await page.goto(`/loans/${writeOffLoanId}`);
  // the loan screen's first chunk: slow on a loaded machine
  await expect(page.getByRole('heading', { name: 'Cold store fit-out' })).toBeVisible({ timeout: 120_000 });
  await expect(field(page, 'Principal Remaining')).toHaveText('$100,000.00');
  await expect(field(page, 'Interest Remaining')).toHaveText('$4,408.24');

  await page.getByRole('button', { name: 'Write Off Loan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write Off Loan' });
  const principal = dialog.getByRole('textbox', { name: /^Principal Amount/ });
  const interest = dialog.getByRole('textbox', { name: /^Interest Amount/ });
  // the limits are checked as you type, the remaining amount shown as money
  await principal.fill('100000.01');
  await expect(dialog).toContainText(
    'The principal amount cannot be more than the principal remaining of $100,000.00.',
  );
  await interest.fill('4408.25');
  await expect(dialog).toContainText('The interest amount cannot be more than the interest remaining of $4,408.24.');
  await shot(page, 'writeoff-limits-as-you-type');
  await principal.fill('100000');
  await interest.fill('1000');
  await expect(dialog).not.toContainText('cannot be more than');
  await dialog.getByRole('button', { name: 'Write Off' }).click();

  const confirm = page.getByRole('dialog', { name: 'Confirm Write Off' });
  await expect(confirm).toContainText(
    'Write off $100,000.00 of principal and $1,000.00 of interest of Cold store fit-out?',
  );
  await expect(confirm).toContainText('Still owed afterwards: $0.00 of principal and $3,408.24 of interest.');
  await shot(page, 'writeoff-confirm');
  await confirm.getByRole('button', { name: 'Write Off' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Loan has been successfully written off' })).toBeVisible();

  // exactly what was entered was written off; the other $3,408.24 of interest is still owed and shown
  await expect(field(page, 'Principal Written Off')).toHaveText('$100,000.00');
  await expect(field(page, 'Interest Written Off')).toHaveText('$1,000.00');
  await expect(field(page, 'Principal Remaining')).toHaveText('$0.00');
  await expect(field(page, 'Interest Remaining')).toHaveText('$3,408.24');
  // not Written Off while something remains: the rest can still be written off
  await expect(page.getByTestId('loan-status')).toHaveText('Active');
  await expect(page.getByRole('button', { name: 'Write Off Loan' })).toBeEnabled();
  await shot(page, 'writeoff-rest-still-owed');
  await expectAccessible(page);
});

test('management pays out a loan and collects the payout receipt from the loan screen', async ({ page }) => {
  await loginAs(page, 'management');
  await page.goto(`/loans/${payoutLoanId}`);
  await expect(page.getByRole('heading', { name: 'Bakery oven upgrade' })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('payout-receipt')).toHaveCount(0);

  await page.getByRole('button', { name: 'Payout Loan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payout Loan' });
  await dialog.getByRole('combobox', { name: /^Payout Date/ }).click();
  await page.getByRole('option', { name: '05/04/2027' }).click();
  await dialog.getByRole('button', { name: 'Calculate' }).click();
  const preview = dialog.getByTestId('payout-preview');
  await expect(preview).toContainText('principal $100,000.00, interest $1,500.00, payout amount $101,500.00');
  await dialog.getByRole('button', { name: 'Payout', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Payout' });
  await confirm.getByRole('button', { name: 'Payout' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Loan Payout has been created' })).toBeVisible();

  // once a payout exists, Payout Loan is disabled with its reason, as the other disabled actions are
  await expectReason(
    page,
    page.getByRole('button', { name: 'Payout Loan' }),
    'A payout has already been created for this loan.',
  );

  // the payout receipt is on the loan screen, to be published and then fractionalised
  const receipt = page.getByTestId('payout-receipt');
  await expect(receipt).toContainText(`PAYOUT-${payoutLoanId}-2027-04-05`);
  await expect(receipt).toContainText('$101,500.00');
  await expect(receipt).toContainText('Not published');
  await expectReason(
    page,
    receipt.getByRole('button', { name: 'Fractionalise Receipt' }),
    'Publish the payout receipt first',
  );
  await shot(page, 'payout-receipt-to-publish');

  await receipt.getByRole('button', { name: 'Publish Receipt' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish Repayments' });
  await expect(publish).toContainText('Publish 1 receipt with a total net amount of $101,500.00?');
  await publish.getByRole('button', { name: 'Publish' }).click();
  await expect(publish).toBeHidden();
  await expect(receipt).toContainText('Published');
  await expectReason(
    page,
    receipt.getByRole('button', { name: 'Publish Receipt' }),
    'The payout receipt has been published',
  );

  await receipt.getByRole('button', { name: 'Fractionalise Receipt' }).click();
  const fractionalise = page.getByRole('dialog', { name: 'Fractionalise Repayments' });
  await expect(fractionalise).toContainText('Fractionalise 1 repayment with a total net amount of $101,500.00?');
  await fractionalise.getByRole('button', { name: 'Fractionalise' }).click();
  await expect(fractionalise).toBeHidden();
  await expect(receipt).toContainText('Fractionalised');

  // the borrower has paid it all: the loan is Payout, nothing remains
  await expect(page.getByTestId('loan-status')).toHaveText('Payout');
  await expect(field(page, 'Principal Remaining')).toHaveText('$0.00');
  await expect(field(page, 'Principal Repaid')).toHaveText('$100,000.00');
  await shot(page, 'payout-receipt-collected');
  await expectAccessible(page);
});
