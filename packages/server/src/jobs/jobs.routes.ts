import { AppError, type Job, type JobStatus, jobMessages, jobResultRoute, jobRoute } from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';
import { routeRegistrar } from '../platform/http/register-route';
import { sendStoredFile } from '../platform/http/send-stored-file';
import { ownJob } from '../platform/job-queue';
import type { QueuedJobRow } from '../platform/jobs.repository';
import { storedFile } from '../platform/stored-files';

/** The job calls (DESIGN §1 "long work"): a job's state, and its file once it has one. Owner only. */

const notFound = () => new AppError('NOT_FOUND', jobMessages.notFound);

export function jobView(row: QueuedJobRow): Job {
  const succeeded = row.status === 'SUCCEEDED';
  return {
    jobId: row.id,
    status: row.status as JobStatus,
    progress: Number(row.progress),
    message: row.message ?? '',
    ...(succeeded && row.resultFileId !== null
      ? { resultUrl: jobResultRoute.path.replace(':jobId', String(row.id)) }
      : {}),
    ...(succeeded && row.resultFileName ? { fileName: row.resultFileName } : {}),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

export function jobRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = routeRegistrar(app, ctx);

  route(jobRoute, async ({ params }, request) => {
    const row = await ownJob(ctx.db, params.jobId, actorOf(request).userId);
    if (!row) throw notFound();
    return ok(jobView(row));
  });

  route(jobResultRoute, async ({ params }, request, reply) => {
    const row = await ownJob(ctx.db, params.jobId, actorOf(request).userId);
    if (!row) throw notFound();
    if (row.status !== 'SUCCEEDED') throw new AppError('CONFLICT', jobMessages.notFinished);
    const file = row.resultFileId === null ? undefined : await storedFile(ctx.db, row.resultFileId);
    if (!file) throw new AppError('NOT_FOUND', jobMessages.noResult);
    return sendStoredFile(reply, ctx.db, file);
  });
}
