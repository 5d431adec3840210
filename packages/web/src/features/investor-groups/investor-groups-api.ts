import { type EditInvestorGroupBody, type InvestorGroupView, investorGroupStatusLabels } from '@lm/domain';
import { api } from '../../shared/api/api-client';
import { defineList, type ListDefinition, pageSizesWithAll } from '../../shared/list/list-types';
import { type InvestmentAccountRow, investmentAccountColumns } from '../investors';

/** The client side of the investor groups API (docs/api.md, "Investors, investor groups and staff"). */

/** /investorGroups: default sort id descending, page sizes with All (investor-and-admin §9). */
export const investorGroupsList = defineList<InvestorGroupView>({
  id: 'investor-groups',
  path: '/api/investmentGroups',
  title: 'Investor Groups',
  defaultSort: { field: 'id', direction: 'desc' },
  pageSizes: pageSizesWithAll,
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
    path: `/api/investmentGroups/${encodeURIComponent(groupId)}/investmentAccounts`,
    title: 'Group Accounts',
    defaultSort: { field: 'id', direction: 'asc' },
    columns: investmentAccountColumns,
  });
}

export function investorGroupQuery(groupId: string) {
  return {
    queryKey: ['investor-group', groupId] as const,
    queryFn: async () =>
      (await api.get<InvestorGroupView>(`/api/investmentGroups/${encodeURIComponent(groupId)}`)).data,
  };
}

/** Edit Investor Group: the changed fields and the id (PUT api/investmentGroups/{id}). */
export function editInvestorGroup(groupId: number, changes: EditInvestorGroupBody) {
  return api.put<InvestorGroupView>(`/api/investmentGroups/${groupId}`, { ...changes, id: groupId });
}
