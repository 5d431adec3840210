import { type ReportRequestBody, Role, reportContentTypes, reportMessages, reportRequestBody } from '@lm/domain';
import { z } from 'zod';
import type { Actor } from '../platform/auth/tokens';
import type { AppContext } from '../platform/context';
import { enqueueJob, type JobProgress, type QueuedJobHandler } from '../platform/job-queue';
import { prepareReport, type ReportCaller, renderers, reportFileName } from './generate-report';
import type { ReportDataset, ReportRow } from './report-dataset';

/**
 * A report made by a job (DESIGN §1 "long work"): the request was checked before the 202, and the
 * job checks it again as its owner (their rights may have changed since), builds the same dataset,
 * and renders it into the job's result file. Progress is rows written / the dataset's row count
 * where the dataset can count its rows, otherwise its stages and the rows written so far.
 */

export const reportJobName = 'report';

const payloadSchema = z.object({
  reportId: z.string(),
  caller: z.enum(['management', 'investor']),
  actor: z.object({
    userId: z.number().int(),
    role: z.enum(Object.values(Role) as [Role, ...Role[]]),
    email: z.string(),
  }),
  body: reportRequestBody,
});
type ReportJobPayload = z.infer<typeof payloadSchema>;

/** Queues the report (already checked by the caller) and answers the job's id. */
export function enqueueReport(
  ctx: AppContext,
  caller: ReportCaller,
  reportId: string,
  body: ReportRequestBody,
): Promise<number> {
  const { userId, role, email } = caller.actor;
  const payload: ReportJobPayload = { reportId, caller: caller.kind, actor: { userId, role, email }, body };
  return enqueueJob(ctx, { name: reportJobName, ownerUserId: userId, payload });
}

/** Progress from 0.05 (figures read) to 0.95 (rows written); the last 5% is the file being finished. */
const rowsStart = 0.05;
const rowsEnd = 0.95;
/** Progress is looked at every this many rows. */
export const rowsPerCheck = 50;

export async function* counted(
  rows: AsyncIterable<ReportRow>,
  total: number | undefined,
  progress: JobProgress,
): AsyncGenerator<ReportRow> {
  let written = 0;
  for await (const row of rows) {
    yield row;
    written += 1;
    if (written % rowsPerCheck === 0) {
      const fraction = total ? rowsStart + ((rowsEnd - rowsStart) * Math.min(written, total)) / total : rowsStart;
      await progress.report(fraction, reportMessages.rowsWritten(written, total));
    }
  }
  await progress.report(rowsEnd, reportMessages.finishing, true);
}

export const reportJob: QueuedJobHandler = {
  name: reportJobName,
  async run(ctx, job, progress) {
    const payload = payloadSchema.parse(job.payload);
    const actor: Actor = payload.actor;
    const caller: ReportCaller = { kind: payload.caller, actor };
    await progress.report(0.01, reportMessages.preparing, true);
    const dataset: ReportDataset = await prepareReport(ctx, caller, payload.reportId, payload.body);
    const total = dataset.rowCount ? await dataset.rowCount() : undefined;
    await progress.report(rowsStart, reportMessages.rowsWritten(0, total), true);
    const format = dataset.parameters.format;
    const tracked: ReportDataset = { ...dataset, rows: counted(dataset.rows, total, progress) };
    return {
      message: reportMessages.generated,
      file: {
        fileName: reportFileName(dataset),
        contentType: reportContentTypes[format],
        write: (out) => renderers[format](tracked, out),
      },
      result: { reportId: dataset.definition.id, format },
    };
  },
};
