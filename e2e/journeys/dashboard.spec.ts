import { readFile } from 'node:fs/promises';
import { expect as baseExpect, expectAccessible, loginAs, skipWelcomeVideo, test } from '../support/fixtures';

/**
 * The dashboards (issue "Dashboards", Must show): the investor drills a graph from Yearly to Daily
 * and back, toggles a legend, switches account and follows the arrears strip; the administrator
 * runs the arrears check from its tile and opens /loans filtered by a status row; SUPPORT sees the
 * tables without action tiles. Each dashboard passes axe. Screenshots go to /tmp/dashboard-*.png.
 */

// the dashboard loads its chunk and its charts lazily; a busy machine needs more than 10 s
const expect = baseExpect.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await skipWelcomeVideo(page);
});

test('an investor drills Repayments Paid from Yearly to Daily and back, toggles a legend, switches account and follows the arrears strip', async ({
  page,
}) => {
  await loginAs(page, 'investor');
  await page.goto('/dashboard');
  const paid = page.getByTestId('graph-paid');
  const chart = page.getByTestId('graph-paid-chart');
  await expect(paid.getByRole('heading', { name: 'Repayments Paid' })).toBeVisible();
  await expect(chart).toHaveAttribute('data-level', 'year');
  // nothing is paid yet in the demo book: the empty graph says so, the graph of what is due does not
  await expect(page.getByTestId('graph-paid-empty')).toHaveText('No data to display');
  await expect(page.getByTestId('graph-due-chart').locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('graph-due-empty')).toHaveCount(0);
  await expect(page.getByText(/^Interest Earned FY '\d\d-\d\d$/)).toBeVisible();
  await expect(
    page.getByTestId('chart-industry').getByRole('heading', { name: 'Investment by Industry' }),
  ).toBeVisible();
  await expect(page.getByTestId('chart-state').getByRole('heading', { name: 'Investment by State' })).toBeVisible();
  await expect(page.getByTestId('chart-state').locator('path[data-state]')).toHaveCount(8);
  // the whole book's share beside the investor's own
  await expect(page.getByTestId('chart-state').getByRole('columnheader', { name: 'Whole book' })).toBeVisible();
  await expect(page.getByTestId('chart-industry').getByText('Whole book')).toBeVisible();
  await page.screenshot({ path: '/tmp/dashboard-investor.png', fullPage: true });
  await expectAccessible(page);

  // Yearly -> Monthly by a click on the last year's column of the chart itself
  const box = await chart.locator('svg').first().boundingBox();
  if (!box) throw new Error('the chart has no box');
  await page.mouse.click(box.x + box.width * 0.86, box.y + box.height * 0.5);
  await expect(chart).toHaveAttribute('data-level', 'month');
  await expect(page).toHaveURL(/g\.paid=month\./);
  // Monthly -> Weekly -> Daily by the graph's drill-down choice (the keyboard's way in)
  const drill = paid.getByRole('combobox', { name: /Drill down/ });
  await drill.click();
  await page.getByRole('option').nth(2).click();
  await expect(chart).toHaveAttribute('data-level', 'week');
  await drill.click();
  await page.getByRole('option').nth(1).click();
  await expect(chart).toHaveAttribute('data-level', 'day');
  await expect(drill).toHaveCount(0);
  await expect(page.getByTestId('graph-paid-caption')).toContainText('Daily: Week commencing');
  const dailyUrl = page.url();
  await page.screenshot({ path: '/tmp/dashboard-investor-daily.png', fullPage: false });
  // the drilled view is in the URL: a reload shows it again
  await page.reload();
  await expect(chart).toHaveAttribute('data-level', 'day');
  expect(page.url()).toBe(dailyUrl);
  // and back up, level by level
  const up = paid.getByRole('button', { name: 'Drill up Repayments Paid' });
  await up.click();
  await expect(chart).toHaveAttribute('data-level', 'week');
  await up.click();
  await expect(chart).toHaveAttribute('data-level', 'month');
  await up.click();
  await expect(chart).toHaveAttribute('data-level', 'year');
  await expect(up).toBeDisabled();

  // the rows behind a bar: the month of this financial year with the most repayments due (the demo
  // book's loans are young: nothing is paid yet), as a list with its totals and Export
  const due = page.getByTestId('graph-due');
  await due.getByRole('combobox', { name: /Rows of/ }).click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  const counts = (await options.allTextContents()).map((label) =>
    Number(/\(([\d,]+)\)$/.exec(label)?.[1]?.replaceAll(',', '') ?? 0),
  );
  const busiest = counts.indexOf(Math.max(...counts));
  const rowCount = counts[busiest] ?? 0;
  expect(rowCount).toBeGreaterThan(0);
  await options.nth(busiest).click();
  const rowsDialog = page.getByRole('dialog', { name: /^Repayments Due FY '\d\d-\d\d: [A-Z][a-z]{2} \d{4}$/ });
  await expect(rowsDialog).toBeVisible();
  await expect(rowsDialog.getByTestId('bar-rows-totals')).toContainText(
    `${rowCount.toLocaleString('en-AU')} ${rowCount === 1 ? 'row' : 'rows'}: principal $`,
  );
  await expect(rowsDialog.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: '/tmp/dashboard-investor-bar-rows.png', fullPage: false });
  await expectAccessible(page);
  await rowsDialog.getByRole('button', { name: 'Export' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export to CSV' });
  const download = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Export' }).click();
  const csv = await readFile((await (await download).path()) ?? '', 'utf8');
  const lines = csv.split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Due Date,Account,Loan,Status,Principal Due,Interest Due,Total Due');
  expect(lines).toHaveLength(rowCount + 1);
  await rowsDialog.getByRole('button', { name: 'Close' }).click();
  await expect(rowsDialog).toBeHidden();

  // the legend hides and shows a series
  const legend = paid.getByRole('group', { name: 'Repayments Paid legend' });
  const interest = legend.getByRole('button', { name: 'Interest' });
  await expect(interest).toHaveAttribute('aria-pressed', 'true');
  await interest.click();
  await expect(interest).toHaveAttribute('aria-pressed', 'false');
  await interest.click();
  await expect(interest).toHaveAttribute('aria-pressed', 'true');

  // the account selector (the demo investor holds two accounts), with All
  await page.getByRole('combobox', { name: 'Account' }).click();
  await expect(page.getByRole('option', { name: 'All' })).toBeVisible();
  await page.getByRole('option', { name: 'Ivy Investor (Offshore)' }).click();
  await expect(page).toHaveURL(/account=\d+/);
  await expect(page.getByRole('combobox', { name: 'Account' })).toHaveText('Ivy Investor (Offshore)');
  // the measure lives in the URL: the radio shows it once the URL has changed
  await page.getByRole('radio', { name: 'Number' }).click();
  await expect(page).toHaveURL(/measure=count/);
  await expect(page.getByRole('radio', { name: 'Number' })).toBeChecked();
  await expect(legend.getByRole('button', { name: 'Count' })).toBeVisible();
  await page.screenshot({ path: '/tmp/dashboard-investor-account.png', fullPage: true });

  // the arrears strip opens the portfolio's In Arrears tab
  await page.getByRole('link', { name: 'Investments in Arrears' }).click();
  await expect(page).toHaveURL(/\/portfolio\?tab=/);
  await expect(page.getByRole('tab', { name: 'In Arrears', selected: true }).first()).toBeVisible();

  // a link naming a period or a graph the dashboard does not have says so and shows the default
  await page.goto('/dashboard?g.paid=month.2024-07-02.12&g.losses=year.2020-07-01');
  await expect(page.getByText('Period does not exist')).toBeVisible();
  await expect(page.getByText('Graph does not exist')).toBeVisible();
  await expect(chart).toHaveAttribute('data-level', 'year');
});

test('the administrator runs the arrears check from its tile and opens the loans of a status', async ({ page }) => {
  await loginAs(page, 'management');
  await page.goto('/dashboard');
  for (const tile of ['Total Available Balance', 'Total Current Balance', 'Investors', 'Investor Reports Limit']) {
    await expect(page.getByRole('heading', { name: tile, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('tile-reports-limit')).toHaveText('30/06/2025');
  await expect(page.getByTestId('tile-total-available')).toHaveText(/^\$[\d.,]+[KM]?$/);
  for (const table of ['Loans Status', 'Loans in Arrears', 'MarketPlace Expired Loans', 'Loans Funded Last 30 Days']) {
    await expect(page.getByRole('heading', { name: table, exact: true })).toBeVisible();
  }
  const statusTable = page.getByTestId('dashboard-table-status');
  await expect(statusTable.getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: '/tmp/dashboard-administrator.png', fullPage: true });
  await expectAccessible(page);

  await page.getByTestId('action-arrears-check').click();
  const toast = page.getByRole('alert').filter({ hasText: 'Loans in arrears have been calculated' });
  await expect(toast).toBeVisible();

  // a status row opens /loans with that status as its filter
  const firstRow = statusTable.getByRole('row').nth(1);
  const status = (await firstRow.getByRole('gridcell').first().textContent())?.trim() ?? '';
  await firstRow.getByRole('gridcell').first().click();
  await expect(page).toHaveURL(/\/loans\?.*f\.status=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Loans' })).toBeVisible();
  await expect(page.getByRole('grid').getByRole('row').nth(1)).toContainText(status);
});

test('SUPPORT and AUDITOR see the tables without action tiles', async ({ page }) => {
  await loginAs(page, 'support');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Loans Status', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Loans Funded Last 30 Days', exact: true })).toBeVisible();
  await expect(page.getByTestId('dashboard-table-status').getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText('Run Arrears Check')).toHaveCount(0);
  await expect(page.getByText('Total Available Balance')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/dashboard-support.png', fullPage: true });
  await expectAccessible(page);
  // a status row is a plain link to /loans, without a filter
  await page.getByTestId('dashboard-table-status').getByRole('row').nth(1).getByRole('gridcell').first().click();
  await expect(page).toHaveURL(/\/loans$/);

  await page.goto('/logout');
  await loginAs(page, 'auditor');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Loans in Arrears', exact: true })).toBeVisible();
  await expect(page.getByText('Run Arrears Check')).toHaveCount(0);
  await expectAccessible(page);
});
