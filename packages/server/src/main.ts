import { buildApp } from './app';
import { loanDailyJob } from './investments';
import { loadConfig } from './platform/config';
import { createContext } from './platform/create-context';
import { startDailyJobs, startPeriodicJobs } from './platform/jobs';
import { seedIfEmpty } from './seed';
import { releaseExpiredWithdrawalsJob } from './withdrawals';

async function main() {
  const config = loadConfig();
  let ctx: Awaited<ReturnType<typeof createContext>>;
  try {
    ctx = await createContext(config);
  } catch (error) {
    console.error(`Cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  if (config.seedDemo && (await seedIfEmpty(ctx))) console.log('Demo data created.');
  const app = await buildApp(ctx, { serveWeb: true });
  const stopDailyJobs = startDailyJobs(ctx, [loanDailyJob], (message) => app.log.info(message));
  const stopPeriodicJobs = startPeriodicJobs(ctx, [releaseExpiredWithdrawalsJob], (message) => app.log.warn(message));
  const shutdown = async (signal: string) => {
    console.log(`${signal}: shutting down`);
    stopDailyJobs();
    stopPeriodicJobs();
    await app.close();
    await ctx.database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  console.log(`Serving on http://${config.host}:${config.port} (database: ${ctx.database.kind})`);
}

void main();
