// The time from navigation to the first data row painted in react-admin's smallest app, in a new
// browser context each run, as the bench's browser section measures our screens: the built app
// served over HTTP, one warm-up, then the median of `RUNS` (7).
// Usage (after `npm install && npm run build` here): npm run measure
import { chromium } from 'playwright-core';
// the Chromium and flags the journeys and the bench use
import { browserArgs, findBrowser } from '../../../e2e/support/browser.ts';
import { measureOnce, referenceApp, serveReferenceApp } from '../../src/sections/browser.ts';

const runs = Number(process.env.RUNS ?? 7);
// the bench's browser section serves and opens it the same way
const server = await serveReferenceApp(referenceApp.dist);

const found = await findBrowser();
const browser = await chromium.launch({ executablePath: found.executablePath, args: browserArgs, headless: true });
const times = [];
for (let i = 0; i <= runs; i++) {
  const trace = await measureOnce(browser, server.baseUrl, referenceApp.path, null, 0, referenceApp.selector);
  if (i > 0) times.push(Math.round(trace.firstRowMs));
}
await browser.close();
await server.close();
const sorted = [...times].sort((a, b) => a - b);
console.log(`react-admin first row: ${times.join(', ')} ms; median ${sorted[Math.floor(sorted.length / 2)]} ms`);
