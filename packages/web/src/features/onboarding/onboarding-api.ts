import {
  type ApplicationListRow,
  applicationStatuses,
  investorTypeLabels,
  malformedDataMessage,
  type RouteData,
} from '@lm/domain';
import {
  applicationApprovalsRoute,
  applicationDetailRoute,
  applicationFileDownloadRoute,
  applicationFilesRoute,
  approveApplicationRoute,
  denyApplicationRoute,
} from '@lm/domain/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../shared/api/api-error';
import { callRoute, downloadRoute } from '../../shared/api/call-route';
import { defineList } from '../../shared/list/list-types';
import { listKey } from '../../shared/list/use-list';
import { applicationsListRequest } from './onboarding-list-request';

/**
 * The staff side of the onboarding API (investor-and-admin §7 "Onboarding (staff)"); the public
 * submission is submit-application.ts.
 */

export type ApplicationView = RouteData<typeof applicationDetailRoute>;
export type ApplicationApprovalRow = RouteData<typeof applicationApprovalsRoute>[number];
export type ApplicationFileRow = RouteData<typeof applicationFilesRoute>[number];

const statusLabels: Readonly<Record<string, string>> = { PENDING: 'Pending', APPROVED: 'Approved', DENIED: 'Denied' };
export const applicationStatusLabel = (status: string): string => statusLabels[status] ?? status;

/**
 * /onboarding/investorApplications: filters ID (eq), Application ID (contains), Creation Date
 * (ge/le); default sort creation date descending (investor-and-admin §2, §9).
 */
export const applicationsList = defineList<ApplicationListRow>({
  ...applicationsListRequest,
  title: 'Applications',
  columns: [
    { field: 'id', header: 'ID', kind: 'integer', width: 90 },
    { field: 'applicationId', header: 'Application ID', width: 170 },
    { field: 'entityName', header: 'Investing Entity', flex: 2 },
    { field: 'investorType', header: 'Investor Type', kind: 'enum', labels: investorTypeLabels, width: 170 },
    { field: 'email', header: 'Email', flex: 2 },
    { field: 'status', header: 'Status', kind: 'enum', labels: statusLabels, width: 120 },
    { field: 'creationDate', header: 'Creation Date', kind: 'datetime', width: 190 },
    { field: 'finalisedDate', header: 'Finalised Date', kind: 'datetime', width: 190 },
    { field: 'certificateExpiryDate', header: 'Certificate Expiry', kind: 'date', width: 150 },
  ],
  filterFields: [
    { id: 'id', label: 'ID', field: 'id', type: 'integer' },
    { id: 'applicationId', label: 'Application ID', field: 'applicationId', type: 'string' },
    { id: 'createdFrom', label: 'Creation Date from', field: 'creationDate', type: 'datetime', operator: 'ge' },
    { id: 'createdTo', label: 'Creation Date to', field: 'creationDate', type: 'datetime', operator: 'le' },
    {
      id: 'status',
      label: 'Status',
      field: 'status',
      type: 'selection',
      options: applicationStatuses.map((value) => ({ value, label: applicationStatusLabel(value) })),
    },
  ],
});

const applicationKey = (id: string) => ['investor-application', id] as const;

/** One record of a detail call, or the malformed-data message (investor-and-admin §5). */
async function single<T>(id: string, load: () => Promise<{ data: T }>): Promise<T> {
  if (!/^\d{1,15}$/.test(id)) throw new Error(malformedDataMessage('Application'));
  try {
    return (await load()).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Error(malformedDataMessage('Application'));
    throw error;
  }
}

/** GET api/onboarding/applications/{id} (its errors show in place). */
export function useApplicationQuery(id: string) {
  return useQuery({
    queryKey: applicationKey(id),
    queryFn: ({ signal }) => single(id, () => callRoute(applicationDetailRoute, { params: { id }, signal })),
    meta: { silent: true },
  });
}

/** GET api/onboarding/applications/{id}/approvals. */
export function useApplicationApprovalsQuery(id: string) {
  return useQuery({
    queryKey: [...applicationKey(id), 'approvals'],
    queryFn: ({ signal }) => single(id, () => callRoute(applicationApprovalsRoute, { params: { id }, signal })),
    meta: { silent: true },
  });
}

/** GET api/onboarding/applications/{id}/files (each with its document). */
export function useApplicationFilesQuery(id: string) {
  return useQuery({
    queryKey: [...applicationKey(id), 'files'],
    queryFn: ({ signal }) => single(id, () => callRoute(applicationFilesRoute, { params: { id }, signal })),
    meta: { silent: true },
  });
}

/** GET api/onboarding/applications/{id}/files/{fileId}/download, saved under its original name. */
export async function downloadApplicationFile(applicationId: number, file: ApplicationFileRow): Promise<void> {
  const response = await downloadRoute(applicationFileDownloadRoute, {
    params: { id: String(applicationId), fileId: String(file.id) },
  });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = file.document.originalName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Approve and Deny: the application and the list refetch; the server's message is the toast. */
export function useDecideApplication(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: applicationKey(id) });
    void queryClient.invalidateQueries({ queryKey: listKey(applicationsList) });
  };
  const approve = useMutation({
    mutationFn: () => callRoute(approveApplicationRoute, { params: { id }, body: { allPartiesApproved: true } }),
    meta: { successMessage: 'Application approved' },
    onSuccess: refresh,
  });
  const deny = useMutation({
    mutationFn: () => callRoute(denyApplicationRoute, { params: { id }, body: {} }),
    meta: { successMessage: 'Application denied' },
    onSuccess: refresh,
  });
  return { approve, deny };
}
