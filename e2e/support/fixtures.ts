import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { type DemoUser, demoPassword, demoUsers } from './demo';
import { repoRoot } from './server';

export const artifactsDir = path.join(repoRoot, 'e2e/artifacts');
export const screensDir = path.join(artifactsDir, 'screens');

/** Whether a console message is the browser reporting a Content-Security-Policy refusal. */
export function isCspConsoleMessage(text: string): boolean {
  return /Refused to|Content[- ]Security[- ]Policy/i.test(text);
}

/**
 * `test` with baseURL pointing at the server the global setup started. Every journey runs with the
 * server's Content-Security-Policy on and fails on any violation it records: a
 * `securitypolicyviolation` event in any page of the journey's context, or the browser's console
 * message for one ('Refused to ...').
 */
export const test = base.extend<{ cspViolations: string[] }>({
  baseURL: async ({ baseURL }, use) => {
    await use(process.env.E2E_BASE_URL ?? baseURL);
  },
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding('__lmReportCspViolation', (_source, text: string) => {
        violations.push(text);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __lmReportCspViolation?: (text: string) => void })
            .__lmReportCspViolation;
          report?.(
            `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });
      context.on('console', (message) => {
        if (isCspConsoleMessage(message.text())) violations.push(message.text());
      });
      await use(violations);
      expect(violations, 'the journey records no Content-Security-Policy violation').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Saves a full-page screenshot of the screen under e2e/artifacts/screens/<name>.png. */
export async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screensDir, { recursive: true });
  await page.screenshot({ path: path.join(screensDir, `${name}.png`), fullPage: true });
}

/** Marks the one-time walk-through as seen, so Home opens without its dialog. */
export async function skipWelcomeVideo(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('lm.welcomeVideoSeen', 'true'));
}

/** Fills the login form and submits it (the page must be on /login). */
export async function submitLogin(page: Page, email: string, password = demoPassword, rememberMe = false) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  const remember = page.getByLabel('Remember Me');
  if ((await remember.isChecked()) !== rememberMe) await remember.click();
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Logs a demo user in from /login and waits for the signed-in menu. */
export async function loginAs(page: Page, user: DemoUser, options: { rememberMe?: boolean } = {}) {
  await page.goto('/login');
  await submitLogin(page, demoUsers[user].email, demoPassword, options.rememberMe ?? false);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('banner').getByText(demoUsers[user].name)).toBeVisible();
}

/** Whether the menu is a drawer (more than 8 items) or tabs. */
async function menuKind(page: Page): Promise<'tabs' | 'drawer'> {
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('tablist').or(banner.getByRole('button', { name: 'Open menu' }))).toBeVisible();
  return (await banner.getByRole('tablist').count()) > 0 ? 'tabs' : 'drawer';
}

/** The menu items as shown: tabs, or the drawer's links (opened and closed again). */
export async function menuLabels(page: Page): Promise<{ kind: 'tabs' | 'drawer'; labels: string[] }> {
  const banner = page.getByRole('banner');
  const kind = await menuKind(page);
  if (kind === 'drawer') {
    await banner.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    // the drawer's code loads on the first press (app/layout/menu-drawer.tsx)
    await expect(nav).toBeVisible();
    const labels = await nav.getByRole('link').allTextContents();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    return { kind, labels: labels.map((l) => l.trim()) };
  }
  const labels = await banner.getByRole('navigation', { name: 'Main menu' }).getByRole('tab').allTextContents();
  return { kind, labels: labels.map((l) => l.trim()) };
}

/** Opens a menu item (a tab, or through the drawer). */
export async function openMenuItem(page: Page, label: string): Promise<void> {
  const banner = page.getByRole('banner');
  if ((await menuKind(page)) === 'drawer') {
    await banner.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: label, exact: true }).click();
  } else {
    await banner.getByRole('tab', { name: label, exact: true }).click();
  }
}

/** The newest 6-digit code mailed to an address (DATA_DIR/outbox/*.eml), alone on its line or after a label. */
export function latestMailedCode(email: string): string {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const safe = email.replace(/[^a-zA-Z0-9@._-]/g, '_');
  const files = fs.existsSync(outbox)
    ? fs
        .readdirSync(outbox)
        .filter((f) => f.endsWith(`-${safe}.eml`))
        .sort()
    : [];
  const last = files.at(-1);
  if (!last) throw new Error(`No mail to ${email} in ${outbox}`);
  const text = fs.readFileSync(path.join(outbox, last), 'utf8');
  // the code alone on its line, or after a label ('Your code:     123456', the login-details mail)
  const code = /^\s*(?:[A-Za-z ]+:\s*)?(\d{6})\s*$/m.exec(text)?.[1];
  if (!code) throw new Error(`No 6-digit code in ${last}`);
  return code;
}

/** axe-core: no serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // axe reads the page once its transitions have ended: a menu still fading out after its option
  // was chosen has its text at part opacity, which reads as too little contrast (endless
  // animations, a progress bar's, are not waited for)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
  expect(serious, serious.join('\n')).toEqual([]);
}

/**
 * Expects a toast with this text, then closes it, so that the same message from a later step
 * is not confused with this one (success toasts stay for 5 s).
 */
export async function expectToastAndClose(page: Page, text: string): Promise<void> {
  const alert = page.getByRole('alert').filter({ hasText: text });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Close' }).click();
  await expect(alert).toBeHidden();
}

/**
 * Types a DD/MM/YYYY date into a date picker's field (within `scope`), section by section, as a
 * keyboard user does, and waits until the field shows it.
 */
export async function typeDate(page: Page, label: string, date: string, scope: Page | Locator = page): Promise<void> {
  const group = scope.getByRole('group', { name: label });
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(date.replace(/\//g, ''));
  await page.keyboard.press('Tab');
  await expect(group).toContainText(date);
}
