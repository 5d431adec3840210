import {
  generateOwnReportRoute,
  generateReportRoute,
  type ReportDefinition,
  type ReportRequestBody,
  reportListRoute,
} from '@lm/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callRoute, downloadRoute } from '../../shared/api/call-route';

/** The report calls (DESIGN §1 "reports"): the definitions the user may run, and one download per report. */

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

export interface GeneratedReport {
  fileName: string;
  bytes: number;
}

/**
 * Generate Report: management through api/reports/{id}, an investor through api/user/reports/{id};
 * the answer is saved under the server's file name. `onProgress` hears the bytes received.
 */
export function useGenerateReport(investor: boolean, onProgress: (bytes: number) => void) {
  return useMutation({
    mutationFn: async ({ definition, body }: { definition: ReportDefinition; body: ReportRequestBody }) => {
      const route = investor ? generateOwnReportRoute : generateReportRoute;
      const response = await downloadRoute(route, { params: { reportId: definition.id }, body });
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let received = 0;
      const reader = response.body?.getReader();
      if (reader) {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value);
          received += value.byteLength;
          onProgress(received);
        }
      }
      const fileName = attachmentName(
        response.headers.get('content-disposition'),
        `${definition.fileName}.${body.format ?? definition.defaultFormat}`,
      );
      const type = response.headers.get('content-type') ?? 'application/octet-stream';
      save(reader ? new Blob(chunks, { type }) : await response.blob(), fileName);
      return { fileName, bytes: received } satisfies GeneratedReport;
    },
  });
}
