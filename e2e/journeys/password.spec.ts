import type { Page } from '@playwright/test';
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

const newPassword = 'Fresh-Passw0rd#';

test.beforeEach(async ({ page }) => {
  await skipWelcomeVideo(page);
});

async function changePassword(page: Page, from: string, to: string) {
  await page.goto('/profile/change-password');
  await page.getByLabel('Current password').fill(from);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(to);
  await page.getByLabel('Confirm new password').fill(to);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByTestId('toast-success')).toHaveText(
    'Password changed. Every other session has been signed out.',
  );
}

test('change password: the rules, a wrong current password, then a working new password', async ({ page }) => {
  await loginAs(page, 'readOnly');
  await openMenuItem(page, 'Profile');
  await page.getByRole('tab', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/profile\/change-password$/);
  const submit = page.getByRole('button', { name: 'Change Password' });
  await expect(submit).toBeDisabled();

  await page.getByLabel('Current password').fill('wrong-Passw0rd!');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('different');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Password must be 8 or more characters long')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await snap(page, 'profile-change-password-errors');

  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await submit.click();
  await expect(page.getByTestId('toast-error')).toHaveText('Your current password is incorrect.');
  await page.getByTestId('toast-error').getByRole('button', { name: 'Close' }).click();

  await page.getByLabel('Current password').fill(demoPassword);
  await submit.click();
  await expect(page.getByTestId('toast-success')).toHaveText(
    'Password changed. Every other session has been signed out.',
  );
  await expect(page.getByLabel('Current password')).toHaveValue('');
  await snap(page, 'profile-change-password');

  await openMenuItem(page, 'Logout');
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, demoUsers.readOnly.email, newPassword);
  // after a logout the login returns home (spec core §2.3: a logout path maps to home)
  await expect(page).toHaveURL(/\/$/);
  await changePassword(page, newPassword, demoPassword);
});

test('reset a password with the code from the mail outbox', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await snap(page, 'reset-password');

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText('Enter valid email')).toBeVisible();

  await page.getByLabel('Email').fill(demoUsers.auditor.email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByTestId('toast-info')).toHaveText('Verification code sent');
  // the code-sent state: the email is locked, the Enter Code panel is open
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Enter Code' })).toBeVisible();
  await snap(page, 'reset-password-code-sent');

  await page.getByLabel('Verification code').fill('12345');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('weakpassword');
  await page.getByLabel('Confirm new password').fill('weakpassword');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Code is invalid')).toBeVisible();
  await expect(page.getByText('Password must include a numeric value')).toBeVisible();

  const code = latestMailedCode(demoUsers.auditor.email);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByTestId('toast-success')).toHaveText('Password reset');
  await expect(page).toHaveURL(/\/login$/);

  await submitLogin(page, demoUsers.auditor.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await changePassword(page, newPassword, demoPassword);
});

test('Enter Code opens the second panel without requesting a code', async ({ page }) => {
  let requested = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/user/reset')) requested = true;
  });
  await page.goto('/reset-password');
  await page.getByRole('button', { name: 'Enter Code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter Code' })).toBeVisible();
  await expect(page.getByLabel('Verification code')).toBeVisible();
  // a wrong code is refused by the server with its message
  await page.getByLabel('Email').fill(demoUsers.support.email);
  await page.getByLabel('Verification code').fill('000000');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByTestId('toast-error')).toHaveText(
    'The code is invalid or has expired. Please request a new code.',
  );
  expect(requested).toBe(false);
  await expect(page).toHaveURL(/\/reset-password$/);
});
