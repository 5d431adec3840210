import { displayMessages } from '@lm/domain';
import type { Page, Response } from '@playwright/test';
import { expect, loginAs, skipWelcomeVideo, snap, test } from '../support/fixtures';

// The shared list building blocks (ServerTable, list state in the URL, the filter dialog, the CSV
// export, the list/detail tabs), exercised through the Loans list and the demo book's loans.

test.beforeEach(async ({ page }) => {
  await skipWelcomeVideo(page);
  await loginAs(page, 'management');
});

function isLoansGet(url: string, method: string): boolean {
  return new URL(url).pathname === '/api/loans' && method === 'GET';
}

/** A page of the loan list (its rows); the count goes in a request of its own (`$top=0`). */
function isListResponse(response: Response): boolean {
  return isLoansGet(response.url(), response.request().method()) && !isCountUrl(response.url());
}

function isCountUrl(url: string): boolean {
  return new URL(url).searchParams.get('$top') === '0';
}

/**
 * Runs an action and answers the query of the list request it causes, once its response has
 * arrived. The wait starts before the action, so a quick answer is not missed, and only a request
 * made after the action can answer it.
 */
async function nextListRequest(page: Page, action: () => Promise<unknown>): Promise<URLSearchParams> {
  const response = page.waitForResponse(isListResponse);
  await action();
  return new URL((await response).url()).searchParams;
}

test('paging, the sort toggle and the count chip, with the state in the URL', async ({ page }) => {
  const countResponse = page.waitForResponse(
    (response) => isLoansGet(response.url(), response.request().method()) && isCountUrl(response.url()),
  );
  const first = await nextListRequest(page, () => page.goto('/loans'));
  const counted = await countResponse;
  const body = await counted.json();
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row')).not.toHaveCount(1);
  // the chip shows the server's count; the default sort is id descending
  await expect(page.getByTestId('row-count')).toHaveText(String(body.count));
  expect(first.get('$orderby')).toBe('id desc');
  expect(first.get('$top')).toBe('10');
  // the rows do not wait for the count: the page asks for its rows alone, the count beside them
  expect(first.get('$count')).toBeNull();
  expect(new URL(counted.url()).searchParams.get('$count')).toBe('true');
  await snap(page, 'list-loans');
  // sorting and paging keep the filter, so they do not count again
  const recounts: string[] = [];
  page.on('request', (request) => {
    if (isLoansGet(request.url(), request.method()) && isCountUrl(request.url())) recounts.push(request.url());
  });

  const idHeader = grid.getByRole('columnheader', { name: /^ID( Sort)?$/ });
  const amountHeader = grid.getByRole('columnheader', { name: /^Amount( Sort)?$/ });
  // a click on the descending column flips it to ascending
  expect((await nextListRequest(page, () => idHeader.click())).get('$orderby')).toBe('id asc');
  await expect(page).toHaveURL(/sort=id(&|$)/);
  // any other column sorts descending first, then ascending
  expect((await nextListRequest(page, () => amountHeader.click())).get('$orderby')).toBe('amount desc');
  await expect(page).toHaveURL(/sort=-amount/);
  expect((await nextListRequest(page, () => amountHeader.click())).get('$orderby')).toBe('amount asc');
  await expect(page).toHaveURL(/sort=amount(&|$)/);

  // the next page, then a bigger page size (which goes back to the first page)
  const next = await nextListRequest(page, () => page.getByRole('button', { name: 'Go to next page' }).click());
  expect(next.get('$skip')).toBe('10');
  await expect(page).toHaveURL(/page=2/);
  await page.getByRole('combobox', { name: /rows per page/i }).click();
  const bigger = await nextListRequest(page, () => page.getByRole('option', { name: '25' }).click());
  expect(bigger.get('$top')).toBe('25');
  expect(bigger.get('$skip')).toBe('0');
  await expect(page).toHaveURL(/size=25/);
  await expect(page).not.toHaveURL(/page=2/);
  expect(recounts).toEqual([]);

  // the back button is the previous list state, and a reload keeps it
  await page.goBack();
  await expect(page).toHaveURL(/page=2/);
  await page.reload();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/sort=amount/);
  await expect(amountHeader).toHaveAttribute('aria-sort', 'ascending');
});

test('the table is one tab stop: arrows, Home and End move between cells, Enter on a header sorts, on a row opens it', async ({
  page,
}) => {
  await nextListRequest(page, () => page.goto('/loans'));
  const grid = page.getByRole('grid', { name: 'Loans' });
  const rows = grid.locator('[role="row"][data-id]');
  await expect(rows.first()).toBeVisible();
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-cell') ?? null);
  // Tab from the Refresh button lands on the table's first header cell, and one more Tab leaves the table
  await page.getByRole('button', { name: 'Refresh Loans' }).focus();
  await page.keyboard.press('Tab');
  expect(await focused()).toBe('0-0');
  await expect(grid.getByRole('columnheader').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  expect(await focused()).toBe('2-1');
  await page.keyboard.press('End');
  const columns = await grid.getByRole('columnheader').count();
  expect(await focused()).toBe(`2-${columns - 1}`);
  await page.keyboard.press('Home');
  expect(await focused()).toBe('2-0');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('[role="grid"]') === null)).toBe(true);
  // back into the table: the focus returns to the cell it left
  await page.keyboard.press('Shift+Tab');
  expect(await focused()).toBe('2-0');

  // Enter on the Amount header sorts by it, descending first
  const amount = grid.getByRole('columnheader', { name: 'Amount', exact: true });
  const amountColumn = await amount.getAttribute('data-cell');
  await page.keyboard.press('Control+Home');
  expect(await focused()).toBe('0-0');
  while ((await focused()) !== amountColumn) await page.keyboard.press('ArrowRight');
  expect((await nextListRequest(page, () => page.keyboard.press('Enter'))).get('$orderby')).toBe('amount desc');
  await expect(amount).toHaveAttribute('aria-sort', 'descending');
  expect((await nextListRequest(page, () => page.keyboard.press(' '))).get('$orderby')).toBe('amount asc');
  await expect(amount).toHaveAttribute('aria-sort', 'ascending');

  // Enter on a row's cell opens the row
  await page.keyboard.press('ArrowDown');
  const id = await rows.first().getAttribute('data-id');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/loans/${id}\\?`));
});

test('the filter dialog builds $filter, shows chips, and an empty result says so', async ({ page }) => {
  // the first page has arrived, so the next list response is the filter's
  await nextListRequest(page, () => page.goto('/loans'));
  await page.getByRole('button', { name: 'Filter Loans' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter Loans' });
  await dialog.getByLabel('Amount from').fill('-500');
  // a negative amount is clamped to 0 (spec core §5)
  await expect(dialog.getByLabel('Amount from')).toHaveValue('0');
  await dialog.getByLabel('Amount from').fill('40000');
  await dialog.getByLabel('Name').fill('Franchise');
  await snap(page, 'list-filter-dialog');
  const filtered = await nextListRequest(page, () => dialog.getByRole('button', { name: 'Confirm' }).click());
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/f\.amountMin=40000/);
  await expect(page).toHaveURL(/f\.name=Franchise/);
  const filter = filtered.get('$filter') ?? '';
  expect(filter).toContain('amount ge 40000');
  expect(filter).toContain("contains(name,'Franchise')");
  await expect(page.getByRole('button', { name: 'Name: Franchise' })).toBeVisible();
  await snap(page, 'list-filtered');

  // removing a chip removes its criterion
  const unfiltered = await nextListRequest(page, () =>
    page.getByRole('button', { name: 'Name: Franchise' }).locator('svg').click(),
  );
  await expect(page).not.toHaveURL(/f\.name=/);
  expect(unfiltered.get('$filter')).toBe('amount ge 40000');

  // nothing matches: the table says so
  await page.getByRole('button', { name: 'Filter Loans' }).click();
  await dialog.getByLabel('Name').fill('no loan has this name');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(displayMessages.noData)).toBeVisible();
  await expect(page.getByTestId('row-count')).toHaveText('0');
  await snap(page, 'list-empty');

  // Clear empties the dialog
  await page.getByRole('button', { name: 'Filter Loans' }).click();
  await dialog.getByRole('button', { name: 'Clear' }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).not.toHaveURL(/f\./);
});

test('a row opens its detail tab; the list tab returns to the list as it was', async ({ page }) => {
  await page.goto('/loans?sort=id&size=25');
  const tabs = page.getByRole('tablist', { name: /Loans and/ });
  await expect(tabs.getByRole('tab').nth(1)).toBeDisabled();
  const firstRow = page.getByRole('grid').getByRole('row').nth(1);
  const id = (await firstRow.getByRole('gridcell').first().textContent())?.trim();
  await firstRow.getByRole('gridcell').nth(2).click();
  await expect(page).toHaveURL(new RegExp(`/loans/${id}\\?sort=id&size=25$`));
  await expect(tabs.getByRole('tab').nth(1)).toHaveAttribute('aria-selected', 'true');
  await snap(page, 'list-detail');
  await tabs.getByRole('tab').first().click();
  await expect(page).toHaveURL(/\/loans\?sort=id&size=25$/);
  // a route id opens the detail directly
  await page.goto(`/loans/${id}`);
  await expect(tabs.getByRole('tab').nth(1)).toHaveAttribute('aria-selected', 'true');
});

test('the CSV export writes comma-separated rows with CRLF, a header and no quotes', async ({ page }) => {
  await page.goto('/loans?size=25');
  await expect(page.getByRole('grid').getByRole('row')).not.toHaveCount(1);
  await page.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export to CSV' });
  await expect(dialog.getByLabel('Delimiter')).toHaveText('Comma');
  await snap(page, 'list-export-dialog');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('loans.csv');
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const lines = text.split('\r\n');
  expect(lines[0]?.startsWith('ID,Third Party ID,Name,')).toBe(true);
  expect(lines.length).toBeGreaterThan(1);
  expect(text.includes('\n') && !text.replace(/\r\n/g, '').includes('\n')).toBe(true);
  // amounts are plain decimals
  expect(lines[1]).toMatch(/,\d+\.\d{2},/);
});

// each list, and an amount and a date of its rows
const wideLists = [
  { path: '/loans', name: 'Loans', oneLine: ['amount', 'marketplaceExpiryDate'] },
  // eleven columns: the headers break at their spaces too
  { path: '/transactions', name: 'Transactions', oneLine: ['grossAmount', 'createdDate'] },
  { path: '/investments', name: 'Investments', oneLine: ['investedAmount', 'creationDate'] },
] as const;

for (const list of wideLists) {
  test(`the list ${list.path} fits a 1280 px screen: text breaks at its spaces, amounts and dates stay on one line`, async ({
    page,
  }) => {
    await page.goto(list.path);
    const table = page.getByRole('grid', { name: list.name });
    await expect(table.locator('[role="row"][data-rowindex]').first()).toBeVisible();
    // nothing to scroll sideways: the table is as wide as its container
    const widths = await table.evaluate((element) => ({
      table: element.scrollWidth,
      container: element.parentElement?.clientWidth ?? 0,
    }));
    expect(widths.table).toBeLessThanOrEqual(widths.container);
    // a cell of an amount and of a date is one line high (a 20 px line in a 52 px row)
    for (const field of list.oneLine) {
      const cell = table.locator(`td[data-field="${field}"]`).first();
      const lines = await cell.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines, field).toBe(1);
    }
  });
}
