import {
  accreditationLevelLabels,
  type investorAccountListShape,
  type investorGroupListShape,
  investorGroupStatusLabels,
  type investorListShape,
  investorTypeLabels,
  type ListRow,
  peopleMessages,
  type RouteData,
  type RouteRequest,
  sessionMessages,
  userStatusLabels,
} from '@lm/domain';
import {
  editInvestorRoute,
  investorAccountsRoute,
  investorDetailRoute,
  investorGroupInvestorsRoute,
  investorGroupsOfInvestorRoute,
  resendConfirmationRoute,
  resetPasswordRoute,
} from '@lm/domain/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, pathOf } from '../../shared/api/call-route';
import type { FilterField } from '../../shared/filter/filter-fields';
import { type Column, defineList, type ListDefinition } from '../../shared/list/list-types';
import { listKey } from '../../shared/list/use-list';
import { investorsListRequest } from './investors-list-request';

/** The client side of the investors API (docs/api.md, "Investors, investor groups and staff"). */

export type InvestorRow = ListRow<typeof investorListShape>;
export type InvestmentAccountRow = ListRow<typeof investorAccountListShape>;
export type InvestorGroupRow = ListRow<typeof investorGroupListShape>;
export type InvestorView = RouteData<typeof investorDetailRoute>;
export type InvestorUserView = RouteData<typeof editInvestorRoute>;
export type EditInvestorChanges = Omit<RouteRequest<typeof editInvestorRoute>['body'], 'id'>;

const options = (labels: Readonly<Record<string, string>>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

export const investorColumns: readonly Column<InvestorRow>[] = [
  { field: 'id', header: 'ID', width: 90 },
  { field: 'user/firstName', header: 'First Name' },
  { field: 'user/lastName', header: 'Last Name' },
  { field: 'user/email', header: 'Email', flex: 1.5 },
  { field: 'user/mobileNumber1', header: 'Mobile Number' },
  { field: 'investorType', header: 'Investor Type', kind: 'enum', labels: investorTypeLabels },
  { field: 'user/status', header: 'Status', kind: 'enum', labels: userStatusLabels, width: 120 },
];

const investorFilterFields: readonly FilterField[] = [
  { id: 'id', label: 'ID', field: 'id', type: 'integer' },
  { id: 'firstName', label: 'First Name', field: 'user/firstName', type: 'string' },
  { id: 'lastName', label: 'Last Name', field: 'user/lastName', type: 'string' },
  { id: 'email', label: 'Email', field: 'user/email', type: 'string' },
  { id: 'mobile', label: 'Mobile Number', field: 'user/mobileNumber1', type: 'string' },
  {
    id: 'investorType',
    label: 'Investor Type',
    field: 'investorType',
    type: 'selection',
    options: options(investorTypeLabels),
  },
  { id: 'status', label: 'Status', field: 'user/status', type: 'selection', options: options(userStatusLabels) },
];

/** /investors: default sort id descending, page sizes with All (investor-and-admin §9). */
export const investorsList = defineList<InvestorRow>({
  ...investorsListRequest,
  title: 'Investors',
  columns: investorColumns,
  filterFields: investorFilterFields,
});

/** The investors of a group (Group Investors), the same columns. */
export function groupInvestorsList(groupId: string): ListDefinition<InvestorRow> {
  return defineList<InvestorRow>({
    id: `investor-group-${groupId}-investors`,
    path: pathOf(investorGroupInvestorsRoute, { id: groupId }),
    title: 'Group Investors',
    defaultSort: { field: 'id', direction: 'desc' },
    expand: ['user'],
    columns: investorColumns,
  });
}

export const investmentAccountColumns: readonly Column<InvestmentAccountRow>[] = [
  { field: 'id', header: 'ID', width: 90 },
  { field: 'name', header: 'Name', flex: 1.5 },
  { field: 'availableBalance', header: 'Available Balance', kind: 'money' },
  { field: 'currentBalance', header: 'Account Balance', kind: 'money' },
  { field: 'bpayBillerCode', header: 'Biller Code' },
  { field: 'bpayReferenceNumber', header: 'Reference' },
  { field: 'isForeign', header: 'Foreign', kind: 'boolean', width: 100 },
];

/** The accounts an investor holds (click goes to /investorAccounts/{id}). */
export function investorAccountsList(investorId: string): ListDefinition<InvestmentAccountRow> {
  return defineList<InvestmentAccountRow>({
    id: `investor-${investorId}-accounts`,
    path: pathOf(investorAccountsRoute, { investorId }),
    title: 'Investment Accounts',
    defaultSort: { field: 'id', direction: 'asc' },
    columns: investmentAccountColumns,
  });
}

/** The groups an investor belongs to (click goes to /investorGroups/{id}). */
export function investorGroupsOfInvestorList(investorId: string): ListDefinition<InvestorGroupRow> {
  return defineList<InvestorGroupRow>({
    id: `investor-${investorId}-groups`,
    path: pathOf(investorGroupsOfInvestorRoute, { id: investorId }),
    title: 'Investor Groups',
    defaultSort: { field: 'id', direction: 'desc' },
    columns: [
      { field: 'id', header: 'ID', width: 90 },
      { field: 'name', header: 'Name', flex: 1.5 },
      { field: 'abn', header: 'ABN' },
      { field: 'email', header: 'Email' },
      { field: 'status', header: 'Status', kind: 'enum', labels: investorGroupStatusLabels },
    ],
  });
}

export const investorKey = (investorId: string | number) => ['investor', String(investorId)] as const;

export function investorQuery(investorId: string) {
  return {
    queryKey: investorKey(investorId),
    queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<InvestorView> =>
      (await callRoute(investorDetailRoute, { params: { id: investorId }, ...(signal ? { signal } : {}) })).data,
  };
}

/** The investor of the detail tab (its errors are shown in place, not toasted). */
export function useInvestorQuery(investorId: string) {
  return useQuery({ ...investorQuery(investorId), meta: { silent: true } });
}

/** Edit Investor: the changed fields and the id (PUT api/users/{id}); the investor and the list refetch. */
export function useEditInvestor(userId: number, investorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: EditInvestorChanges) =>
      callRoute(editInvestorRoute, { params: { id: String(userId) }, body: { ...changes, id: userId } }),
    meta: { successMessage: peopleMessages.investorEdited },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: investorKey(investorId) });
      await queryClient.invalidateQueries({ queryKey: listKey(investorsList) });
    },
  });
}

export type StaffMail = 'reset' | 'verification';

/**
 * Staff send the investor's reset-password and verification mails by username (DESIGN §1), with
 * the staff member's token so the audit names who sent them.
 */
export function useSendInvestorMail(username: string) {
  return useMutation({
    mutationFn: (mail: StaffMail) =>
      mail === 'reset'
        ? callRoute(resetPasswordRoute, { body: { username }, auth: true })
        : callRoute(resendConfirmationRoute, { body: { username }, auth: true }),
    meta: { successMessage: sessionMessages.resetCodeSent },
  });
}

export const accreditationLabel = (level: string | null) => (level ? (accreditationLevelLabels[level] ?? level) : null);
