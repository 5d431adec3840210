import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Which Chromium the journeys drive, found once by the global setup (resolveBrowser) and handed
 * to the workers through E2E_CHROMIUM_EXECUTABLE. In order:
 *
 * 1. `CHROMIUM_PATH`, when set (it must exist);
 * 2. a system Chromium or Chrome: `chromium`, `chromium-browser`, `google-chrome`,
 *    `google-chrome-stable` on PATH, then their usual paths (/usr/bin/..., /snap/bin/chromium,
 *    /opt/google/chrome/chrome);
 * 3. Playwright's own browser, when `npx playwright install chromium` has put it on disk;
 * 4. the Chromium shipped in the e2e workspace's devDependency @sparticuz/chromium, unpacked into
 *    the temporary directory (`/tmp/chromium`) on first use.
 *
 * `E2E_BROWSER=system|playwright|bundled` tries only that source (e.g. `bundled` to prove the
 * journeys run with no browser installed at all).
 */

export type BrowserSource = 'CHROMIUM_PATH' | 'system' | 'playwright' | 'bundled';

export interface FoundBrowser {
  executablePath: string;
  source: BrowserSource;
}

/** The variable through which the global setup hands the browser it found to the workers. */
export const resolvedBrowserEnv = 'E2E_CHROMIUM_EXECUTABLE';

/** Flags every launch uses (headless, no sandbox: the journeys run as root in a container). */
export const browserArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const systemNames = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
const systemPaths = [
  ...systemNames.map((name) => `/usr/bin/${name}`),
  '/usr/local/bin/chromium',
  '/snap/bin/chromium',
  '/opt/google/chrome/chrome',
];
const sources: readonly BrowserSource[] = ['system', 'playwright', 'bundled'];

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Whether the binary starts at all (`--version`): a truncated unpack or a stub script does not. */
function answersVersion(file: string): boolean {
  try {
    execFileSync(file, ['--version'], { stdio: 'ignore', timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    if (isExecutable(file)) return file;
  }
  return null;
}

function systemBrowser(): string | null {
  for (const name of systemNames) {
    const file = onPath(name);
    if (file) return file;
  }
  return systemPaths.find(isExecutable) ?? null;
}

async function playwrightBrowser(): Promise<string | null> {
  const { chromium } = await import('playwright-core');
  const file = chromium.executablePath();
  return isExecutable(file) ? file : null;
}

async function bundledBrowser(): Promise<string | null> {
  const { default: chromium } = await import('@sparticuz/chromium');
  let file = await chromium.executablePath();
  if (!answersVersion(file)) {
    // left half-written by an interrupted unpack: unpack it again
    fs.rmSync(file, { force: true });
    file = await chromium.executablePath();
  }
  // Without a system fontconfig, let the browser use the fonts unpacked next to it.
  const fontsDir = path.join(os.tmpdir(), 'fonts');
  if (!process.env.FONTCONFIG_PATH && !fs.existsSync('/etc/fonts/fonts.conf') && fs.existsSync(fontsDir)) {
    process.env.FONTCONFIG_PATH = fontsDir;
  }
  return isExecutable(file) ? file : null;
}

function chosenSources(): readonly BrowserSource[] {
  const only = process.env.E2E_BROWSER?.trim();
  if (!only) return sources;
  if (!(sources as readonly string[]).includes(only)) {
    throw new Error(`E2E_BROWSER=${only}: expected one of ${sources.join(', ')}`);
  }
  return [only as BrowserSource];
}

/** Finds a Chromium in the order above; throws, naming what it tried, when there is none. */
export async function findBrowser(): Promise<FoundBrowser> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} is not an executable file`);
    return { executablePath: fromEnv, source: 'CHROMIUM_PATH' };
  }
  const tried: string[] = [];
  for (const source of chosenSources()) {
    let file: string | null = null;
    try {
      if (source === 'system') file = systemBrowser();
      else if (source === 'playwright') file = await playwrightBrowser();
      else file = await bundledBrowser();
    } catch (error) {
      tried.push(`${source}: ${(error as Error).message.split('\n')[0]}`);
      continue;
    }
    if (file) return { executablePath: file, source };
    tried.push(`${source}: not found`);
  }
  throw new Error(`No Chromium for the browser tests (${tried.join('; ')}). Set CHROMIUM_PATH or run npm ci.`);
}

/**
 * Finds the browser and puts its path in E2E_CHROMIUM_EXECUTABLE, which the workers, started
 * after the global setup, inherit.
 */
export async function resolveBrowser(): Promise<FoundBrowser> {
  const found = await findBrowser();
  process.env[resolvedBrowserEnv] = found.executablePath;
  return found;
}

/** The browser the global setup found (undefined in the runner before its global setup). */
export function resolvedExecutablePath(): string | undefined {
  return process.env[resolvedBrowserEnv] || undefined;
}
