import fs from 'node:fs';
import path from 'node:path';
import { resolveBrowser } from './browser';
import { repoRoot, startServer } from './server';

/**
 * One browser and one server for every journey: the browser is found once (support/browser.ts),
 * the server started before the first journey and stopped after the last. The browser's path, the
 * server's address and its data directory reach the workers through the environment.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // the server serves WEB_DIST_DIR when set (a build of one's own), else packages/web/dist
  const webIndex = path.join(path.resolve(repoRoot, process.env.WEB_DIST_DIR ?? 'packages/web/dist'), 'index.html');
  if (!fs.existsSync(webIndex)) {
    throw new Error('The web app is not built: run "npm run build -w @lm/web" (npm run test:e2e does).');
  }
  const browser = await resolveBrowser();
  console.log(`Browser: ${browser.executablePath} (${browser.source})`);
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
  };
}
