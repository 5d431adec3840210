/**
 * The API server the bench starts: packages/server/src/main.ts's steps (open and migrate the
 * database, seed an empty one when configured, build the app, listen, close on SIGTERM) without
 * serving the built web app, unless BENCH_SERVE_WEB=1 (the browser section: WEB_DIST_DIR names the build).
 */
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/platform/config';
import { createContext } from '../../packages/server/src/platform/create-context';
import { seedIfEmpty } from '../../packages/server/src/seed';

async function main() {
  const config = loadConfig();
  const ctx = await createContext(config);
  if (config.seedDemo) await seedIfEmpty(ctx);
  const app = await buildApp(ctx, { serveWeb: process.env.BENCH_SERVE_WEB === '1' });
  const shutdown = async () => {
    await app.close();
    await ctx.database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error) => {
  console.error(`Cannot start: ${(error as Error).message}`);
  process.exit(1);
});
