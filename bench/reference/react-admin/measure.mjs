// The time from navigation to the first data row painted in react-admin's smallest app, in a new
// browser context each run, as the bench's browser section measures our screens: the built app
// served over HTTP, one warm-up, then the median of `RUNS` (7).
// Usage (after `npm install && npm run build` here): npm run measure
import { chromium } from 'playwright-core';
// the Chromium and flags the journeys and the bench use
import { browserArgs, findBrowser } from '../../../e2e/support/browser.ts';
import { referenceApp, serveReferenceApp } from '../../src/sections/browser.ts';

const runs = Number(process.env.RUNS ?? 7);
// the bench's browser section serves and opens it the same way
const server = await serveReferenceApp(referenceApp.dist);
const url = `${server.baseUrl}${referenceApp.path}`;

const found = await findBrowser();
const browser = await chromium.launch({ executablePath: found.executablePath, args: browserArgs, headless: true });
const times = [];
for (let i = 0; i <= runs; i++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-AU' });
  await context.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('tr.RaDataTable-rowEven')) {
        observer.disconnect();
        requestAnimationFrame(() => {
          window.firstRowMs = performance.now();
        });
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(() => window.firstRowMs, undefined, { timeout: 60_000, polling: 50 });
  if (i > 0) times.push(Math.round(await handle.jsonValue()));
  await context.close();
}
await browser.close();
await server.close();
const sorted = [...times].sort((a, b) => a - b);
console.log(`react-admin first row: ${times.join(', ')} ms; median ${sorted[Math.floor(sorted.length / 2)]} ms`);
