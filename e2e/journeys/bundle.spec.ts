import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import {
  appShellKey,
  budgetProblems,
  chunkImportCycles,
  defaultDistDir,
  dialogFreeProblems,
  gridFreeProblems,
  readManifest,
  routeBudgets,
  routeChunkSizes,
  routeDataKey,
  staticClosure,
  unknownBudgetedRoutes,
  zodFreeProblems,
} from '../../packages/web/scripts/chunk-sizes';
import { compressMinBytes } from '../../packages/web/scripts/precompress';
import { expect, loginAs, test } from '../support/fixtures';

// the build the server serves (global-setup.ts): WEB_DIST_DIR when set, else packages/web/dist
const distDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : defaultDistDir;
const immutable = 'public, max-age=31536000, immutable';

/** The paths of the scripts the page fetches from now on (as the build names them: assets/...). */
function scriptsFetched(page: Page): string[] {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname.slice(1));
  });
  return scripts;
}

test('no budgeted route loads more JavaScript than its budget (issue 18: /login 150 KB, the lists 300 KB, /dashboard 350 KB)', () => {
  const sizes = routeChunkSizes(distDir);
  expect(unknownBudgetedRoutes()).toEqual([]);
  expect(routeBudgets.size).toBeGreaterThan(10);
  expect(budgetProblems(sizes)).toEqual([]);
  // every list route loads the list table; the table-free routes do not
  for (const [routePath] of routeBudgets) {
    if (routePath !== '/login') expect(sizes.find((s) => s.path === routePath)?.heavy).toContain('table');
  }
  expect(gridFreeProblems(sizes)).toEqual([]);
  // a list and the dashboard paint without zod: the schemas load with the first form
  expect(zodFreeProblems(sizes)).toEqual([]);
  expect(sizes.find((s) => s.path === '/loans/new')?.heavy).toContain('zod');
  // the chunk groups make no chunks that import each other (a loop runs a module before its import)
  expect(chunkImportCycles(distDir)).toEqual([]);
});

test('the entry is the start-up code: the app and the data requests are chunks beside it, not inside it (ADR 015)', () => {
  const { manifest, entryKey } = readManifest(distDir);
  const entry = staticClosure(manifest, [entryKey]);
  const appShell = appShellKey(manifest);
  const routeData = routeDataKey(manifest);
  expect(appShell && routeData).toBeTruthy();
  expect(entry.has(appShell ?? '')).toBe(false);
  expect(entry.has(routeData ?? '')).toBe(false);
  expect(manifest[entryKey]?.dynamicImports).toEqual(expect.arrayContaining([appShell, routeData]));
  const gzipBytes = [...entry]
    .map((key) => fs.readFileSync(path.join(distDir, manifest[key]?.file ?? '')))
    .reduce((sum, content) => sum + zlib.gzipSync(content, { level: 9 }).length, 0);
  expect(gzipBytes).toBeLessThan(20 * 1024);
});

test('the login route is within its budget and loads neither the list table, the charts nor the query cache, and no script the budget does not count', async ({
  page,
}) => {
  const sizes = routeChunkSizes(distDir);
  const login = sizes.find((s) => s.path === '/login');
  expect(login?.heavy).toEqual([]);
  expect(budgetProblems(sizes).filter((line) => line.startsWith('/login'))).toEqual([]);
  // TanStack Query and the start-up data requests are chunks of their own that /login goes without
  expect(login?.files.filter((file) => /\/(query|route-data)-/.test(file))).toEqual([]);

  // the browser fetches no other script than those counted
  const scripts = scriptsFetched(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(login?.files).toContain(script);
});

test("no list and not the dashboard loads the dialogs' parts before its first rows (they load on use)", () => {
  const sizes = routeChunkSizes(distDir);
  expect(dialogFreeProblems(sizes)).toEqual([]);
  // the marker is found where a dialog is part of the first paint: a form's page
  expect(sizes.find((s) => s.path === '/loans/new')?.heavy).toContain('dialogs');
  // the dashboard's tile badges share a hook with the pickers' autocomplete, which the build keeps
  // out of the dialogs' chunk, and the marketplace's account selector is a Select, not a TextField
  for (const path of ['/dashboard', '/marketplace/:id?', '/investorAccounts/:id?']) {
    const route = sizes.find((s) => s.path === path);
    expect(route?.files.length, path).toBeGreaterThan(0);
    expect(
      route?.files.filter((file) => /\/dialog-inputs-/.test(file)),
      path,
    ).toEqual([]);
  }
});

test('a list paints its first rows with only the scripts its budget counts (dialogs and forms load on use)', async ({
  page,
}) => {
  const staff = routeChunkSizes(distDir).find((s) => s.path === '/staff/:id?');
  await loginAs(page, 'management', { rememberMe: true });
  // a first visit: a new tab of the signed-in browser opens the list's URL
  const list = await page.context().newPage();
  const scripts = scriptsFetched(list);
  const listRequests: string[] = [];
  list.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/users') listRequests.push(new URL(request.url()).search);
  });
  await list.goto('/staff');
  await expect(list.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(staff?.files).toContain(script);
  // the page and its count were asked for once each: the start-up requests (app/route-data.ts) and
  // the table's queries share one cache entry, whichever of the chunks arrives first
  expect(listRequests).toHaveLength(2);
  expect(listRequests.filter((search) => search.includes('%24top=0'))).toHaveLength(1);
});

test('scripts arrive compressed and cached for a year as immutable; the page itself is revalidated', async ({
  page,
}) => {
  const scripts: Array<{ url: string; headers: Record<string, string> }> = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ url: response.url(), headers: await response.allHeaders() });
  });
  const document = await page.goto('/loans');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  const documentHeaders = (await document?.allHeaders()) ?? {};
  expect(documentHeaders['cache-control']).toBe('no-cache');
  // the page is compressed like every file of 1 KB or more (index.html is about 0.5 KB today)
  const plainDocument = await page.request.get('/loans', { headers: { 'accept-encoding': 'identity' } });
  if ((await plainDocument.body()).length >= compressMinBytes) {
    expect(documentHeaders['content-encoding']).toMatch(/^(br|gzip)$/);
  } else {
    expect(documentHeaders['content-encoding']).toBeUndefined();
  }
  expect(scripts.length).toBeGreaterThan(0);
  const compressed: string[] = [];
  for (const script of scripts) {
    expect(script.headers['cache-control'], script.url).toBe(immutable);
    // the build compresses every script of 1 KB or more (packages/web/scripts/precompress.ts)
    const plain = await page.request.get(script.url, { headers: { 'accept-encoding': 'identity' } });
    if ((await plain.body()).length < compressMinBytes) continue;
    expect(script.headers['content-encoding'], script.url).toMatch(/^(br|gzip)$/);
    compressed.push(script.url);
  }
  expect(compressed.length).toBeGreaterThan(0);

  // a client that takes gzip only gets gzip; one that takes nothing gets the plain file (scripts
  // arrive in any order, and one under 1 KB has no twin)
  const first = compressed[0]!;
  const gzipOnly = await page.request.get(first, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzipOnly.headers()['content-encoding']).toBe('gzip');
  expect(gzipOnly.headers()['cache-control']).toBe(immutable);
  const plain = await page.request.get(first, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(await plain.text()).toBe(await gzipOnly.text());
});

test("a screen's chunks are preloaded with the page, not discovered once the entry has run", async ({ page }) => {
  const loans = routeChunkSizes(distDir).find((s) => s.path === '/loans/:id?');
  expect(loans).toBeTruthy();
  // the page for a path of the route lists every chunk the route loads besides the entry's
  const html = await (await page.request.get('/loans/12')).text();
  const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]);
  const ownFiles = loans?.files.filter((file) => !/\/index-[\w-]+\.js$/.test(file)) ?? [];
  expect(preloaded.slice().sort()).toEqual(ownFiles);
  // a path of no route gets the page as built
  expect(await (await page.request.get('/no/such/screen')).text()).not.toContain('modulepreload');

  await loginAs(page, 'management', { rememberMe: true });
  const list = await page.context().newPage();
  const asked: string[] = [];
  list.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await list.goto('/loans');
  await expect(list.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
  // the screen's chunk was asked for with the page, before the entry's start-up code asked for anything
  const screenChunk = ownFiles.find((file) => /\/loans-page-/.test(file));
  expect(screenChunk).toBeTruthy();
  const health = asked.indexOf('/api/health');
  expect(health).toBeGreaterThan(0);
  expect(asked.indexOf(`/${screenChunk}`)).toBeGreaterThan(-1);
  expect(asked.indexOf(`/${screenChunk}`)).toBeLessThan(health);
  // and once: the router's import found it preloaded
  expect(asked.filter((p) => p === `/${screenChunk}`)).toHaveLength(1);
});
