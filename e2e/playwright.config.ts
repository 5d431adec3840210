import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { browserArgs, resolvedExecutablePath } from './support/browser';

const here = path.dirname(new URL(import.meta.url).pathname);

/**
 * Browser journeys against the real server (support/global-setup.ts starts it with the demo data)
 * in the Chromium support/browser.ts finds (the global setup looks for it once and hands its path
 * to the workers). One worker: the machine has two cores and the server needs one.
 */
export default defineConfig({
  testDir: path.join(here, 'journeys'),
  outputDir: path.join(here, 'artifacts/test-results'),
  globalSetup: path.join(here, 'support/global-setup.ts'),
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  timeout: 90_000,
  globalTimeout: 40 * 60_000, // the whole suite; a quiet 2-core machine needs far less
  expect: { timeout: 20_000 },
  reporter: [['list'], ['html', { outputFolder: path.join(here, 'artifacts/report'), open: 'never' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: resolvedExecutablePath(),
      args: browserArgs,
    },
  },
});
