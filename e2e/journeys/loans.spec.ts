import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { demoPassword, demoUsers } from '../support/demo';
import {
  expect as baseExpect,
  expectAccessible,
  openMenuItem,
  skipWelcomeVideo,
  snap,
  submitLogin,
  typeDate,
} from '../support/fixtures';
import { testWithOwnServer } from '../support/own-server';
import { repoRoot } from '../support/server';

/**
 * Loans, clients, marketplace and investing (issue "Loans, clients, marketplace and investing",
 * Must show): management uploads the fixture schedule, reviews it and creates the loan, which
 * appears on the marketplace; two investors invest until it is fully funded; management deploys
 * it; the loan shows Active and both investors' available and current balances are right. Then
 * the clients screens.
 *
 * The journey runs its own server with its clock inside the fixture loan's marketplace window
 * (1 December 2026 to 15 January 2027), so the screens read the same whatever the day, and the
 * money it moves never touches the demo data the other journeys share.
 */
const clockNow = '2027-01-05T10:00:00+11:00';
const today = '05/01/2027';
const schedule = path.join(repoRoot, 'packages/server/src/loans/fixtures/schedule-level-payment.csv');
const loanName = 'Harbour Street Bakery equipment loan';
const clientName = 'Harbour Street Bakery Pty Ltd';

const test = testWithOwnServer({ CLOCK_NOW: clockNow }, 240_000);

// the screens load their chunks lazily; a busy machine needs more than the default 10 s
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 420_000 });

// ---- money as the screens show it ($1,234.56), in integer cents

function cents(text: string | null): bigint {
  const match = /^(-)?\$([\d,]+)\.(\d{2})$/.exec((text ?? '').trim());
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

// ---- people and screens

const investors = {
  ivy: { email: demoUsers.investor.email, name: demoUsers.investor.name, account: 'Ivy Investor', amount: 30_000_00n },
  sophie: { email: 'sophie.patel@example.com', name: 'Sophie Patel', account: 'Patel Super Fund', amount: 0n },
} as const;

async function login(page: Page, email: string, name: string) {
  await page.goto('/login');
  await submitLogin(page, email, demoPassword);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('banner').getByText(name)).toBeVisible();
}

async function logout(page: Page) {
  await openMenuItem(page, 'Logout');
  await expect(page).toHaveURL(/\/login$|\/$/);
}

async function closeToasts(page: Page) {
  for (const close of await page
    .getByTestId(/^toast-/)
    .getByRole('button', { name: 'Close' })
    .all()) {
    // a success toast may hide by itself meanwhile
    await close.click({ timeout: 2_000 }).catch(() => undefined);
  }
}

/** Hovers a disabled action and reads the reason its tooltip gives. */
async function expectReason(page: Page, button: Locator, reason: string) {
  await expect(button).toBeDisabled();
  await button.locator('xpath=..').hover();
  await expect(page.getByRole('tooltip')).toHaveText(reason);
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toBeHidden();
}

interface Balances {
  available: bigint;
  current: bigint;
}

/** The marketplace's account-selector header, with the investor's account chosen. */
async function headerBalances(page: Page, account: string): Promise<Balances> {
  const header = page.getByRole('region', { name: 'Investment account' });
  const selector = header.getByRole('combobox', { name: 'Investment Account' });
  const named = new RegExp(`^${account.replace(/[()]/g, '\\$&')} \\(\\d+\\)$`);
  if ((await selector.count()) > 0 && !named.test(((await selector.textContent()) ?? '').trim())) {
    await selector.click();
    await page.getByRole('option', { name: named }).click();
  }
  await expect(header).toContainText(account);
  return {
    available: cents(await header.getByTestId('available-balance').textContent()),
    current: cents(await header.getByTestId('current-balance').textContent()),
  };
}

async function expectHeaderBalances(page: Page, account: string, expected: Balances) {
  await page.goto('/marketplace');
  const header = page.getByRole('region', { name: 'Investment account' });
  await headerBalances(page, account);
  await expect(header.getByTestId('available-balance')).toHaveText(money(expected.available));
  await expect(header.getByTestId('current-balance')).toHaveText(money(expected.current));
}

// ---- the journey

let loanPath = '';
const before: Record<keyof typeof investors, Balances> = {
  ivy: { available: 0n, current: 0n },
  sophie: { available: 0n, current: 0n },
};

test.beforeEach(async ({ page }) => {
  await skipWelcomeVideo(page);
});

test('management uploads the fixture schedule, reviews it and creates the loan', async ({ page }) => {
  await login(page, demoUsers.management.email, demoUsers.management.name);
  await page.goto('/loans');
  await expect(page.getByRole('heading', { name: 'Loans', level: 1 })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Loans' }).locator('[role="row"][data-id]').first()).toBeVisible();
  await snap(page, 'loans-list');
  await expectAccessible(page);

  // keyboard only: a focused row opens with Enter, as a click does
  await page.getByRole('grid', { name: 'Loans' }).locator('[role="row"][data-id] [role="gridcell"]').first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/loans\/\d+/);
  await page.goto('/loans');

  await page.getByRole('link', { name: 'New Loan' }).click();
  await expect(page).toHaveURL(/\/loans\/new$/);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByLabel('Repayment schedule file').setInputFiles(schedule);
  await expect(page.getByTestId('schedule-file-name')).toHaveText('schedule-level-payment.csv');
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  await snap(page, 'loans-new-upload');
  await page.getByRole('button', { name: 'Next' }).click();

  // review: the processed loan, its client, its 12 repayments whose principal is the amount
  await expect(page.getByRole('heading', { name: 'Review Loan' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(loanName);
  await expect(page.getByRole('textbox', { name: 'Client Name' })).toHaveValue(clientName);
  await expect(page.getByTestId('schedule-summary')).toHaveText('12 repayments, principal $120,000.00');
  const create = page.getByRole('button', { name: 'Create Loan' });
  await expect(create).toBeEnabled();

  // an incorrect value disables Create, and its tooltip says so
  const rate = page.getByRole('textbox', { name: 'Marketplace Rate' });
  await rate.fill('13');
  await rate.blur();
  await expect(
    page.getByText('Please input an amount less than or equal to the Maximum Interest Rate of 12.5%'),
  ).toBeVisible();
  await expectReason(page, create, 'There is an incorrect value in the form');
  await rate.fill('10.5');
  await rate.blur();
  await expect(create).toBeEnabled();

  // the mandate options follow the maximum rate: ticked options not above it are invalid, with the words of core §5
  const mandateInvalid =
    'The mandate options are invalid. A mandate can only be active if the rate is greater than the maximum loan rate.';
  const maximum = page.getByRole('textbox', { name: 'Maximum Interest Rate' });
  await maximum.fill('14.25');
  await maximum.blur();
  await expect(page.getByText(mandateInvalid)).toBeVisible();
  await expectReason(page, create, 'There is an incorrect value in the form');
  await maximum.fill('12.5');
  await maximum.blur();
  await expect(page.getByText(mandateInvalid)).toBeHidden();
  await expect(create).toBeEnabled();
  await create.hover();
  await expect(page.getByRole('tooltip')).toHaveText('The form is valid');
  await page.mouse.move(0, 0);

  // the reviewer releases it to the marketplace and disburses it today
  await page.getByRole('combobox', { name: 'Setup Status' }).click();
  await page.getByRole('option', { name: 'Done' }).click();
  await typeDate(page, 'Disbursement Date', today);
  await snap(page, 'loans-new-review');
  await expectAccessible(page);

  await create.click();
  const confirm = page.getByRole('dialog', { name: 'Create Loan' });
  await expect(confirm).toContainText('Please confirm the creation of the new loan');
  await confirm.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Loan was successfully created')).toBeVisible();
  await expect(page).toHaveURL(/\/loans\/\d+$/);
  loanPath = new URL(page.url()).pathname;
  await closeToasts(page);
  await logout(page);
});

test('the Loan Information tab: the 1% banner, actions with their reasons, Invest 1%, invest; on the marketplace', async ({
  page,
}) => {
  await login(page, demoUsers.management.email, demoUsers.management.name);
  await page.goto(loanPath);

  // the Loan Information tab: Funding, the 1% banner, the disabled actions with their reasons
  await expect(page.getByRole('heading', { name: loanName, level: 2 })).toBeVisible();
  await expect(page.getByTestId('loan-status')).toHaveText('Funding');
  await expect(page.getByTestId('one-percent-warning')).toBeVisible();
  const actions = page.getByRole('group', { name: 'Loan actions' });
  await expectReason(page, actions.getByRole('button', { name: 'Payout Loan' }), 'Loan is not fully funded');
  await expectReason(page, actions.getByRole('button', { name: 'Write Off Loan' }), 'Loan is not fully funded');
  await expectReason(page, actions.getByRole('button', { name: 'Deploy Loan' }), 'Loan is not fully funded');
  await snap(page, 'loans-detail-funding');
  await expectAccessible(page);

  // Edit Loan: Save waits for a change, the confirm step names the field, the loan shows it saved
  await actions.getByRole('button', { name: 'Edit Loan' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Loan' });
  await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
  await edit.getByRole('textbox', { name: 'Notes' }).fill('Site visit booked for Monday.');
  await snap(page, 'loans-edit');
  await edit.getByRole('button', { name: 'Save' }).click();
  const confirmEdit = page.getByRole('dialog', { name: 'Confirm Edit' });
  await expect(confirmEdit).toContainText('Please confirm the changes to this loan: Notes.');
  await confirmEdit.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('toast-success')).toHaveText('Loan was successfully edited');
  await closeToasts(page);
  await expect(edit).toBeHidden();
  await expect(page.getByText('Site visit booked for Monday.')).toBeVisible();

  // the house's 1%: $1,200.00 of $120,000
  await actions.getByRole('button', { name: 'Invest 1%' }).click();
  const onePercent = page.getByRole('dialog', { name: 'Invest 1%' });
  await expect(onePercent).toContainText('Invest $1,200.00 from the house account (555)');
  await onePercent.getByRole('button', { name: 'Invest' }).click();
  await expect(page.getByText('Investment successful')).toBeVisible();
  await expect(page.getByTestId('one-percent-warning')).toBeHidden();
  await expectReason(page, actions.getByRole('button', { name: 'Invest 1%' }), '1% investment already exists');
  // the house's own investment does not stop a delete (core §4)
  await expect(actions.getByRole('button', { name: 'Delete Loan' })).toBeEnabled();
  await closeToasts(page);

  // the invest dialog of management, with the rules of core §5
  await actions.getByRole('button', { name: 'Invest', exact: true }).click();
  const invest = page.getByRole('dialog', { name: 'Invest' });
  await invest.getByRole('button', { name: 'Invest' }).click();
  await expect(invest).toContainText('Please select an account and enter in an investment amount');
  await invest.getByRole('combobox', { name: 'Investment Account' }).fill('Liam');
  await page.getByRole('option', { name: /^Liam Nguyen \(/ }).click();
  await invest.getByRole('textbox', { name: 'Investment Amount' }).fill('100');
  await invest.getByRole('textbox', { name: 'Investment Rate' }).fill('13');
  await invest.getByRole('button', { name: 'Invest' }).click();
  await expect(invest).toContainText('The investment rate cannot exceed the Maximum Interest rate of 12.5%');
  await snap(page, 'loans-invest-dialog');
  await invest.getByRole('button', { name: 'Cancel' }).click();

  // it is on the marketplace: Loan and Invest
  await page.goto('/marketplace');
  await page.getByRole('grid').getByText(loanName).click();
  await expect(page.getByRole('heading', { name: loanName, level: 2 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Loan', exact: true })).toHaveAttribute('href', loanPath);
  await expect(page.getByRole('button', { name: 'Invest' })).toBeEnabled();
  await expect(page.getByTestId('funded-progress')).toHaveText('1.00% funded');
  await snap(page, 'marketplace-detail-management');
  await logout(page);
});

test('two investors invest from the marketplace until the loan is fully funded', async ({ page }) => {
  const remaining = 120_000_00n - 1_200_00n - investors.ivy.amount;
  for (const key of ['ivy', 'sophie'] as const) {
    const who = investors[key];
    const amount = key === 'ivy' ? who.amount : remaining;
    await login(page, who.email, who.name);
    await page.goto('/marketplace');
    before[key] = await headerBalances(page, who.account);
    expect(before[key].available).toBeGreaterThanOrEqual(amount);
    if (key === 'ivy') {
      await snap(page, 'marketplace-investor');
      await expectAccessible(page);
    }
    await page.getByRole('grid').getByText(loanName).click();
    await expect(page.getByRole('heading', { name: loanName, level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Loan', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Invest' }).click();

    const dialog = page.getByRole('dialog', { name: 'Invest' });
    await expect(dialog.getByRole('combobox', { name: 'Investment Account' })).toContainText(who.account);
    const amountField = dialog.getByRole('textbox', { name: 'Investment Amount' });
    if (key === 'ivy') {
      await amountField.fill('500000');
      await dialog.getByRole('button', { name: 'Invest' }).click();
      await expect(dialog).toContainText(
        'Please input an amount less than or equal to the remaining value of the loan',
      );
      await snap(page, 'marketplace-invest-dialog');
    }
    await amountField.fill(money(amount).replace(/[$,]/g, ''));
    await dialog.getByRole('button', { name: 'Invest' }).click();

    // retype to confirm
    const confirm = page.getByRole('dialog', { name: 'Confirm Investment' });
    const retype = confirm.getByLabel('Confirm amount');
    await retype.fill('1');
    await expect(confirm).toContainText('Please enter the same amount to confirm');
    await expect(confirm.getByRole('button', { name: 'Invest' })).toBeDisabled();
    if (key === 'ivy') await snap(page, 'marketplace-invest-confirm');
    await retype.fill(money(amount).replace(/[$,]/g, ''));
    await confirm.getByRole('button', { name: 'Invest' }).click();
    await expect(page.getByText('Investment successful')).toBeVisible();
    await expect(page).toHaveURL(/\/marketplace$/);

    // a pending investment reserves the available balance; the current balance waits for deploy
    await expectHeaderBalances(page, who.account, {
      available: before[key].available - amount,
      current: before[key].current,
    });
    if (key === 'sophie') {
      // fully funded: it has left the marketplace
      await expect(page.getByRole('grid').getByText(loanName)).toHaveCount(0);
      await snap(page, 'marketplace-after-funding');
    }
    await closeToasts(page);
    await logout(page);
  }
});

test('management deploys the loan; it is Active and the investors balances are right', async ({ page }) => {
  await login(page, demoUsers.management.email, demoUsers.management.name);
  await page.goto(loanPath);
  await expect(page.getByTestId('loan-status')).toHaveText('Fully Funded');
  await expect(page.getByTestId('funded-progress')).toHaveText('100.00% funded');
  const actions = page.getByRole('group', { name: 'Loan actions' });
  await expectReason(page, actions.getByRole('button', { name: 'Invest', exact: true }), 'Loan is fully funded');
  await actions.getByRole('button', { name: 'Deploy Loan' }).click();
  const deploy = page.getByRole('dialog', { name: 'Deploy Loan' });
  await expect(deploy).toContainText('$120,000.00 is paid to the borrower');
  await deploy.getByRole('button', { name: 'Deploy' }).click();
  await expect(page.getByText('Changes were processed')).toBeVisible();
  await expect(page.getByTestId('loan-status')).toHaveText('Active');
  await expect(actions.getByRole('button', { name: 'Deploy Loan' })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'Payout Loan' })).toBeEnabled();
  const investments = page.getByRole('grid', { name: 'Investments' });
  await expect(investments.locator('[role="row"][data-id]')).toHaveCount(3);
  await snap(page, 'loans-detail-active');

  // the payout dialog previews a date of an open repayment
  await actions.getByRole('button', { name: 'Payout Loan' }).click();
  const payout = page.getByRole('dialog', { name: 'Payout Loan' });
  await payout.getByRole('combobox', { name: 'Payout Date' }).click();
  await page.getByRole('option', { name: '20/02/2027' }).click();
  await payout.getByRole('button', { name: 'Calculate' }).click();
  await expect(payout.getByTestId('payout-preview')).toContainText('principal $120,000.00, interest $1,250.00');
  await snap(page, 'loans-payout-preview');
  await payout.getByRole('button', { name: 'Cancel' }).click();

  // the list, filtered by name
  await page.goto('/loans');
  await page.getByRole('button', { name: 'Filter Loans' }).click();
  const filter = page.getByRole('dialog', { name: 'Filter Loans' });
  await filter.getByRole('textbox', { name: 'Name' }).fill('Harbour Street');
  await filter.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('row-count')).toHaveText('1');
  await expect(page.getByRole('grid', { name: 'Loans' })).toContainText('Active');
  await snap(page, 'loans-list-filtered');
  await logout(page);

  for (const key of ['ivy', 'sophie'] as const) {
    const who = investors[key];
    const amount = key === 'ivy' ? who.amount : 120_000_00n - 1_200_00n - investors.ivy.amount;
    await login(page, who.email, who.name);
    // deployed: the investment has left the current balance too
    await expectHeaderBalances(page, who.account, {
      available: before[key].available - amount,
      current: before[key].current - amount,
    });
    if (key === 'ivy') await snap(page, 'marketplace-investor-after-deploy');
    await logout(page);
  }
});

test('clients: the list, a new client, its detail with Edit Client and the loans table', async ({ page }) => {
  await login(page, demoUsers.management.email, demoUsers.management.name);
  await page.goto('/clients');
  await expect(page.getByRole('grid', { name: 'Clients' }).locator('[role="row"][data-id]').first()).toBeVisible();
  await snap(page, 'clients-list');
  await expectAccessible(page);

  // the fixture loan's client: its loans table leads to the loan
  await page.getByRole('grid', { name: 'Clients' }).getByText(clientName).click();
  await expect(page.getByRole('heading', { name: clientName, level: 2 })).toBeVisible();
  const loans = page.getByRole('grid', { name: 'Loans' });
  await expect(loans).toContainText(loanName);
  await expect(loans).toContainText('12.50%');
  await snap(page, 'clients-detail');
  await loans.getByText(loanName).click();
  await expect(page).toHaveURL(new RegExp(`${loanPath}$`));

  // a new client: empty refused, then created, renamed, and without loans
  await page.goto('/clients');
  await page.getByRole('link', { name: 'New Client' }).click();
  await expect(page).toHaveURL(/\/clients\/new$/);
  await page.getByRole('button', { name: 'Create Client' }).click();
  await expect(page.getByText('Please input a non-empty value')).toBeVisible();
  await page.getByRole('textbox', { name: 'Client Name' }).fill('Journey Joinery Pty Ltd');
  await snap(page, 'clients-new');
  await page.getByRole('button', { name: 'Create Client' }).click();
  await page.getByRole('dialog', { name: 'Create Client' }).getByRole('button', { name: 'Create Client' }).click();
  await expect(page).toHaveURL(/\/clients\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Journey Joinery Pty Ltd', level: 2 })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Loans' })).toContainText('No data to display');

  await page.getByRole('button', { name: 'Edit Client' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Client' });
  await edit.getByRole('textbox', { name: 'Client Name' }).fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toContainText('Please input a name');
  await edit.getByRole('textbox', { name: 'Client Name' }).fill('Journey Joinery Ltd');
  await snap(page, 'clients-edit');
  await edit.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Confirm Edit' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Journey Joinery Ltd', level: 2 })).toBeVisible();
  await snap(page, 'clients-detail-edited');
  await expectAccessible(page);
});

test('the read-only investor cannot invest, and an empty marketplace says so', async ({ page }) => {
  await login(page, demoUsers.readOnly.email, demoUsers.readOnly.name);
  await page.goto('/marketplace');
  await page.getByRole('grid').locator('[role="row"][data-id]').first().click();
  await expect(page).toHaveURL(/\/marketplace\/\d+$/);
  await expectReason(
    page,
    page.getByRole('button', { name: 'Invest' }),
    'Your access is read only, so investments cannot be made from this login.',
  );
  await snap(page, 'marketplace-read-only');

  // no loan open for funding: the list answers empty (the demo book always has some open)
  await page.route('**/api/marketplace/loans?*', (route) =>
    route.fulfill({ json: { success: true, data: [], count: 0 } }),
  );
  await page.goto('/marketplace');
  await expect(page.getByTestId('marketplace-empty')).toHaveText('No new loans available, please check again later.');
  await expect(page.getByRole('grid')).toHaveCount(0);
  await snap(page, 'marketplace-empty');
  await expectAccessible(page);
});
