import { buildApp } from './app';
import { loanDailyJob } from './investments';
import { certificateExpiryNoticeJob, staleUploadsJob } from './onboarding';
import { loadConfig } from './platform/config';
import { createContext } from './platform/create-context';
import { autovacuumWarning, embeddedVacuumJob } from './platform/db/maintenance';
import { expiredIdempotencyKeysJob } from './platform/idempotency';
import { finishedJobsCleanupJob, startJobWorker } from './platform/job-queue';
import { startDailyJobs, startPeriodicJobs } from './platform/jobs';
import { reportJob } from './reports';
import { seedIfEmpty } from './seed';
import { releaseExpiredWithdrawalsJob } from './withdrawals';

/**
 * A fatal error is one line on stderr naming it (then its stack), and the process exits non-zero,
 * so whatever supervises the server (systemd, a container runtime, npm start in a loop) restarts it.
 */
function fatal(what: string, error: unknown): never {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(`FATAL ${what}: ${detail}`);
  if (error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
}

process.on('uncaughtException', (error) => fatal('uncaught exception', error));
process.on('unhandledRejection', (reason) => fatal('unhandled promise rejection', reason));

async function main() {
  const config = loadConfig();
  let ctx: Awaited<ReturnType<typeof createContext>>;
  try {
    ctx = await createContext(config);
  } catch (error) {
    fatal('cannot start', error);
  }
  if (config.seedDemo && (await seedIfEmpty(ctx))) console.log('Demo data created.');
  const vacuumWarning = await autovacuumWarning(ctx);
  if (vacuumWarning) console.warn(`warning: ${vacuumWarning}`);
  const app = await buildApp(ctx, { serveWeb: true });
  const stopDailyJobs = startDailyJobs(ctx, [loanDailyJob, certificateExpiryNoticeJob, staleUploadsJob], (message) =>
    app.log.info(message),
  );
  const stopPeriodicJobs = startPeriodicJobs(
    ctx,
    [releaseExpiredWithdrawalsJob, expiredIdempotencyKeysJob, finishedJobsCleanupJob, embeddedVacuumJob],
    (message) => app.log.warn(message),
  );
  // long work (DESIGN §1 "long work"): this process claims and runs queued jobs
  const jobWorker = startJobWorker(ctx, [reportJob], { log: (message) => app.log.warn(message) });
  const shutdown = async (signal: string) => {
    console.log(`${signal}: shutting down`);
    stopDailyJobs();
    stopPeriodicJobs();
    await jobWorker.stop();
    await app.close();
    await ctx.database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  console.log(`Serving on http://${config.host}:${config.port} (database: ${ctx.database.kind})`);
}

main().catch((error: unknown) => fatal('cannot start', error));
