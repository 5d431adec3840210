import { z } from 'zod';
import { defineRoute, idParamsOf } from '../contract';
import { reportContentTypes } from '../reports/report-registry';

/**
 * Long work (DESIGN §1 "long work", docs/decisions/011-jobs.md): a call that may take more than a
 * couple of seconds can answer 202 `{jobId}`; the job runs in whichever server process claims it,
 * and `GET api/jobs/{jobId}` tells its owner how far it has come and, once done, where its result is.
 */

export const jobStatuses = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED'] as const;
export type JobStatus = (typeof jobStatuses)[number];

export const jobMessages = {
  notFound: 'Job not found',
  notFinished: 'The job has not finished yet',
  noResult: 'The job has no file to download',
  queued: 'Waiting to start',
  started: 'Started',
  failed: 'The job could not be finished',
  interrupted: 'The job was interrupted too many times',
  /** The request header that asks for a job instead of the answer (RFC 7240). */
  preferAsync: 'respond-async',
} as const;

/** The 202 answer of a call that became a job. */
export const jobAcceptedSchema = z.object({ jobId: z.number().int().positive() });
export type JobAccepted = z.infer<typeof jobAcceptedSchema>;

export const jobSchema = z.object({
  jobId: z.number().int().positive(),
  status: z.enum(jobStatuses),
  /** 0 to 1. */
  progress: z.number().min(0).max(1),
  message: z.string(),
  /** Once SUCCEEDED with a file: the call that downloads it. */
  resultUrl: z.string().optional(),
  /** The result file's name. */
  fileName: z.string().optional(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

/** True when a job will change no more. */
export function jobFinished(status: JobStatus): boolean {
  return status === 'SUCCEEDED' || status === 'FAILED';
}

const tag = 'jobs';

export const jobRoute = defineRoute({
  method: 'GET',
  path: '/api/jobs/:jobId',
  tag,
  summary: 'A job: its status, progress (0-1), message and, once done, its result URL',
  description: `Only the user who asked for the job may read it; anyone else gets 404 "${jobMessages.notFound}".`,
  params: idParamsOf('jobId'),
  response: jobSchema,
});

export const jobResultRoute = defineRoute({
  method: 'GET',
  path: '/api/jobs/:jobId/result',
  tag,
  summary: "Download a finished job's file",
  description:
    `Answers the file (content-disposition: attachment). Only the job's owner; anyone else gets 404. ` +
    `A job not finished answers 409 "${jobMessages.notFinished}".`,
  params: idParamsOf('jobId'),
  response: z.unknown(),
  file: { contentTypes: [...Object.values(reportContentTypes), 'application/octet-stream'] },
});
