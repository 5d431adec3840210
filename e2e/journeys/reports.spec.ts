import fs from 'node:fs';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  expect as baseExpect,
  expectAccessible,
  loginAs,
  openMenuItem,
  skipWelcomeVideo,
  snap,
  test,
  typeDate,
} from '../support/fixtures';

/**
 * Reports (issue "Reports and statements", Must show): an investor downloads an Account Interest
 * Statement PDF of their own account, after the form has named what is missing, and a Tax
 * Statement of a closed financial year, which is then kept in Available Statements and downloads
 * from there; management generates Loans In Arrears as xlsx and sees the job's progress while it
 * is made.
 */

const expect = baseExpect.configure({ timeout: 20_000 });

async function chooseReport(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Report Type' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { name: label })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await skipWelcomeVideo(page);
});

test('an investor downloads an Account Interest Statement PDF and a Tax Statement of their own account', async ({
  page,
}) => {
  await loginAs(page, 'investor');
  await openMenuItem(page, 'Reports');
  await expect(page).toHaveURL(/\/reports$/);
  // the investor end-date limit is said on screen
  await expect(page.getByText('Investor reports end no later than 30/06/2025.')).toBeVisible();
  // investors are offered the investor reports only
  await page.getByRole('combobox', { name: 'Report Type' }).click();
  await expect(page.getByRole('option', { name: 'Loans In Arrears' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await chooseReport(page, 'Account Interest Statement');

  // nothing filled: each required card says what it needs
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await expect(page.getByText('Account is required')).toBeVisible();
  await expect(page.getByText('Start Date is required')).toBeVisible();
  await expect(page.getByText('End Date is required')).toBeVisible();

  await page.getByRole('combobox', { name: 'Account' }).click();
  await page.getByRole('option', { name: /^Ivy Investor \(\d+\)$/ }).click();
  await typeDate(page, 'Start Date', '01/07/2024');
  await typeDate(page, 'End Date', '30/06/2025');
  await expect(page.getByRole('combobox', { name: 'Format' })).toHaveText('PDF');
  await snap(page, 'reports-investor-interest-statement');
  await expectAccessible(page);

  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^Account-Interest-Statement-\d+-2024-07-01-2025-06-30\.pdf$/);
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.toString('latin1')).toMatch(/\/Type \/Page\b/);
  await expect(page.getByText(/Report generated: Account-Interest-Statement-/)).toBeVisible();

  // and a tax statement: only closed financial years within the end-date limit are offered
  await chooseReport(page, 'Account Tax Statement');
  const statements = page.getByRole('region', { name: 'Available Statements' });
  await expect(statements.getByText('Choose an account to see its statements.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Account' }).click();
  await page.getByRole('option', { name: /^Ivy Investor \(\d+\)$/ }).click();
  // none generated yet for this account
  await expect(statements.getByText(/^No statements yet\./)).toBeVisible();
  await snap(page, 'reports-investor-available-statements-empty');
  await page.getByRole('combobox', { name: 'Financial Year' }).click();
  await expect(page.getByRole('option', { name: 'FY 2025-26' })).toHaveCount(0);
  await page.getByRole('option', { name: 'FY 2024-25' }).click();
  const taxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const tax = await taxDownload;
  expect(tax.suggestedFilename()).toMatch(/^Account-Tax-Statement-\d+-FY2025\.pdf$/);
  expect(
    fs
      .readFileSync(await tax.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');

  // generating it stored it: Available Statements lists it, and downloads the stored file
  const stored = statements.getByRole('row', { name: /FY 2024-25 1 / });
  await expect(stored).toBeVisible();
  await snap(page, 'reports-investor-available-statements');
  await expectAccessible(page);
  const storedDownload = page.waitForEvent('download');
  await stored.getByRole('button', { name: 'Download FY 2024-25 version 1' }).click();
  const storedFile = await storedDownload;
  expect(storedFile.suggestedFilename()).toMatch(/^Account-Tax-Statement-\d+-FY2025-v1\.pdf$/);
  const storedBytes = fs.readFileSync(await storedFile.path());
  expect(storedBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(storedBytes.toString('latin1')).toMatch(/\/Type \/Page\b/);
});

test('management generates Loans In Arrears as xlsx with the progress shown', async ({ page }) => {
  await loginAs(page, 'management');
  await openMenuItem(page, 'Reports');
  await chooseReport(page, 'Loans In Arrears');
  await expect(page.getByRole('combobox', { name: 'Loan' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Format' })).toHaveText('Excel');

  // the report is made as a job: the screen follows GET api/jobs/{id}; hold the finished file a
  // moment, so the progress can be seen however fast the server is
  const jobStates: { status: string; progress: number }[] = [];
  page.on('response', async (response) => {
    if (/\/api\/jobs\/\d+$/.test(new URL(response.url()).pathname)) {
      const body = (await response.json().catch(() => null)) as { data?: { status: string; progress: number } } | null;
      if (body?.data) jobStates.push(body.data);
    }
  });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/jobs/*/result', async (route) => {
    await held;
    await route.continue();
  });
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const progress = page.getByRole('progressbar', { name: 'Report progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Report' })).toBeDisabled();
  // the bar shows the job's own progress; once the job has finished, the status names the file
  // on its way (held here) rather than the job's last message
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('status')).toHaveText(/^Downloading Loans-In-Arrears-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await snap(page, 'reports-loans-in-arrears-progress');
  expect(jobStates.at(-1)).toMatchObject({ status: 'SUCCEEDED', progress: 1 });
  release();

  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^Loans-In-Arrears-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0];
  expect(sheet?.getRow(1).getCell(1).value).toBe('Loans In Arrears');
  let header = 0;
  sheet?.eachRow((row, n) => {
    if (header === 0 && row.getCell(1).value === 'Loan') header = n;
  });
  expect(header).toBeGreaterThan(0);
  // the demo book has loans in arrears: at least one row, then the totals row
  expect(sheet?.getRow(header + 1).getCell(1).value).toEqual(expect.any(Number));
  await expect(page.getByRole('progressbar', { name: 'Report progress' })).toBeHidden();
  await expect(page.getByText(/Report generated: Loans-In-Arrears-/)).toBeVisible();
  await snap(page, 'reports-loans-in-arrears-done');
});
