import { expect, loginAs, skipWelcomeVideo, test } from '../support/fixtures';

// Every journey fails on a Content-Security-Policy violation (support/fixtures.ts): these show the
// check sees one, and that a signed-in tour of the main screens records none.

test('a script the policy refuses fails the journey', async ({ page, cspViolations }) => {
  test.fail(true, 'the fixture fails a journey that records a CSP violation');
  await page.goto('/');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true';
    document.body.append(script);
  });
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
});

test('management opens the loans, a loan and the marketplace with no CSP violation', async ({
  page,
  cspViolations,
}) => {
  await skipWelcomeVideo(page);
  await loginAs(page, 'management');
  await page.goto('/loans');
  await expect(page.getByRole('grid').first()).toBeVisible();
  await page.goto('/marketplace');
  await expect(page.getByRole('grid').first()).toBeVisible();
  expect(cspViolations).toEqual([]);
});
