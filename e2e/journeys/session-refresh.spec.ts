import { demoUsers } from '../support/demo';
import { expect, skipWelcomeVideo, snap, submitLogin } from '../support/fixtures';
import { testWithOwnServer } from '../support/own-server';
import { serverStartTimeoutMs } from '../support/server';

/** Access tokens live this long on this journey's own server. */
const accessTokenTtlSeconds = 6;

// This journey runs its own server, whose access tokens expire after a few seconds.
const test = testWithOwnServer(
  { ACCESS_TOKEN_TTL_SECONDS: String(accessTokenTtlSeconds) },
  serverStartTimeoutMs + 60_000,
);

test.beforeEach(async ({ page }) => {
  await skipWelcomeVideo(page);
});

type Call = { path: string; status: number };

function recordApiCalls(page: import('@playwright/test').Page): Call[] {
  const calls: Call[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') || url.pathname === '/authenticateJwt') {
      calls.push({ path: url.pathname, status: response.status() });
    }
  });
  return calls;
}

async function storedSession(page: import('@playwright/test').Page) {
  return page.evaluate(() => JSON.parse(window.sessionStorage.getItem('lm.session') ?? 'null'));
}

test('an expired token is refreshed (rotating the refresh token) and the call replayed', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, demoUsers.investor.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const before = await storedSession(page);

  // the browser believes the token is still fresh (its clock is far behind the server's), so the
  // call goes out with the expired token: the server answers 401, the client refreshes and replays
  await page.evaluate(() => {
    const session = JSON.parse(window.sessionStorage.getItem('lm.session') ?? '{}');
    session.serverOffsetMs = -3_600_000;
    window.sessionStorage.setItem('lm.session', JSON.stringify(session));
  });
  await page.waitForTimeout((accessTokenTtlSeconds + 1) * 1000);
  const calls = recordApiCalls(page);
  await page.getByRole('banner').getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByText(demoUsers.investor.email)).toBeVisible();
  expect(calls.map((c) => `${c.status} ${c.path}`)).toEqual([
    '401 /api/user/details',
    '200 /api/auth/refresh',
    '200 /api/user/details',
  ]);
  const after = await storedSession(page);
  expect(after.refreshToken).not.toBe(before.refreshToken);
  expect(after.accessToken).not.toBe(before.accessToken);
  await snap(page, 'refresh-replayed');

  // with a clock that agrees, an expired token is refreshed before the call goes out
  await page.waitForTimeout((accessTokenTtlSeconds + 1) * 1000);
  calls.length = 0;
  await page.getByRole('tab', { name: 'Change Password' }).click();
  await page.getByRole('tab', { name: 'Profile', exact: true }).last().click();
  await page.reload();
  await expect(page.getByText(demoUsers.investor.email)).toBeVisible();
  expect(calls.filter((c) => c.status === 401)).toEqual([]);
  expect(calls.map((c) => c.path)).toContain('/api/auth/refresh');
});

test('a refresh that fails logs out with the session-expired message, without a toast', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, demoUsers.readOnly.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  // the refresh token is no longer valid (revoked, or spent by someone else)
  await page.evaluate(() => {
    const session = JSON.parse(window.sessionStorage.getItem('lm.session') ?? '{}');
    session.refreshToken = 'revoked-refresh-token';
    window.sessionStorage.setItem('lm.session', JSON.stringify(session));
  });
  await page.waitForTimeout((accessTokenTtlSeconds + 1) * 1000);
  await page.getByRole('banner').getByRole('tab', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your session has expired. Please login again.' }),
  ).toBeVisible();
  await expect(page.getByTestId('toast-error')).toHaveCount(0);
  await snap(page, 'session-expired');
  // after logging in again the user is back where they were going
  await submitLogin(page, demoUsers.readOnly.email);
  await expect(page).toHaveURL(/\/profile$/);
});

test('a tampered token (status 666) logs out with "Please login again."', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, demoUsers.auditor.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  // the dashboard has asked for its tables with the real token: the forged one is the next call's
  await expect(page.getByTestId('dashboard-table-status').getByRole('row').nth(1)).toBeVisible();
  const calls = recordApiCalls(page);
  await page.evaluate(() => {
    const session = JSON.parse(window.sessionStorage.getItem('lm.session') ?? '{}');
    // same claims, forged signature
    session.accessToken = `${session.accessToken.split('.').slice(0, 2).join('.')}.forged`;
    window.sessionStorage.setItem('lm.session', JSON.stringify(session));
  });
  await page.getByRole('banner').getByRole('tab', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('toast-error')).toHaveText('Please login again.');
  expect(calls).toContainEqual({ path: '/api/user/details', status: 666 });
  await snap(page, 'token-tampered');
});
