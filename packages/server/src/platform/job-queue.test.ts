import { AppError, jobMessages } from '@lm/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';
import { enqueueJob, finishedJobsCleanupJob, type QueuedJobHandler, startJobWorker } from './job-queue';
import { storedFileBytes } from './stored-files';

/**
 * The job queue on the configured database (DESIGN §1 "long work"): a job is claimed once, its
 * progress and message written as it runs, its file stored in parts and its outcome recorded; a
 * refusal's words reach the owner; a job left RUNNING by a dead process is queued again when a
 * worker starts, and fails after its tries run out.
 */

let t: TestApp;
let ownerId: number;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', demo.management)
    .executeTakeFirstOrThrow();
  ownerId = owner.id;
});
afterAll(() => t.close());

const jobRow = (id: number) => t.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the job queue', () => {
  it('runs a queued job once, writing its progress as it goes and storing its file in parts', async () => {
    const seen: { progress: string; message: string | null }[] = [];
    const bytes = Buffer.alloc(600 * 1024, 7); // three parts of 256 KB
    const handler: QueuedJobHandler = {
      name: 'test-file',
      async run(_ctx, job, progress) {
        expect(job.payload).toEqual({ n: 3 });
        for (const step of [0.25, 0.5, 0.75]) {
          await progress.report(step, `step ${step}`, true);
          const row = await jobRow(job.id);
          seen.push({ progress: row.progress, message: row.message });
        }
        return {
          message: 'done',
          file: {
            fileName: 'test.bin',
            contentType: 'application/octet-stream',
            write: async (out) => {
              out.write(bytes.subarray(0, 100_000));
              out.end(bytes.subarray(100_000));
            },
          },
        };
      },
    };
    const worker = startJobWorker(t.ctx, [handler], { poll: false });
    try {
      const id = await enqueueJob(t.ctx, { name: 'test-file', ownerUserId: ownerId, payload: { n: 3 } });
      expect((await jobRow(id)).status).toBe('QUEUED');
      expect(await worker.runNext()).toBe(true);
      expect(await worker.runNext()).toBe(false);
      expect(seen).toEqual([
        { progress: '0.2500', message: 'step 0.25' },
        { progress: '0.5000', message: 'step 0.5' },
        { progress: '0.7500', message: 'step 0.75' },
      ]);
      const done = await jobRow(id);
      expect(done).toMatchObject({ status: 'SUCCEEDED', progress: '1.0000', message: 'done', attempts: 1 });
      expect(done.finishedAt).toBeInstanceOf(Date);
      const parts = await sql<{
        n: number;
      }>`select count(*)::int as n from stored_file_parts where file_id = ${done.resultFileId}`.execute(t.ctx.db);
      expect(parts.rows[0]?.n).toBe(3);
      expect((await storedFileBytes(t.ctx.db, done.resultFileId as number)).equals(bytes)).toBe(true);
    } finally {
      await worker.stop();
    }
  });

  it("records a failure with a refusal's own words, and hides any other error's", async () => {
    const handler: QueuedJobHandler = {
      name: 'test-fail',
      async run(_ctx, job) {
        if ((job.payload as { refuse: boolean }).refuse)
          throw new AppError('RULE_REFUSED', 'The financial year has not closed yet');
        throw new Error('connection reset by peer');
      },
    };
    const worker = startJobWorker(t.ctx, [handler], { poll: false });
    try {
      const refused = await enqueueJob(t.ctx, { name: 'test-fail', ownerUserId: ownerId, payload: { refuse: true } });
      const broken = await enqueueJob(t.ctx, { name: 'test-fail', ownerUserId: ownerId, payload: { refuse: false } });
      await worker.runNext();
      await worker.runNext();
      expect(await jobRow(refused)).toMatchObject({
        status: 'FAILED',
        message: 'The financial year has not closed yet',
      });
      expect(await jobRow(broken)).toMatchObject({
        status: 'FAILED',
        message: jobMessages.failed,
        error: 'connection reset by peer',
      });
    } finally {
      await worker.stop();
    }
  });

  it('queues again a job its dead worker left RUNNING (removing its unfinished file), and fails it after three tries', async () => {
    const runs: number[] = [];
    const handler: QueuedJobHandler = {
      name: 'test-orphan',
      async run(_ctx, job) {
        runs.push(job.attempts);
        return { message: 'done' };
      },
    };
    const left = await enqueueJob(t.ctx, { name: 'test-orphan', ownerUserId: ownerId, payload: {} });
    const spent = await enqueueJob(t.ctx, { name: 'test-orphan', ownerUserId: ownerId, payload: {} });
    // a process claimed both and died long ago, one of them on its third try, half way through a file
    await sql`update jobs set status = 'RUNNING', worker_id = 'gone:1:dead', heartbeat_at = now() - interval '10 minutes',
      attempts = case when id = ${spent} then 3 else 1 end where id in (${left}, ${spent})`.execute(t.ctx.db);
    await sql`insert into stored_files (file_name, content_type, job_id) values ('half.csv', 'text/csv', ${left})`.execute(
      t.ctx.db,
    );
    const worker = startJobWorker(t.ctx, [handler], { poll: false });
    try {
      expect(await worker.runNext()).toBe(true);
      expect(await worker.runNext()).toBe(false);
      expect(runs).toEqual([2]);
      expect(await jobRow(left)).toMatchObject({ status: 'SUCCEEDED', attempts: 2 });
      expect(await jobRow(spent)).toMatchObject({ status: 'FAILED', message: jobMessages.interrupted });
      const files = await sql<{
        n: number;
      }>`select count(*)::int as n from stored_files where job_id = ${left}`.execute(t.ctx.db);
      expect(files.rows[0]?.n).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it('leaves alone a running job whose worker still beats (on PostgreSQL, where another process may own it)', async () => {
    const id = await enqueueJob(t.ctx, { name: 'test-alive', ownerUserId: ownerId, payload: {} });
    await sql`update jobs set status = 'RUNNING', worker_id = 'other:2:alive', heartbeat_at = now() where id = ${id}`.execute(
      t.ctx.db,
    );
    const worker = startJobWorker(t.ctx, [{ name: 'test-alive', run: async () => ({ message: 'done' }) }], {
      poll: false,
    });
    try {
      // on the embedded database no other process can run it, so a worker starting there takes it back
      const embedded = t.ctx.database.kind === 'pglite';
      expect(await worker.runNext()).toBe(embedded);
      expect((await jobRow(id)).status).toBe(embedded ? 'SUCCEEDED' : 'RUNNING');
    } finally {
      await worker.stop();
    }
  });

  it('two workers claiming at once take each job once (for update skip locked)', async () => {
    const ranBy = new Map<number, string[]>();
    const handlerOf = (worker: string): QueuedJobHandler => ({
      name: 'test-race',
      async run(_ctx, job) {
        ranBy.set(job.id, [...(ranBy.get(job.id) ?? []), worker]);
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { message: 'done' };
      },
    });
    const ids: number[] = [];
    for (let i = 0; i < 8; i++)
      ids.push(await enqueueJob(t.ctx, { name: 'test-race', ownerUserId: ownerId, payload: { i } }));
    const one = startJobWorker(t.ctx, [handlerOf('one')], { poll: false });
    const two = startJobWorker(t.ctx, [handlerOf('two')], { poll: false });
    try {
      const drain = async (worker: typeof one) => {
        while (await worker.runNext()) {
          // until the queue is empty
        }
      };
      await Promise.all([drain(one), drain(two), drain(one), drain(two)]);
      expect([...ranBy.keys()].sort((a, b) => a - b)).toEqual(ids);
      for (const workers of ranBy.values()) expect(workers).toHaveLength(1);
      const states = await t.ctx.db.selectFrom('jobs').select('status').where('id', 'in', ids).execute();
      expect(states.every((row) => row.status === 'SUCCEEDED')).toBe(true);
    } finally {
      await one.stop();
      await two.stop();
    }
  });

  it('removes finished jobs and their files after a day, and nothing younger', async () => {
    const handler: QueuedJobHandler = {
      name: 'test-old',
      run: async () => ({
        message: 'done',
        file: { fileName: 'old.csv', contentType: 'text/csv', write: async (out) => void out.end('a,b\r\n') },
      }),
    };
    const worker = startJobWorker(t.ctx, [handler], { poll: false });
    try {
      const old = await enqueueJob(t.ctx, { name: 'test-old', ownerUserId: ownerId, payload: {} });
      const young = await enqueueJob(t.ctx, { name: 'test-old', ownerUserId: ownerId, payload: {} });
      await worker.runNext();
      await worker.runNext();
      const oldFile = (await jobRow(old)).resultFileId;
      await sql`update jobs set finished_at = now() - interval '25 hours' where id = ${old}`.execute(t.ctx.db);
      expect(await finishedJobsCleanupJob.run(t.ctx)).toBeGreaterThanOrEqual(1);
      const left = await t.ctx.db.selectFrom('jobs').select('id').where('id', 'in', [old, young]).execute();
      expect(left.map((r) => r.id)).toEqual([young]);
      const files = await sql<{ n: number }>`select count(*)::int as n from stored_files where id = ${oldFile}`.execute(
        t.ctx.db,
      );
      expect(files.rows[0]?.n).toBe(0);
    } finally {
      await worker.stop();
    }
  });
});
