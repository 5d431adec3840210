import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, startServer } from './server';

/**
 * One server for every journey: started before the first, stopped after the last. Its address
 * and data directory reach the workers through the environment.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const webIndex = path.join(repoRoot, 'packages/web/dist/index.html');
  if (!fs.existsSync(webIndex)) {
    throw new Error('The web app is not built: run "npm run build -w @lm/web" (npm run test:e2e does).');
  }
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
  };
}
