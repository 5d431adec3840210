import type { Browser, Locator, Page } from '@playwright/test';
import { demoPassword, demoUsers } from '../support/demo';
import {
  expect,
  expectAccessible,
  latestMailedCode,
  skipWelcomeVideo,
  snap,
  submitLogin,
  test,
  typeDate,
} from '../support/fixtures';

/**
 * Investor onboarding (issue 15): an anonymous applicant fills the public application at /invest;
 * management reviews and approves it; the code mailed with the login details sets a password; the
 * new investor logs in to an empty account with its BPAY details.
 */

const newPassword = 'Onboard-Passw0rd!';
const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n%${name}\n%%EOF\n`),
});

/** Fills an address field's parts (its label, then Line 1, Suburb, ...). */
async function fillAddress(scope: Page | Locator, label: string, line1: string) {
  const parts: [string, string][] = [
    ['Line 1', line1],
    ['Suburb', 'Sydney'],
    ['State', 'NSW'],
    ['Postcode', '2000'],
    ['Country', 'Australia'],
  ];
  for (const [part, value] of parts) await scope.getByRole('textbox', { name: `${label} ${part}` }).fill(value);
}

/** The Register step, filled and left with Next. */
async function register(page: Page, firstName: string, email: string) {
  await choose(page, 'Title', 'Ms');
  await page.getByRole('textbox', { name: 'First name' }).fill(firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill('Onboard');
  await typeDate(page, 'Date of birth', '12/04/1985');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Contact number' }).fill('0412 345 678');
}

/** The Investment Mandate step, filled and left with Next. */
async function mandate(page: Page) {
  await expect(page.getByRole('heading', { level: 2, name: 'Investment Mandate' })).toBeVisible();
  await expect(page.getByText(/each member funds \$5,000/)).toBeVisible();
  await choose(page, 'Facility size', 'Any loan size');
  await choose(page, 'Maximum exposure to any one loan', '25%');
  await page.getByRole('radio').first().check();
  await page.getByRole('checkbox', { name: 'I agree to the investment mandate instructions above' }).check();
  await page.getByRole('checkbox', { name: /I am authorised to approve this investment mandate/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
}

/** Final Verification: 'I accept' only with both consents; answers the application's reference. */
async function acceptAndSubmit(page: Page, shot: string): Promise<string> {
  await expect(page.getByRole('heading', { level: 2, name: 'Final Verification' })).toBeVisible();
  const accept = page.getByRole('button', { name: 'I accept' });
  await expect(accept).toBeDisabled();
  await page.getByRole('checkbox', { name: /I am authorised to provide the details/ }).check();
  await expect(accept).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I consent to a credit reporting check' }).check();
  await expect(accept).toBeEnabled();
  await snap(page, shot);
  await accept.click();
  const applicationId = page.getByTestId('application-id');
  await expect(applicationId).not.toBeEmpty();
  // locked: nothing left to press
  await expect(page.getByRole('button', { name: 'I accept' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  return (await applicationId.textContent()) ?? '';
}

/** Management, in a context of its own, opens the application from the list. */
async function openForReview(browser: Browser, origin: string, reference: string) {
  const context = await browser.newContext({ baseURL: origin });
  const review = await context.newPage();
  await review.goto('/login');
  await submitLogin(review, demoUsers.management.email, demoPassword);
  await expect(review).not.toHaveURL(/\/login/);
  // the list filtered by Application ID (contains) finds it alone
  await review.goto(`/onboarding/investorApplications?f.applicationId=${reference.slice(2)}`);
  const rows = review.getByRole('row', { name: new RegExp(reference) });
  await expect(rows).toHaveCount(1);
  await expect(review.getByRole('row')).toHaveCount(2);
  await rows.click();
  await expect(review.getByRole('heading', { name: `Application ${reference}` })).toBeVisible();
  return { context, review };
}

/** Picks an option of a select field (within `scope`). */
async function choose(page: Page, label: string, option: string, scope: Page | Locator = page) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** DD/MM/YYYY of a day this many days before today. */
function daysAgo(days: number): string {
  const date = new Date(Date.now() - days * 86_400_000);
  return date.toLocaleDateString('en-AU', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Australia/Sydney',
  });
}

const step = (page: Page, title: string) => page.getByRole('tab', { name: new RegExp(`^${title}:`) });

test('an individual applies with a licence and a certificate; management approves; the investor logs in', async ({
  page,
  browser,
}) => {
  const email = `ivy.onboard.${Date.now().toString(36)}@example.com`;
  await page.goto('/invest');
  await expect(page.getByRole('heading', { level: 2, name: 'Register' })).toBeVisible({ timeout: 30_000 });

  // Register: Next with nothing filled keeps the applicant here with the field messages
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await register(page, 'Ivy', 'not-an-email');
  await expect(page.getByText('Please input a valid email address.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await snap(page, 'invest-register');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(step(page, 'Register')).toHaveAttribute('data-step-state', 'complete');
  await expect(step(page, 'Investing Entity')).toHaveAttribute('data-step-state', 'inProgress');

  // Investing Entity: an individual, sophisticated, with a driver's licence
  await expect(page.getByRole('heading', { level: 2, name: 'Investing Entity' })).toBeVisible();
  await choose(page, 'Investor type', 'Individual');
  await choose(page, 'Accreditation level', 'Sophisticated');
  await page.getByRole('textbox', { name: 'Investing entity name' }).fill('Ivy Onboard');
  await fillAddress(page, 'Mailing address', '1 George Street');
  await page.getByRole('checkbox', { name: 'Registered for tax in Australia' }).check();
  await page.getByRole('textbox', { name: 'Tax file number (TFN)' }).fill('123 456 783');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please enter a valid TFN.')).toBeVisible();
  await expect(page.getByText("A driver's licence or passport number is required.").first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Tax file number (TFN)' }).fill('123 456 782');
  await page.getByRole('textbox', { name: "Driver's licence number" }).fill('12345678');
  await choose(page, "Driver's licence state", 'NSW');
  await page.getByLabel("Driver's licence", { exact: true }).setInputFiles(pdf('licence.pdf'));
  await expect(page.getByText('licence.pdf')).toBeVisible();
  await snap(page, 'invest-entity');
  await page.getByRole('button', { name: 'Next' }).click();

  await mandate(page);

  // Documents: shown for a sophisticated individual
  await expect(page.getByRole('heading', { level: 2, name: 'Documents' })).toBeVisible();
  await page.getByLabel('Sophisticated investor certificate', { exact: true }).setInputFiles(pdf('certificate.pdf'));
  // a certificate that expires within the month: a warning in the form alert dialog, not a block
  await typeDate(page, 'Date the certificate was issued', daysAgo(710));
  await snap(page, 'invest-documents');
  await page.getByRole('button', { name: 'Next' }).click();
  const warning = page.getByRole('dialog', { name: 'Please check' });
  await expect(warning).toContainText('The sophisticated investor certificate expires within a month.');
  await snap(page, 'invest-form-alert');
  await warning.getByRole('button', { name: 'Close' }).click();

  // back on Register, the email emptied: that step shows its error and 'I accept' is blocked
  await expect(page.getByRole('heading', { level: 2, name: 'Final Verification' })).toBeVisible();
  await step(page, 'Register').click();
  await page.getByRole('textbox', { name: 'Email' }).fill('');
  await step(page, 'Final Verification').click();
  await expect(step(page, 'Register')).toHaveAttribute('data-step-state', 'error');
  await expect(
    page.getByText(
      'Some fields of this application are incomplete or incorrect, please go back and correct these issues to continue',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'I accept' })).toBeDisabled();
  await snap(page, 'invest-incomplete');
  await expectAccessible(page);
  await step(page, 'Register').click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await step(page, 'Final Verification').click();
  await expect(step(page, 'Register')).toHaveAttribute('data-step-state', 'complete');

  const reference = await acceptAndSubmit(page, 'invest-final');
  await snap(page, 'invest-submitted');

  // management downloads a file and approves the application; the list shows it approved
  const { context, review } = await openForReview(browser, new URL(page.url()).origin, reference);
  const files = review.getByRole('table', { name: 'Files' });
  await expect(files).toContainText('licence.pdf');
  await expect(files).toContainText('certificate.pdf');
  const download = review.waitForEvent('download');
  await review.getByRole('button', { name: "Download Driver's licence" }).click();
  expect((await download).suggestedFilename()).toBe('licence.pdf');
  const approve = review.getByRole('button', { name: 'Approve', exact: true });
  await expect(approve).toBeDisabled();
  await review.getByRole('checkbox', { name: 'All required parties have approved' }).check();
  await snap(review, 'onboarding-review');
  await expectAccessible(review);
  await approve.click();
  await review.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(review).toHaveURL(/\/onboarding\/investorApplications$/);
  await expect(review.getByRole('row', { name: new RegExp(reference) })).toContainText('Approved');
  await snap(review, 'onboarding-list');
  await context.close();

  // the mailed code sets a password; the investor logs in to an empty account with its BPAY details
  const code = latestMailedCode(email);
  await skipWelcomeVideo(page);
  await page.goto('/reset-password');
  await page.getByRole('button', { name: 'Enter Code' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, email, newPassword);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/accounts');
  const account = page.getByRole('region').first();
  await expect(account).toContainText(/Available Balance\s*\$0\.00/);
  await expect(account).toContainText(/Account Balance\s*\$0\.00/);
  await expect(account).toContainText(/Biller Code\s*\d{4,}/);
  await expect(account).toContainText(/Reference\s*\d{4,}/);
  await snap(page, 'onboarded-investor-account');
});

test('a company applies with two directors; management denies it', async ({ page, browser }) => {
  const tag = Date.now().toString(36);
  await page.goto('/invest');
  await expect(page.getByRole('heading', { level: 2, name: 'Register' })).toBeVisible({ timeout: 30_000 });
  await register(page, 'Cora', `cora.${tag}@example.com`);
  await page.getByRole('button', { name: 'Next' }).click();

  // a company with the accreditation level that has no Documents step
  await choose(page, 'Investor type', 'Company');
  await choose(page, 'Accreditation level', 'Other');
  await expect(step(page, 'Documents')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Investing entity name' }).fill('Harbour Lending Pty Ltd');
  await page.getByRole('checkbox', { name: 'Registered for tax in Australia' }).check();
  await page.getByRole('textbox', { name: 'Tax file number (TFN)' }).fill('459 599 230');
  await typeDate(page, 'Date of incorporation', '01/03/2012');
  await choose(page, 'Company type', 'Proprietary limited (Pty Ltd)');
  await page.getByRole('textbox', { name: 'ACN', exact: true }).fill('004 085 617');
  await page.getByRole('textbox', { name: 'ABN', exact: true }).fill('53 004 085 617');
  await fillAddress(page, 'Registered address', '100 Pitt Street');
  await page.getByRole('checkbox', { name: 'The principal place of business is the registered address' }).check();
  await page.getByRole('checkbox', { name: 'Non-financial entity' }).check();

  // two directors, added one by one; the same email twice is refused
  const add = page.getByRole('button', { name: 'Add approving individual' });
  await add.click();
  await add.click();
  await page.getByRole('checkbox', { name: /Every person who owns 25% or more/ }).check();
  for (const n of [1, 2]) {
    const person = page.getByRole('group', { name: `Approving individual ${n}` });
    await person.getByRole('checkbox', { name: 'Company director' }).check();
    await choose(page, 'Title', 'Mr', person);
    await person.getByRole('textbox', { name: 'First name' }).fill(`Director${n}`);
    await person.getByRole('textbox', { name: 'Last name' }).fill('Harbour');
    await person.getByRole('textbox', { name: 'Email' }).fill(`director.${tag}@example.com`);
    await person.getByRole('textbox', { name: 'Contact number' }).fill(`0400 000 00${n}`);
    await typeDate(page, 'Date of birth', `0${n}/02/1970`, person);
    await fillAddress(person, 'Residential address', `${n} Harbour Street`);
    await person.getByRole('textbox', { name: "Driver's licence number" }).fill(`9000000${n}`);
    await choose(page, "Driver's licence state", 'VIC', person);
    await person.getByLabel("Driver's licence", { exact: true }).setInputFiles(pdf(`director-${n}-licence.pdf`));
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please enter a valid ACN')).toBeVisible();
  await expect(page.getByText('Please enter a valid ABN')).toBeVisible();
  await expect(
    page.getByText('The email address is not unique, each individual must have their own email address.'),
  ).toHaveCount(2);
  await snap(page, 'invest-company-errors');
  await page.getByRole('textbox', { name: 'ACN', exact: true }).fill('004 085 616');
  await page.getByRole('textbox', { name: 'ABN', exact: true }).fill('53 004 085 616');
  await page
    .getByRole('group', { name: 'Approving individual 2' })
    .getByRole('textbox', { name: 'Email' })
    .fill(`director2.${tag}@example.com`);
  await snap(page, 'invest-company');
  await page.getByRole('button', { name: 'Next' }).click();

  await mandate(page);

  // a submission the server refuses says so, and the form stays open to try again
  const submitPath = '**/api/onboarding/user/applications';
  await page.route(submitPath, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, code: 'INTERNAL', userMessage: 'Action Failed' }),
    }),
  );
  await page.getByRole('checkbox', { name: /I am authorised to provide the details/ }).check();
  await page.getByRole('checkbox', { name: 'I consent to a credit reporting check' }).check();
  await page.getByRole('button', { name: 'I accept' }).click();
  await expect(page.getByTestId('toast-error')).toHaveText('Application failed to submit');
  await expect(page.getByRole('button', { name: 'I accept' })).toBeEnabled();
  await page.unroute(submitPath);
  await page.getByRole('checkbox', { name: /I am authorised to provide the details/ }).uncheck();
  await page.getByRole('checkbox', { name: 'I consent to a credit reporting check' }).uncheck();
  const reference = await acceptAndSubmit(page, 'invest-company-final');

  // management sees both directors among the approvals, and denies the application
  const { context, review } = await openForReview(browser, new URL(page.url()).origin, reference);
  const approvals = review.getByRole('table', { name: 'Approvals' });
  await expect(approvals.getByRole('row')).toHaveCount(3);
  await expect(approvals).toContainText(`director.${tag}@example.com`);
  await expect(approvals).toContainText(`director2.${tag}@example.com`);
  await expect(review.getByRole('table', { name: 'Files' })).toContainText('director-2-licence.pdf');
  await review.getByRole('button', { name: 'Deny', exact: true }).click();
  await snap(review, 'onboarding-deny');
  await review.getByRole('dialog').getByRole('button', { name: 'Deny' }).click();
  await expect(review).toHaveURL(/\/onboarding\/investorApplications$/);
  await expect(review.getByRole('row', { name: new RegExp(reference) })).toContainText('Denied');
  await context.close();
});
