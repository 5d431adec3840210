import {
  type investorGroupListShape,
  investorGroupStatusLabels,
  type ListRow,
  peopleMessages,
  type RouteData,
  type RouteRequest,
} from '@lm/domain';
import { editInvestorGroupRoute, investorGroupAccountsRoute, investorGroupDetailRoute } from '@lm/domain/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, pathOf } from '../../shared/api/call-route';
import { defineList, type ListDefinition } from '../../shared/list/list-types';
import { listKey } from '../../shared/list/use-list';
import { type InvestmentAccountRow, investmentAccountColumns } from '../investors';
import { investorGroupsListRequest } from './investor-groups-list-request';

/** The client side of the investor groups API (docs/api.md, "Investors, investor groups and staff"). */

export type InvestorGroupRow = ListRow<typeof investorGroupListShape>;
export type InvestorGroupView = RouteData<typeof investorGroupDetailRoute>;
export type EditInvestorGroupChanges = Omit<RouteRequest<typeof editInvestorGroupRoute>['body'], 'id'>;

/** /investorGroups: default sort id descending, page sizes with All (investor-and-admin §9). */
export const investorGroupsList = defineList<InvestorGroupRow>({
  ...investorGroupsListRequest,
  title: 'Investor Groups',
  columns: [
    { field: 'id', header: 'ID', width: 90 },
    { field: 'name', header: 'Name', flex: 1.5 },
    { field: 'abn', header: 'ABN' },
    { field: 'acn', header: 'ACN' },
    { field: 'email', header: 'Email', flex: 1.5 },
    { field: 'entityType', header: 'Entity Type' },
    { field: 'type', header: 'Type' },
    { field: 'status', header: 'Status', kind: 'enum', labels: investorGroupStatusLabels, width: 120 },
  ],
  filterFields: [
    { id: 'id', label: 'ID', field: 'id', type: 'integer' },
    { id: 'name', label: 'Name', field: 'name', type: 'string' },
    { id: 'abn', label: 'ABN', field: 'abn', type: 'string' },
    { id: 'acn', label: 'ACN', field: 'acn', type: 'string' },
    { id: 'email', label: 'Email', field: 'email', type: 'string' },
    {
      id: 'status',
      label: 'Status',
      field: 'status',
      type: 'selection',
      options: Object.entries(investorGroupStatusLabels).map(([value, label]) => ({ value, label })),
    },
  ],
});

/** Group Accounts (click goes to /investorAccounts/{id}). */
export function groupAccountsList(groupId: string): ListDefinition<InvestmentAccountRow> {
  return defineList<InvestmentAccountRow>({
    id: `investor-group-${groupId}-accounts`,
    path: pathOf(investorGroupAccountsRoute, { groupId }),
    title: 'Group Accounts',
    defaultSort: { field: 'id', direction: 'asc' },
    columns: investmentAccountColumns,
  });
}

export const investorGroupKey = (groupId: string | number) => ['investor-group', String(groupId)] as const;

export function investorGroupQuery(groupId: string) {
  return {
    queryKey: investorGroupKey(groupId),
    queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<InvestorGroupView> =>
      (await callRoute(investorGroupDetailRoute, { params: { id: groupId }, ...(signal ? { signal } : {}) })).data,
  };
}

/** The group of the detail tab (its errors are shown in place, not toasted). */
export function useInvestorGroupQuery(groupId: string) {
  return useQuery({ ...investorGroupQuery(groupId), meta: { silent: true } });
}

/** Edit Investor Group: the changed fields and the id (PUT api/investmentGroups/{id}); the group and the list refetch. */
export function useEditInvestorGroup(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: EditInvestorGroupChanges) =>
      callRoute(editInvestorGroupRoute, { params: { id: String(groupId) }, body: { ...changes, id: groupId } }),
    meta: { successMessage: peopleMessages.investorGroupEdited },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: investorGroupKey(groupId) });
      await queryClient.invalidateQueries({ queryKey: listKey(investorGroupsList) });
    },
  });
}
