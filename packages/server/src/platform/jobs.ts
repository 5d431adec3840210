import { sydneyDate } from '@lm/domain';
import { sql } from 'kysely';
import type { AppContext } from './context';

export interface DailyJob {
  name: string;
  run(ctx: AppContext): Promise<unknown>;
}

export const jobCheckIntervalMs = 5 * 60_000;

/**
 * Runs a daily job at most once per Sydney business date, across every server process: the
 * unique (name, run_for_date) row is the claim. A failed run is recorded and retried on the
 * next check of the same day.
 */
export async function runDailyJobOnce(ctx: AppContext, job: DailyJob): Promise<'ran' | 'skipped' | 'failed'> {
  const today = sydneyDate(ctx.clock.now());
  const claimed = await sql<{ id: number }>`
    insert into jobs (name, status, run_for_date, started_at)
    values (${job.name}, 'RUNNING', ${today}, ${ctx.clock.now()})
    on conflict (name, run_for_date) where run_for_date is not null
    do update set status = 'RUNNING', started_at = excluded.started_at, error = null
      where jobs.status = 'FAILED'
    returning id`.execute(ctx.db);
  const id = claimed.rows[0]?.id;
  if (id === undefined) return 'skipped';
  try {
    const result = await job.run(ctx);
    await ctx.db
      .updateTable('jobs')
      .set({ status: 'SUCCEEDED', finishedAt: ctx.clock.now(), result: JSON.stringify(result ?? null) })
      .where('id', '=', id)
      .execute();
    return 'ran';
  } catch (error) {
    await ctx.db
      .updateTable('jobs')
      .set({ status: 'FAILED', finishedAt: ctx.clock.now(), error: (error as Error).message })
      .where('id', '=', id)
      .execute();
    return 'failed';
  }
}

/** Starts the daily jobs now and on every check; returns a function that stops them. */
export function startDailyJobs(ctx: AppContext, jobs: readonly DailyJob[], log: (message: string) => void): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      for (const job of jobs) {
        const outcome = await runDailyJobOnce(ctx, job);
        if (outcome !== 'skipped') log(`daily job ${job.name}: ${outcome}`);
      }
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), jobCheckIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A job that runs every `intervalMs` in every server process (releasing expired withdrawal
 * reservations every minute). It must be safe to run at once in several processes: each run
 * re-checks, under row locks, what it changes, so concurrent runs never do a thing twice.
 */
export interface PeriodicJob {
  name: string;
  intervalMs: number;
  run(ctx: AppContext): Promise<unknown>;
}

/** Runs one periodic job now; a failure is logged and the next tick tries again. */
export async function runPeriodicJob(
  ctx: AppContext,
  job: PeriodicJob,
  log: (message: string) => void = () => {},
): Promise<'ran' | 'failed'> {
  try {
    await job.run(ctx);
    return 'ran';
  } catch (error) {
    log(`periodic job ${job.name}: failed: ${(error as Error).message}`);
    return 'failed';
  }
}

/**
 * Starts each periodic job now and then every `intervalMs` (one run at a time per job in this
 * process); returns a function that stops them.
 */
export function startPeriodicJobs(
  ctx: AppContext,
  jobs: readonly PeriodicJob[],
  log: (message: string) => void,
): () => void {
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await runPeriodicJob(ctx, job, log);
      } finally {
        running = false;
      }
    };
    void tick();
    const timer = setInterval(() => void tick(), job.intervalMs);
    timer.unref();
    return timer;
  });
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
