import path from 'node:path';
import {
  defaultDistDir,
  loginRouteBudgetBytes,
  loginRouteProblems,
  routeChunkSizes,
} from '../../packages/web/scripts/chunk-sizes';
import { compressMinBytes } from '../../packages/web/scripts/precompress';
import { expect, test } from '../support/fixtures';

// the build the server serves (global-setup.ts): WEB_DIST_DIR when set, else packages/web/dist
const distDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : defaultDistDir;
const immutable = 'public, max-age=31536000, immutable';

test('the login route loads under 200 KB of gzip JavaScript, without the data grid or the charts', async ({ page }) => {
  const sizes = routeChunkSizes(distDir);
  expect(loginRouteProblems(sizes)).toEqual([]);
  const login = sizes.find((s) => s.path === '/login');
  expect(login?.totalBytes).toBeLessThanOrEqual(loginRouteBudgetBytes);

  // and the browser fetches no other script than those
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname.slice(1));
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(login?.files).toContain(script);
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
  expect(documentHeaders['content-encoding']).toMatch(/^(br|gzip)$/);
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
