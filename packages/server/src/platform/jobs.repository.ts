import { sql } from 'kysely';
import type { Executor } from './db/database';

/**
 * The SQL of the job queue (docs/decisions/011-jobs.md). Queued jobs share the `jobs` table with
 * the daily jobs' claims (kind DAILY); every statement here touches kind QUEUED only. Times are the
 * database's own `now()`: heartbeats are compared across processes, and the business clock (which
 * tests move by months) has nothing to say about whether a process is alive.
 */

export interface QueuedJobRow {
  id: number;
  name: string;
  status: string;
  ownerUserId: number | null;
  payload: unknown;
  progress: string;
  message: string | null;
  error: string | null;
  attempts: number;
  resultFileId: number | null;
  resultFileName: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

export async function insertJob(
  db: Executor,
  job: { name: string; ownerUserId: number; payload: unknown; message: string },
): Promise<number> {
  const result = await sql<{ id: number }>`
    insert into jobs (kind, name, status, owner_user_id, payload, message)
    values ('QUEUED', ${job.name}, 'QUEUED', ${job.ownerUserId}, cast(${JSON.stringify(job.payload)} as jsonb), ${job.message})
    returning id`.execute(db);
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('the job was not stored');
  return id;
}

/** A job as its owner reads it; undefined when it does not exist or is someone else's. */
export async function ownJob(db: Executor, jobId: number, ownerUserId: number): Promise<QueuedJobRow | undefined> {
  const result = await sql<QueuedJobRow>`
    select j.id, j.name, j.status, j.owner_user_id, j.payload, j.progress::text as progress, j.message, j.error,
      j.attempts, j.result_file_id, f.file_name as result_file_name, j.created_at, j.finished_at
    from jobs j left join stored_files f on f.id = j.result_file_id
    where j.id = ${jobId} and j.kind = 'QUEUED' and j.owner_user_id = ${ownerUserId}`.execute(db);
  return result.rows[0];
}

/**
 * Claims the oldest queued job for this worker. `for update skip locked` lets several processes
 * claim at once without waiting on each other or taking the same job (on the embedded database,
 * one connection, it is simply the oldest).
 */
export async function claimNextJob(db: Executor, workerId: string, names: readonly string[]) {
  if (names.length === 0) return undefined;
  const result = await sql<{
    id: number;
    name: string;
    ownerUserId: number | null;
    payload: unknown;
    attempts: number;
  }>`
    update jobs set status = 'RUNNING', worker_id = ${workerId}, started_at = now(), heartbeat_at = now(),
      attempts = attempts + 1, progress = 0
    where id = (
      select id from jobs where kind = 'QUEUED' and status = 'QUEUED' and name in (${sql.join(names)})
      order by id limit 1 for update skip locked)
    returning id, name, owner_user_id, payload, attempts`.execute(db);
  return result.rows[0];
}

export async function writeProgress(
  db: Executor,
  jobId: number,
  workerId: string,
  progress: number,
  message: string,
): Promise<void> {
  await sql`
    update jobs set progress = ${progress.toFixed(4)}, message = ${message}, heartbeat_at = now()
    where id = ${jobId} and worker_id = ${workerId} and status = 'RUNNING'`.execute(db);
}

/** Keeps the jobs this worker runs alive in the others' eyes. */
export async function beat(db: Executor, workerId: string, jobIds: readonly number[]): Promise<void> {
  if (jobIds.length === 0) return;
  await sql`
    update jobs set heartbeat_at = now()
    where worker_id = ${workerId} and status = 'RUNNING' and id in (${sql.join(jobIds)})`.execute(db);
}

export async function markSucceeded(
  db: Executor,
  jobId: number,
  workerId: string,
  outcome: { message: string; resultFileId: number | null; result: unknown },
): Promise<boolean> {
  const result = await sql`
    update jobs set status = 'SUCCEEDED', progress = 1, message = ${outcome.message}, finished_at = now(),
      result_file_id = ${outcome.resultFileId}, result = cast(${JSON.stringify(outcome.result ?? null)} as jsonb)
    where id = ${jobId} and worker_id = ${workerId} and status = 'RUNNING'`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function markFailed(
  db: Executor,
  jobId: number,
  workerId: string,
  failure: { message: string; error: string },
): Promise<void> {
  await sql`
    update jobs set status = 'FAILED', message = ${failure.message}, error = ${failure.error}, finished_at = now()
    where id = ${jobId} and worker_id = ${workerId} and status = 'RUNNING'`.execute(db);
}

/**
 * Jobs left RUNNING by a process that stopped beating (or, `all`, every running job: on the
 * embedded database only this process can run any) go back to the queue, or fail once they have
 * been tried `attemptsMax` times; the files they were writing are removed. Answers the ids queued again.
 */
export async function requeueAbandoned(
  db: Executor,
  options: {
    staleSeconds: number;
    all: boolean;
    attemptsMax: number;
    interruptedMessage: string;
    queuedMessage: string;
  },
): Promise<number[]> {
  const stale = options.all
    ? sql`true`
    : sql`heartbeat_at is null or heartbeat_at < now() - make_interval(secs => ${options.staleSeconds})`;
  return db.transaction().execute(async (trx) => {
    const abandoned = await sql<{ id: number; attempts: number }>`
      select id, attempts from jobs where kind = 'QUEUED' and status = 'RUNNING' and (${stale})
      for update skip locked`.execute(trx);
    const ids = abandoned.rows.map((r) => r.id);
    if (ids.length === 0) return [];
    await sql`delete from stored_files where job_id in (${sql.join(ids)}) and completed_at is null`.execute(trx);
    const retry = abandoned.rows.filter((r) => r.attempts < options.attemptsMax).map((r) => r.id);
    const give = abandoned.rows.filter((r) => r.attempts >= options.attemptsMax).map((r) => r.id);
    if (retry.length > 0) {
      await sql`
        update jobs set status = 'QUEUED', worker_id = null, heartbeat_at = null, progress = 0,
          message = ${options.queuedMessage}
        where id in (${sql.join(retry)})`.execute(trx);
    }
    if (give.length > 0) {
      await sql`
        update jobs set status = 'FAILED', finished_at = now(), message = ${options.interruptedMessage},
          error = 'abandoned by its worker'
        where id in (${sql.join(give)})`.execute(trx);
    }
    return retry;
  });
}

/** Finished queued jobs older than `keepHours`, and their result files, are removed. */
export async function deleteFinishedJobs(db: Executor, keepHours: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const old = await sql<{ id: number; resultFileId: number | null }>`
      select id, result_file_id from jobs
      where kind = 'QUEUED' and finished_at is not null and finished_at < now() - make_interval(hours => ${keepHours})
      order by id limit 1000`.execute(trx);
    if (old.rows.length === 0) return 0;
    const ids = old.rows.map((r) => r.id);
    const files = old.rows.flatMap((r) => (r.resultFileId === null ? [] : [r.resultFileId]));
    await sql`update jobs set result_file_id = null where id in (${sql.join(ids)})`.execute(trx);
    if (files.length > 0) await sql`delete from stored_files where id in (${sql.join(files)})`.execute(trx);
    await sql`delete from stored_files where job_id in (${sql.join(ids)})`.execute(trx);
    await sql`delete from jobs where id in (${sql.join(ids)})`.execute(trx);
    return ids.length;
  });
}
