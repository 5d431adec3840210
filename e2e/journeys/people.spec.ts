import type { APIRequestContext, Page } from '@playwright/test';
import { demoPassword, demoUsers } from '../support/demo';
import {
  expect,
  latestMailedCode,
  loginAs,
  openMenuItem,
  skipWelcomeVideo,
  snap,
  submitLogin,
  test,
} from '../support/fixtures';

/**
 * Investors, investor groups and staff (issue 7): management edits an investor and a group and
 * sees the changes after a reload; sends the investor a reset-password mail whose code resets the
 * password; the investor logs in with it. Everything changed is put back at the end.
 */

const investor = demoUsers.investor;
const newPassword = 'People-Passw0rd!';

async function managementToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: { email: demoUsers.management.email, password: demoPassword },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

async function closeToasts(page: Page) {
  for (const close of await page.getByRole('alert').getByRole('button', { name: 'Close' }).all()) {
    await close.click().catch(() => {});
  }
}

/** What a journey changed in the shared demo data, put back after it whatever happened. */
let putBack: ((request: APIRequestContext) => Promise<void>) | null = null;

test.beforeEach(async ({ page }) => {
  await skipWelcomeVideo(page);
});

test.afterEach(async ({ playwright, baseURL }) => {
  if (!putBack) return;
  // a context of its own: the test's may hold keep-alive sockets the server has closed since
  const api = await playwright.request.newContext({ baseURL });
  try {
    await putBack(api);
  } finally {
    putBack = null;
    await api.dispose();
  }
});

interface InvestorRow {
  id: number;
  user: { id: number; middleName: string | null; mobileNumber2: string | null; notes: string | null };
}

async function demoInvestor(request: APIRequestContext, token: string): Promise<InvestorRow> {
  const response = await request.get('/api/investors', {
    headers: { authorization: `Bearer ${token}` },
    params: { $filter: `user/email eq '${investor.email}'`, $expand: 'user' },
  });
  const row = ((await response.json()) as { data: InvestorRow[] }).data[0];
  if (!row) throw new Error('the demo investor is not listed');
  return row;
}

// the journeys share one server on a machine of two cores: give these room, and give a screen
// that loads the list table's chunk for the first time longer than the default 10 s to appear
test.describe.configure({ timeout: 240_000 });
const firstLoad = { timeout: 30_000 };

test('management edits an investor and a group and sees the changes after a reload', async ({ page, request }) => {
  const token = await managementToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const ivy = await demoInvestor(request, token);
  const groups = (await (
    await request.get('/api/investmentGroups', { headers: auth, params: { $orderby: 'id asc', $top: 1 } })
  ).json()) as { data: Array<{ id: number; name: string; notes: string | null }> };
  const group = groups.data[0];
  if (!group) throw new Error('the demo book has no investor group');
  putBack = async (api) => {
    const headers = { authorization: `Bearer ${await managementToken(api)}` };
    await api.put(`/api/users/${ivy.user.id}`, {
      headers,
      data: { middleName: ivy.user.middleName, mobileNumber2: ivy.user.mobileNumber2, notes: ivy.user.notes },
    });
    await api.put(`/api/investmentGroups/${group.id}`, { headers, data: { name: group.name, notes: group.notes } });
  };

  // --- the investor ---------------------------------------------------------------------
  await loginAs(page, 'management');
  await openMenuItem(page, 'Investors');
  await expect(page).toHaveURL(/\/investors$/);
  await expect(page.getByRole('button', { name: 'Filter Investors' })).toBeVisible(firstLoad);
  // management reaches the onboarding review from here
  await expect(page.getByRole('link', { name: 'Investor Applications' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
  await snap(page, 'investors');

  await page.getByRole('row', { name: new RegExp(investor.email) }).click();
  await expect(page).toHaveURL(new RegExp(`/investors/${ivy.id}$`));
  await expect(page.getByRole('tab', { name: 'Investor Information' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Investment Accounts' })).toBeVisible(firstLoad);
  await expect(page.getByRole('heading', { name: 'Investor Groups' })).toBeVisible(firstLoad);

  await page.getByRole('button', { name: 'Edit Investor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Investor' });
  await expect(dialog.getByLabel('Email')).toBeDisabled();
  await expect(dialog.getByLabel('Role')).toBeDisabled();
  // nothing changed yet: Save waits; Cancel puts back what was typed
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  const firstName = await dialog.getByLabel('First Name').inputValue();
  await dialog.getByLabel('First Name').fill('Someone Else');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Edit Investor' }).click();
  await expect(dialog.getByLabel('First Name')).toHaveValue(firstName);
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Middle Name').fill('Grace');
  await dialog.getByLabel('Mobile Number 2').fill('0411 222 333');
  await dialog.getByLabel('Notes').fill('Prefers email.\nCall after 3pm.');
  await snap(page, 'investors-edit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Edit' });
  await expect(confirm).toContainText('Middle Name, Mobile Number 2, Notes');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('toast-success')).toHaveText('Investor was successfully edited');
  await closeToasts(page);

  await page.reload();
  const info = page.getByRole('definition');
  await expect(page.getByRole('heading', { name: 'Ivy Grace Investor' })).toBeVisible(firstLoad);
  await expect(info.filter({ hasText: '0411 222 333' })).toBeVisible();
  await expect(info.filter({ hasText: 'Prefers email.' })).toContainText('Call after 3pm.');
  await snap(page, 'investors-detail');

  // --- the group ------------------------------------------------------------------------
  await openMenuItem(page, 'Groups');
  await expect(page).toHaveURL(/\/investorGroups$/);
  await expect(page.getByRole('button', { name: 'Filter Investor Groups' })).toBeVisible(firstLoad);
  await snap(page, 'investor-groups');
  await page.getByRole('row', { name: new RegExp(group.name) }).click();
  await expect(page).toHaveURL(new RegExp(`/investorGroups/${group.id}$`));
  await expect(page.getByRole('heading', { name: 'Group Accounts' })).toBeVisible(firstLoad);
  await expect(page.getByRole('heading', { name: 'Group Investors' })).toBeVisible(firstLoad);

  await page.getByRole('button', { name: 'Edit Investor Group' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'Edit Investor Group' });
  await expect(groupDialog.getByLabel('ID')).toBeDisabled();
  await groupDialog.getByLabel('Name').fill(`${group.name} (edited)`);
  await groupDialog.getByLabel('Notes').fill('Reviewed by management.\nNext review in July.');
  await groupDialog.getByRole('button', { name: 'Save' }).click();
  const groupConfirm = page.getByRole('dialog', { name: 'Confirm Edit' });
  await expect(groupConfirm).toContainText('Name, Notes');
  await groupConfirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('toast-success')).toHaveText('Investor Group was successfully edited');
  await closeToasts(page);

  await page.reload();
  await expect(page.getByRole('heading', { name: `${group.name} (edited)` })).toBeVisible(firstLoad);
  await expect(page.getByRole('definition').filter({ hasText: 'Reviewed by management.' })).toContainText(
    'Next review in July.',
  );
  await snap(page, 'investor-groups-detail');

  // --- the staff list -------------------------------------------------------------------
  await openMenuItem(page, 'Staff');
  await expect(page.getByRole('columnheader', { name: 'Type' })).toBeVisible(firstLoad);
  await expect(page.getByRole('row', { name: /Alex/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Audrey/ })).toHaveCount(0);
  await snap(page, 'staff');
});

test("management mails the investor a reset code that sets the investor's new password", async ({ page, request }) => {
  const ivy = await demoInvestor(request, await managementToken(request));
  putBack = async (api) => {
    // the demo password, if the journey got as far as changing it
    const login = await api.post('/api/auth/login', { data: { email: investor.email, password: newPassword } });
    if (!login.ok()) return;
    const investorToken = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    await api.post('/api/user/update', {
      headers: { authorization: `Bearer ${investorToken}` },
      data: { oldPassword: newPassword, newPassword: demoPassword },
    });
  };
  await loginAs(page, 'management');
  await page.goto(`/investors/${ivy.id}`);
  await expect(page.getByRole('button', { name: 'Send Reset Password Email' })).toBeVisible(firstLoad);
  await page.getByRole('button', { name: 'Send Reset Password Email' }).click();
  const send = page.getByRole('dialog', { name: 'Send Reset Password Email' });
  await expect(send).toContainText(investor.email);
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('toast-success')).toHaveText('Verification code sent');
  const code = latestMailedCode(investor.email);

  await openMenuItem(page, 'Logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/reset-password');
  await page.getByRole('button', { name: 'Enter Code' }).click();
  // the required fields' labels carry an asterisk: find them by their accessible names
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await field('Email').last().fill(investor.email);
  await field('Verification code').fill(code);
  await field('New password').fill(newPassword);
  await field('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByTestId('toast-success')).toHaveText('Password reset');
  await expect(page).toHaveURL(/\/login$/);

  await submitLogin(page, investor.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByText(investor.name)).toBeVisible();
});
