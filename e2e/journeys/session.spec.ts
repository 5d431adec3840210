import { demoPassword, demoUsers } from '../support/demo';
import {
  expect,
  loginAs,
  menuLabels,
  openMenuItem,
  skipWelcomeVideo,
  snap,
  submitLogin,
  test,
} from '../support/fixtures';

// The menus of spec core §2.2 per role, from the route table of §2.1 and the role mapping of
// DESIGN §1, written out here as the independent oracle.
const expectedMenus = {
  management: {
    kind: 'drawer',
    labels: [
      'Dashboard',
      'Marketplace',
      'Loans',
      'Investments',
      'Reports',
      'Investors',
      'Groups',
      'Accounts',
      'Clients',
      'Transactions',
      'Staff',
      'Profile',
      'FAQ',
      'Logout',
    ],
  },
  support: {
    kind: 'drawer',
    labels: [
      'Dashboard',
      'Marketplace',
      'Loans',
      'Investments',
      'Investors',
      'Groups',
      'Accounts',
      'Clients',
      'Transactions',
      'Staff',
      'Profile',
      'FAQ',
      'Logout',
    ],
  },
  auditor: { kind: 'tabs', labels: ['Dashboard', 'Marketplace', 'Investors', 'Profile', 'FAQ', 'Logout'] },
  investor: {
    kind: 'tabs',
    labels: ['Dashboard', 'Marketplace', 'Portfolio', 'Reports', 'Accounts', 'Profile', 'FAQ', 'Logout'],
  },
  readOnly: { kind: 'tabs', labels: ['Dashboard', 'Marketplace', 'Portfolio', 'Accounts', 'Profile', 'FAQ', 'Logout'] },
} as const;

test.beforeEach(async ({ page }) => {
  await skipWelcomeVideo(page);
});

for (const user of Object.keys(expectedMenus) as (keyof typeof expectedMenus)[]) {
  test(`${demoUsers[user].role} logs in, sees the menu of its role and logs out`, async ({ page }) => {
    await loginAs(page, user);
    // a login without an origin page takes the bare redirect to the dashboard
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const menu = await menuLabels(page);
    expect(menu).toEqual({ kind: expectedMenus[user].kind, labels: [...expectedMenus[user].labels] });
    await snap(page, `dashboard-${user}`);
    if (menu.kind === 'drawer') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await snap(page, `menu-drawer-${user}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    }

    await openMenuItem(page, 'Logout');
    await expect(page).toHaveURL(/\/login$/);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('tab')).toHaveText(['Login']);
    await expect(banner.getByText(demoUsers[user].name)).toHaveCount(0);
    // the session is gone on the server too: the old page is behind the login again
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
  });
}

test('a signed-out visitor sees only Login and returns to the page it came from after login', async ({ page }) => {
  await page.goto('/investorGroups?sort=-name&page=2');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('banner').getByRole('tab')).toHaveText(['Login']);
  await snap(page, 'login');
  await submitLogin(page, demoUsers.support.email);
  await expect(page).toHaveURL(/\/investorGroups\?sort=-name&page=2$/);
  await expect(page.getByRole('banner').getByText(demoUsers.support.name)).toBeVisible();
});

test('a role without permission goes to /403, unknown paths to the not-found page', async ({ page }) => {
  await loginAs(page, 'investor');
  await page.goto('/loans');
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await snap(page, 'forbidden');
  await page.goto('/transactions/withdrawals/pending');
  await expect(page).toHaveURL(/\/403$/);

  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await snap(page, 'not-found');
});

test('the auditor sees the investor list but not an investor', async ({ page }) => {
  await loginAs(page, 'auditor');
  await page.goto('/investors');
  // the screen itself renders (not the gate's /403); it may take a while to load its chunk
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/investors$/);
  await page.goto('/investors/1');
  await expect(page).toHaveURL(/\/403$/);
});

test('support reaches the staff screens but not the administrator-only ones', async ({ page }) => {
  await loginAs(page, 'support');
  await page.goto('/loans/new');
  await expect(page).toHaveURL(/\/403$/);
  await page.goto('/loans');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/loans$/);
});

test('not-found works signed out too, and /invest sends a signed-in user home', async ({ page }) => {
  await page.goto('/nothing-here');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/invest');
  await expect(page).toHaveURL(/\/invest$/);
  await loginAs(page, 'investor');
  await page.goto('/invest');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  await snap(page, 'home-signed-in');
});

test('Login is disabled while a field is blank; a wrong password shows the server message', async ({ page }) => {
  await page.goto('/login');
  const login = page.getByRole('button', { name: 'Login' });
  await expect(login).toBeDisabled();
  await page.getByLabel('Email').fill(demoUsers.investor.email);
  await expect(login).toBeDisabled();
  await page.getByLabel('Password').fill('not the password');
  await expect(login).toBeEnabled();
  await page.getByLabel('Email').fill('');
  await expect(login).toBeDisabled();

  await page.getByLabel('Email').fill(demoUsers.investor.email);
  // when the browser sent each attempt, by its own clock: the test process hears of a request
  // later, and later still on a busy machine, which would blur the interval measured
  const attempts: number[] = [];
  page.on('requestfinished', (request) => {
    if (request.url().endsWith('/api/auth/login')) attempts.push(request.timing().startTime);
  });
  await login.click();
  const toast = page.getByTestId('toast-error');
  await expect(toast).toHaveText('Incorrect email or password.');
  await snap(page, 'login-failed');
  // retrying at once, again and again: attempts go out at most once per 2000 ms (spec core §9)
  const retryUntil = Date.now() + 2500;
  while (Date.now() < retryUntil) {
    await page.getByLabel('Password').press('Enter');
    await page.waitForTimeout(150);
  }
  await expect.poll(() => attempts.length).toBeGreaterThanOrEqual(2);
  for (let i = 1; i < attempts.length; i++) {
    expect((attempts[i] as number) - (attempts[i - 1] as number)).toBeGreaterThanOrEqual(1900);
  }
  // error toasts persist (spec core §9)
  await page.waitForTimeout(5500);
  await expect(toast).toBeVisible();
});

test('Remember Me keeps the session in local storage and remembers the email', async ({ page, context }) => {
  await loginAs(page, 'investor', { rememberMe: true });
  const stored = await page.evaluate(() => ({
    local: window.localStorage.getItem('lm.session'),
    session: window.sessionStorage.getItem('lm.session'),
    email: window.localStorage.getItem('lm.rememberedEmail'),
  }));
  expect(stored.local).toContain('refreshToken');
  expect(stored.session).toBeNull();
  expect(stored.email).toBe(demoUsers.investor.email);
  // another tab of the same browser is signed in
  const other = await context.newPage();
  await other.goto('/profile');
  await expect(other.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();

  await openMenuItem(page, 'Logout');
  await expect(page).toHaveURL(/\/login$/);
  // the other tab follows the logout
  await expect(other).toHaveURL(/\/login$/);
  await other.close();
  await expect(page.getByLabel('Email')).toHaveValue(demoUsers.investor.email);
  await expect(page.getByLabel('Remember Me')).toBeChecked();
  expect(await page.evaluate(() => window.localStorage.getItem('lm.session'))).toBeNull();
  await snap(page, 'login-remembered');
});

test('without Remember Me the session lives in this tab only and the email is forgotten', async ({ page, context }) => {
  await page.goto('/login');
  await page.evaluate(() => window.localStorage.setItem('lm.rememberedEmail', 'someone@example.com'));
  await submitLogin(page, demoUsers.readOnly.email, demoPassword, false);
  await expect(page).toHaveURL(/\/dashboard$/);
  const stored = await page.evaluate(() => ({
    local: window.localStorage.getItem('lm.session'),
    session: window.sessionStorage.getItem('lm.session'),
    email: window.localStorage.getItem('lm.rememberedEmail'),
  }));
  expect(stored.local).toBeNull();
  expect(stored.session).toContain('refreshToken');
  expect(stored.email).toBeNull();
  // a reload keeps the session of this tab
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // a new tab does not have it
  const other = await context.newPage();
  await other.goto('/profile');
  await expect(other).toHaveURL(/\/login$/);
  await expect(other.getByLabel('Email')).toHaveValue('');
  await other.close();
});
