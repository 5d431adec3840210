import crypto from 'node:crypto';
import os from 'node:os';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { AppError, jobMessages } from '@lm/domain';
import type { AppContext } from './context';
import * as repo from './jobs.repository';
import { createStoredFile, deleteStoredFile, storedFileWriter } from './stored-files';

/**
 * The job queue (DESIGN §1 "long work", docs/decisions/011-jobs.md). A request that asks for a job
 * stores it (QUEUED) and answers 202 `{jobId}`; a worker in every server process claims queued
 * jobs (`for update skip locked`), runs them, writes their progress (0-1) and message as they go,
 * stores the result file in the database and marks the job SUCCEEDED or FAILED. A worker beats
 * every `heartbeatMs` for the jobs it runs; a RUNNING job whose heartbeat is older than
 * `staleAfterMs` belonged to a process that died and is queued again (at most `attemptsMax` tries).
 * On the embedded database this process is the only one, so on start every RUNNING job is queued
 * again at once.
 */

export const jobWorkerLimits = {
  /** Jobs one process runs at once. */
  runningMax: 2,
  pollMs: 1_000,
  heartbeatMs: 10_000,
  staleAfterMs: 60_000,
  attemptsMax: 3,
  /** Progress is written at most this often (and at every stage). */
  progressEveryMs: 250,
  /** Finished jobs and their files are kept this long. */
  keepHours: 24,
} as const;

export interface JobRun {
  id: number;
  ownerUserId: number | null;
  payload: unknown;
  attempts: number;
}

export interface JobProgress {
  /** Records progress (0-1) and what the job is doing; written at most every `progressEveryMs`, unless `now`. */
  report(fraction: number, message: string, now?: boolean): Promise<void>;
}

export interface JobOutcome {
  message: string;
  /** The result file: the worker stores what `write` writes (and ends). */
  file?: { fileName: string; contentType: string; write(out: Writable): Promise<void> };
  /** A small JSON result kept with the job. */
  result?: unknown;
}

export interface QueuedJobHandler {
  name: string;
  run(ctx: AppContext, job: JobRun, progress: JobProgress): Promise<JobOutcome>;
}

export interface JobWorker {
  /** Claims and runs one queued job, if there is one; answers whether it ran one. */
  runNext(): Promise<boolean>;
  /** Wakes the worker now (a job was queued in this process). */
  wake(): void;
  stop(): Promise<void>;
}

/** How long stopping waits for running jobs before leaving them to the next start. */
const stopGraceMs = 3_000;

const workers = new WeakMap<AppContext, JobWorker>();

/** Queues a job owned by `ownerUserId` and wakes this process's worker; answers the job's id. */
export async function enqueueJob(
  ctx: AppContext,
  job: { name: string; ownerUserId: number; payload: unknown },
): Promise<number> {
  const id = await repo.insertJob(ctx.db, { ...job, message: jobMessages.queued });
  workers.get(ctx)?.wake();
  return id;
}

/** The message a job's owner sees for a failure: a refusal's own words, otherwise a plain one. */
function failureMessage(error: unknown): string {
  return error instanceof AppError ? error.userMessage : jobMessages.failed;
}

function clamp(fraction: number): number {
  if (!Number.isFinite(fraction)) return 0;
  return Math.min(1, Math.max(0, fraction));
}

/**
 * Starts this process's worker: it re-queues what a dead process left RUNNING, then polls for
 * queued jobs every `pollMs` (and at once when woken), running up to `runningMax` at a time.
 * `poll: false` starts nothing in the background (tests call `runNext`).
 */
export function startJobWorker(
  ctx: AppContext,
  handlers: readonly QueuedJobHandler[],
  options: { poll?: boolean; pollMs?: number; log?: (message: string) => void } = {},
): JobWorker {
  const workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const byName = new Map(handlers.map((h) => [h.name, h]));
  const names = [...byName.keys()];
  const log = options.log ?? (() => undefined);
  const running = new Map<number, Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();

  const requeue = (all: boolean) =>
    repo
      .requeueAbandoned(ctx.db, {
        all,
        staleSeconds: jobWorkerLimits.staleAfterMs / 1000,
        attemptsMax: jobWorkerLimits.attemptsMax,
        interruptedMessage: jobMessages.interrupted,
        queuedMessage: jobMessages.queued,
      })
      .then((ids) => {
        if (ids.length > 0) log(`jobs queued again after their process stopped: ${ids.join(', ')}`);
      });

  async function run(claimed: NonNullable<Awaited<ReturnType<typeof repo.claimNextJob>>>): Promise<void> {
    const handler = byName.get(claimed.name);
    let lastWrite = 0;
    const progress: JobProgress = {
      async report(fraction, message, now = false) {
        const at = Date.now();
        if (!now && at - lastWrite < jobWorkerLimits.progressEveryMs) return;
        lastWrite = at;
        await repo.writeProgress(ctx.db, claimed.id, workerId, clamp(fraction), message);
      },
    };
    let fileId: number | undefined;
    try {
      if (!handler) throw new Error(`no handler for job ${claimed.name}`);
      await progress.report(0, jobMessages.started, true);
      const outcome = await handler.run(
        ctx,
        { id: claimed.id, ownerUserId: claimed.ownerUserId, payload: claimed.payload, attempts: claimed.attempts },
        progress,
      );
      if (outcome.file) {
        fileId = await createStoredFile(ctx.db, { ...outcome.file, jobId: claimed.id });
        const out = storedFileWriter(ctx.db, fileId);
        await outcome.file.write(out);
        await finished(out);
      }
      await repo.markSucceeded(ctx.db, claimed.id, workerId, {
        message: outcome.message,
        resultFileId: fileId ?? null,
        result: outcome.result,
      });
    } catch (error) {
      if (!(error instanceof AppError)) log(`job ${claimed.id} (${claimed.name}) failed: ${(error as Error).message}`);
      if (fileId !== undefined) await deleteStoredFile(ctx.db, fileId).catch(() => undefined);
      await repo
        .markFailed(ctx.db, claimed.id, workerId, {
          message: failureMessage(error),
          error: error instanceof Error ? error.message : String(error),
        })
        .catch((markError: unknown) => log(`job ${claimed.id}: could not record its failure: ${String(markError)}`));
    }
  }

  async function runNext(): Promise<boolean> {
    await sweeping;
    const claimed = await repo.claimNextJob(ctx.db, workerId, names);
    if (!claimed) return false;
    const done = run(claimed).finally(() => running.delete(claimed.id));
    running.set(claimed.id, done);
    await done;
    return true;
  }

  let polling = false;
  async function poll(): Promise<void> {
    if (polling || stopped) return;
    polling = true;
    try {
      while (!stopped && running.size < jobWorkerLimits.runningMax) {
        const claimed = await repo.claimNextJob(ctx.db, workerId, names);
        if (!claimed) break;
        const done = run(claimed).finally(() => {
          running.delete(claimed.id);
          void poll();
        });
        running.set(claimed.id, done);
      }
    } catch (error) {
      log(`job worker: ${(error as Error).message}`);
    } finally {
      polling = false;
    }
  }

  sweeping = requeue(ctx.database.kind === 'pglite').catch((error: unknown) =>
    log(`job worker: could not queue abandoned jobs again: ${String(error)}`),
  );
  const heartbeat = setInterval(() => {
    void repo.beat(ctx.db, workerId, [...running.keys()]).catch(() => undefined);
    void requeue(false).catch(() => undefined);
  }, jobWorkerLimits.heartbeatMs);
  heartbeat.unref();
  if (options.poll !== false) {
    void sweeping.then(() => poll());
    timer = setInterval(() => void poll(), options.pollMs ?? jobWorkerLimits.pollMs);
    timer.unref();
  }

  const worker: JobWorker = {
    runNext,
    wake() {
      if (options.poll !== false) void poll();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      clearInterval(heartbeat);
      // a job still running after a moment is left RUNNING: the next start queues it again
      const grace = new Promise((resolve) => setTimeout(resolve, stopGraceMs).unref());
      await Promise.race([Promise.allSettled([...running.values()]), grace]);
      workers.delete(ctx);
    },
  };
  workers.set(ctx, worker);
  return worker;
}

/** Removes finished jobs (and their files) after `keepHours`: a periodic job of every process. */
export const finishedJobsCleanupJob = {
  name: 'finished-jobs-cleanup',
  intervalMs: 60 * 60_000,
  run: (ctx: AppContext) => repo.deleteFinishedJobs(ctx.db, jobWorkerLimits.keepHours),
};

/** The owner's view of a job; undefined when it is not theirs or does not exist. */
export { ownJob } from './jobs.repository';
