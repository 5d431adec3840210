/// <reference lib="dom" />
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { browserArgs, findBrowser } from '../../../e2e/support/browser';
import type { BenchContext, SectionResult } from '../bench-context';
import { median, percentile } from '../measure';
import { repoRoot } from '../server-process';

const id = 'browser';
const title = 'browser: navigation to the first row visible (cold context, median)';

const demoPassword = 'Demo-Passw0rd!';
const users = {
  admin: 'admin@example.com',
  investor: 'investor@example.com',
} as const;
type BenchUser = keyof typeof users;

/** The routes measured, each opened by the role it is for (the staff lists by the administrator). */
export const browserRoutes: ReadonlyArray<{ path: string; user: BenchUser }> = [
  { path: '/dashboard', user: 'admin' },
  { path: '/loans', user: 'admin' },
  { path: '/transactions', user: 'admin' },
  { path: '/marketplace', user: 'investor' },
  { path: '/portfolio', user: 'investor' },
  { path: '/accounts', user: 'investor' },
];

/**
 * The first record of the screen: a data row of a list table (shared/table/grid-table.tsx marks
 * each body row with its index), or an account's panel (the investor's /portfolio and /accounts list one
 * expandable panel per account).
 */
const firstRowSelector = '[role="row"][data-rowindex], .MuiAccordionSummary-root';

/** The console message the page's watcher sends once the first row is painted, with the frame's time. */
const firstRowMessage = 'lm-bench:first-row';

/**
 * Runs in the page before any of its scripts: looks for the first data row at every frame and, in
 * the first frame that paints it, sends that frame's time (performance.now() counts from the
 * navigation's start) as a console message. One query a frame, and nothing else in the page until
 * then: a watcher of every DOM mutation (attributes included) cost the page 9 to 13 ms of its
 * main thread before the first row, and Playwright's own script, which a `waitForFunction`
 * evaluates in the page, about 40 ms (Chromium traces, 2026-11-28), both in the middle of the
 * app's start-up. Neither is part of what a visitor's browser runs.
 */
function watchFirstRow({ selector, message }: { selector: string; message: string }): void {
  // a method rather than a named function: tsx (esbuild) wraps a named function in a `__name`
  // helper, which the page, where this source runs, does not have
  const watcher = {
    frame(frameTime: number) {
      const row = document.querySelector(selector);
      if (!row || row.getBoundingClientRect().height === 0 || !row.textContent?.trim()) {
        requestAnimationFrame(watcher.frame);
        return;
      }
      console.debug(message, frameTime);
    },
  };
  requestAnimationFrame(watcher.frame);
}

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

async function login(baseUrl: string, email: string): Promise<Tokens> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
  });
  const body = (await response.json()) as { success?: boolean; data?: Tokens; userMessage?: string };
  if (!response.ok || !body.data?.accessToken) {
    throw new Error(`login of ${email} failed: ${response.status} ${body.userMessage ?? ''}`);
  }
  return body.data;
}

interface RunTrace {
  firstRowMs: number;
  /** Requests until the first row: what was asked for when (ms from the navigation's start). */
  requests: Array<{ path: string; startMs: number; endMs: number; encodedKb: number }>;
  /** JavaScript bytes over the wire (compressed when the server compressed it) before the first row. */
  scriptKb: number;
}

/** Chromium's network emulation for `latencyMs` above 0: that round trip on every request, 20 Mbit/s down, 5 up. */
async function emulateDistance(page: Page, latencyMs: number): Promise<void> {
  if (latencyMs <= 0) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    downloadThroughput: (20 * 1_000_000) / 8,
    uploadThroughput: (5 * 1_000_000) / 8,
  });
}

/** One cold navigation to `route`: the first row's frame (ms from the navigation's start) and the requests before it. */
export async function measureOnce(
  browser: Browser,
  baseUrl: string,
  route: string,
  tokens: Tokens | null,
  latencyMs: number,
  selector = firstRowSelector,
): Promise<RunTrace> {
  // a new context: an empty HTTP cache, no service worker, no storage but the remembered session
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-AU' });
  try {
    if (tokens) {
      const session = JSON.stringify({ ...tokens, serverOffsetMs: 0 });
      await context.addInitScript(
        ({ value }) => {
          if (window.location.pathname !== '/login') window.localStorage.setItem('lm.session', value);
        },
        { value: session },
      );
    }
    await context.addInitScript(watchFirstRow, { selector, message: firstRowMessage });
    const page = await context.newPage();
    await emulateDistance(page, latencyMs);
    // listened for before the navigation; nothing is evaluated in the page until the first row
    const painted = page.waitForEvent('console', {
      predicate: (message) => message.text().startsWith(firstRowMessage),
      timeout: 60_000,
    });
    painted.catch(() => undefined); // a failed navigation is the error reported
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'commit' });
    const firstRowMs = (await (await painted).args()[1]?.jsonValue()) as number;
    if (typeof firstRowMs !== 'number') throw new Error(`${route}: the first row's message carried no time`);
    const entries = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => {
        const r = e as PerformanceResourceTiming;
        return {
          name: r.name,
          type: r.initiatorType,
          startTime: r.startTime,
          responseEnd: r.responseEnd,
          encoded: r.encodedBodySize,
        };
      }),
    );
    const before = entries.filter((e) => e.startTime <= firstRowMs);
    const round = (ms: number) => Math.round(ms);
    return {
      firstRowMs,
      requests: before.map((e) => {
        const url = new URL(e.name);
        return {
          path: `${url.pathname}${url.search}`.slice(0, 120),
          startMs: round(e.startTime),
          endMs: round(e.responseEnd),
          encodedKb: Math.round(e.encoded / 102.4) / 10,
        };
      }),
      scriptKb:
        Math.round(before.filter((e) => e.name.endsWith('.js')).reduce((sum, e) => sum + e.encoded, 0) / 102.4) / 10,
    };
  } finally {
    await context.close();
  }
}

/**
 * React-admin's smallest app (bench/reference/react-admin: one list resource, in-memory data, one
 * chunk), the yardstick issue 18 names: measured in the same section, by the same harness, so a
 * route's figure can be read against it whatever the machine and the browser build do that day.
 */
export const referenceApp = {
  dist: path.join(repoRoot, 'bench/reference/react-admin/dist'),
  path: '/#/posts',
  selector: 'tr.RaDataTable-rowEven',
  build: 'cd bench/reference/react-admin && npm ci && npx vite build',
} as const;

const contentTypes: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/** Serves the reference app's build, each file as it is on disk (the section and its measure.mjs). */
export async function serveReferenceApp(dist: string): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const file = path.join(dist, request.url === '/' ? 'index.html' : (request.url ?? '').split('?')[0]!);
    if (!file.startsWith(dist) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A server serving a build of the web app; two of them are measured turn about. */
export interface BrowserTarget {
  /** 'A' and 'B' when two builds are compared, '' for one. */
  label: string;
  baseUrl: string;
}

/**
 * Opens each route in a fresh browser context (cold cache) as a signed-in user who chose Remember
 * Me, and times the navigation until the first data row is painted; `runs` times per route, after
 * one unmeasured warm-up of the server. Needs the server to serve the built web app. With two
 * targets (two builds, `--web-dist-b`) the navigations alternate between them, A then B, so the
 * machine's drift between one minute and the next falls on both alike.
 */
export async function browserSection(
  ctx: Pick<BenchContext, 'log'>,
  targets: readonly BrowserTarget[],
  runs: number,
  latencyMs = 0,
): Promise<SectionResult> {
  for (const target of targets) {
    const index = await fetch(`${target.baseUrl}/login`, { headers: { accept: 'text/html' } });
    if (!index.ok || !(index.headers.get('content-type') ?? '').includes('text/html')) {
      return { id, title, status: 'skipped', reason: 'skipped: the server does not serve the web app', figures: [] };
    }
  }
  const found = await findBrowser();
  let browser: Browser | null = null;
  // a browser that went away (killed from outside, crashed) is started again for the next run
  let browserVersion: string | null = null;
  const liveBrowser = async (): Promise<Browser> => {
    if (!browser?.isConnected()) {
      browser = await chromium.launch({ executablePath: found.executablePath, args: browserArgs, headless: true });
      browserVersion = browser.version();
    }
    return browser;
  };
  const measure = async (baseUrl: string, path: string, tokens: Tokens): Promise<RunTrace> => {
    try {
      return await measureOnce(await liveBrowser(), baseUrl, path, tokens, latencyMs);
    } catch (error) {
      if (browser?.isConnected()) throw error;
      ctx.log(`  ${path}: the browser went away; starting it again for this run`);
      return measureOnce(await liveBrowser(), baseUrl, path, tokens, latencyMs);
    }
  };
  const figures: SectionResult['figures'] = [];
  const perTarget = new Map<string, Record<string, unknown>>(targets.map((t) => [t.label, {}]));
  const failures: string[] = [];
  const reference = fs.existsSync(path.join(referenceApp.dist, 'index.html'))
    ? await serveReferenceApp(referenceApp.dist)
    : null;
  /** The reference app's first row, `runs` times after one warm-up (before the routes, then after them). */
  const referenceRuns = async (): Promise<number[]> => {
    if (!reference) return [];
    const times: number[] = [];
    try {
      for (let i = 0; i <= runs; i++) {
        const trace = await measureOnce(
          await liveBrowser(),
          reference.baseUrl,
          referenceApp.path,
          null,
          latencyMs,
          referenceApp.selector,
        );
        if (i > 0) times.push(Math.round(trace.firstRowMs));
      }
    } catch (error) {
      // the routes' figures stand without the yardstick; the section says why it is missing
      failures.push(`react-admin's smallest app: ${(error as Error).message.split('\n')[0]}`);
      return [];
    }
    return times;
  };
  if (!reference) ctx.log(`  react-admin's smallest app is not measured: its build is missing (${referenceApp.build})`);
  let referenceBefore: number[] = [];
  let referenceAfter: number[] = [];
  try {
    referenceBefore = await referenceRuns();
    if (referenceBefore.length > 0)
      ctx.log(`  react-admin's smallest app, before the routes: median ${median(referenceBefore)} ms`);
    for (const { path, user } of browserRoutes) {
      const sides = await Promise.all(
        targets.map(async (target) => ({
          target,
          tokens: await login(target.baseUrl, users[user]),
          traces: [] as RunTrace[],
        })),
      );
      try {
        // one warm-up run each: the server's first query plans and file reads are not what a visitor waits for
        for (const side of sides) await measure(side.target.baseUrl, path, side.tokens);
        for (let i = 0; i < runs; i++) {
          for (const side of sides) side.traces.push(await measure(side.target.baseUrl, path, side.tokens));
        }
      } catch (error) {
        failures.push(`${path}: ${(error as Error).message.split('\n')[0]}`);
        continue;
      }
      for (const { target, traces } of sides) {
        const times = traces.map((t) => Math.round(t.firstRowMs));
        const middle = traces.slice().sort((a, b) => a.firstRowMs - b.firstRowMs)[Math.floor(traces.length / 2)]!;
        const build = target.label ? ` (build ${target.label})` : '';
        ctx.log(`  ${path}${build}: median ${median(times)} ms (${times.join(', ')})`);
        const distance = latencyMs > 0 ? `, ${latencyMs} ms latency` : '';
        figures.push({
          name: `${path} (${user}) first row, median of ${runs}${distance}${build}`,
          value: median(times),
          unit: 'ms',
        });
        const perRoute = perTarget.get(target.label) as Record<string, unknown>;
        perRoute[path] = {
          user: users[user],
          runsMs: times,
          medianMs: median(times),
          p90Ms: percentile(times, 90),
          scriptKbBeforeFirstRow: middle.scriptKb,
          requestsOfTheMedianRun: middle.requests,
        };
      }
    }
    referenceAfter = await referenceRuns();
    if (referenceAfter.length > 0)
      ctx.log(`  react-admin's smallest app, after the routes: median ${median(referenceAfter)} ms`);
  } finally {
    await (browser as Browser | null)?.close();
    await reference?.close();
  }
  const referenceTimes = [...referenceBefore, ...referenceAfter];
  const referenceMedian = referenceTimes.length > 0 ? median(referenceTimes) : null;
  if (referenceMedian !== null) {
    const routeFigures = figures.slice();
    figures.push({
      name: `react-admin's smallest app first row, median of ${referenceTimes.length} (${runs} before the routes, ${runs} after)`,
      value: referenceMedian,
      unit: 'ms',
    });
    for (const figure of routeFigures) {
      figures.push({
        name: `${figure.name.split(' first row')[0]}${figure.name.match(/ \(build \w+\)$/)?.[0] ?? ''} / react-admin`,
        value: Math.round(((figure.value as number) / referenceMedian) * 100) / 100,
        unit: 'x',
      });
    }
  }
  const routes = targets.length === 1 ? perTarget.get(targets[0]!.label) : undefined;
  return {
    id,
    title,
    status: failures.length === 0 ? 'measured' : 'failed',
    ...(failures.length === 0 ? {} : { reason: failures.join('; ') }),
    figures,
    details: {
      browser: found.executablePath,
      browserVersion,
      reference: reference
        ? {
            app: 'bench/reference/react-admin',
            selector: referenceApp.selector,
            runsBeforeMs: referenceBefore,
            runsAfterMs: referenceAfter,
            medianMs: referenceMedian,
          }
        : `not measured: its build is missing (${referenceApp.build})`,
      viewport: '1280x800',
      latencyMs,
      selector: firstRowSelector,
      // one build: the routes; two: each build's routes, by its label
      ...(routes ? { routes } : { builds: Object.fromEntries(perTarget) }),
    },
  };
}
