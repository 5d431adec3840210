import { loginRouteBudgetBytes, loginRouteProblems, routeChunkSizes } from '../../packages/web/scripts/chunk-sizes';
import { expect, test } from '../support/fixtures';

test('the login route loads under 200 KB of gzip JavaScript, without the data grid or the charts', async ({ page }) => {
  const sizes = routeChunkSizes();
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
