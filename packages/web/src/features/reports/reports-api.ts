import {
  type AvailableStatement,
  type Job,
  jobAcceptedSchema,
  jobFinished,
  jobMessages,
  type ReportDefinition,
  type ReportRequestBody,
  reportMessages,
} from '@lm/domain';
import {
  availableStatementsRoute,
  generateOwnReportRoute,
  generateReportRoute,
  jobResultRoute,
  jobRoute,
  ownAvailableStatementsRoute,
  ownStatementFileRoute,
  reportListRoute,
  statementFileRoute,
} from '@lm/domain/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../shared/api/api-error';
import { callRoute, downloadRoute } from '../../shared/api/call-route';

/**
 * The report calls (DESIGN §1 "reports", "long work"): the definitions the user may run; Generate
 * Report as a job (POST with `Prefer: respond-async`, then GET api/jobs/{id} until it is done, then
 * its file); an account's stored statements (Available Statements) and their files.
 */

export const reportListQuery = {
  queryKey: ['reports', 'definitions'] as const,
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await callRoute(reportListRoute, { ...(signal ? { signal } : {}) })).data,
};

export function useReportDefinitions() {
  return useQuery(reportListQuery);
}

/** The file name of a download, from its content-disposition; the fallback otherwise. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match?.[1] ?? fallback;
}

function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

async function saveResponse(response: Response, fallback: string): Promise<string> {
  const fileName = attachmentName(response.headers.get('content-disposition'), fallback);
  save(await response.blob(), fileName);
  return fileName;
}

export interface GeneratedReport {
  fileName: string;
}

/** What Generate Report is doing: the job's own message and progress, then the file's download. */
export interface ReportProgress {
  message: string;
  /** The job's progress, 0 to 100 (100 while its file downloads). */
  percent: number;
  /** The job has finished: the message names the file on its way. */
  downloading: boolean;
}

const progressOf = (job: Job): ReportProgress => ({
  message: job.message,
  percent: Math.round(job.progress * 100),
  downloading: false,
});

/** How often a running job is asked how far it has come. */
export const jobPollMs = 400;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Generate Report: management through api/reports/{id}, an investor through api/user/reports/{id},
 * asked as a job; `onProgress` hears the job's state until it has finished, then its file is saved
 * under the server's name. A failed job raises its message.
 */
export function useGenerateReport(investor: boolean, onProgress: (progress: ReportProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ definition, body }: { definition: ReportDefinition; body: ReportRequestBody }) => {
      const route = investor ? generateOwnReportRoute : generateReportRoute;
      const accepted = await callRoute(route, {
        params: { reportId: definition.id },
        body,
        headers: { prefer: jobMessages.preferAsync },
      });
      const { jobId } = jobAcceptedSchema.parse(accepted.data);
      let job = (await callRoute(jobRoute, { params: { jobId: String(jobId) } })).data;
      onProgress(progressOf(job));
      while (!jobFinished(job.status)) {
        await pause(jobPollMs);
        job = (await callRoute(jobRoute, { params: { jobId: String(jobId) } })).data;
        onProgress(progressOf(job));
      }
      if (job.status === 'FAILED') throw new ApiError('RULE_REFUSED', job.message, { status: 422 });
      const expected = job.fileName ?? `${definition.fileName}.${body.format ?? definition.defaultFormat}`;
      onProgress({ message: reportMessages.downloading(expected), percent: 100, downloading: true });
      const response = await downloadRoute(jobResultRoute, { params: { jobId: String(jobId) } });
      const fileName = await saveResponse(response, expected);
      return { fileName } satisfies GeneratedReport;
    },
    onSuccess: (_result, { definition, body }) => {
      if (body.accountId !== undefined) {
        void queryClient.invalidateQueries({ queryKey: statementsKey(body.accountId, definition.id) });
      }
    },
  });
}

const statementsKey = (accountId: number, reportType: string) => ['reports', 'statements', accountId, reportType];

/** Available Statements: the stored statements of an account (none asked for while no account is chosen). */
export function useAvailableStatements(investor: boolean, reportType: string, accountId: number | undefined) {
  return useQuery({
    queryKey: statementsKey(accountId ?? 0, reportType),
    enabled: accountId !== undefined,
    queryFn: async ({ signal }) => {
      const route = investor ? ownAvailableStatementsRoute : availableStatementsRoute;
      const params = { accountId: String(accountId), reportType };
      return (await callRoute(route, { params, signal })).data;
    },
  });
}

/** Downloads one stored statement as it was issued. */
export function useDownloadStatement(investor: boolean) {
  return useMutation({
    mutationFn: async (statement: AvailableStatement & { accountId: number }) => {
      const route = investor ? ownStatementFileRoute : statementFileRoute;
      const params = { accountId: String(statement.accountId), statementId: String(statement.statementId) };
      return saveResponse(await downloadRoute(route, { params }), statement.fileName);
    },
  });
}
