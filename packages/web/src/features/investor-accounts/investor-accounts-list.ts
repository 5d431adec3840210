import { type AccountListRow, investmentAccountTypeLabels, investmentAccountTypes } from '@lm/domain';
import { defineList } from '../../shared/list/list-types';
import { investorAccountsListRequest } from './investor-accounts-list-request';

/** A row of GET api/investmentAccounts (staff; investor-and-admin §3 "Investment account"). */
export type InvestmentAccountRow = AccountListRow;

const typeOptions = investmentAccountTypes.map((value) => ({ value, label: investmentAccountTypeLabels[value] }));

/** /investorAccounts (investor-and-admin §2 "Investment accounts"): default sort id ascending. */
export const investorAccountsList = defineList<InvestmentAccountRow>({
  ...investorAccountsListRequest,
  title: 'Accounts',
  columns: [
    { field: 'id', header: 'ID', kind: 'integer', width: 90 },
    { field: 'name', header: 'Name', flex: 2 },
    { field: 'type', header: 'Type', kind: 'enum', labels: investmentAccountTypeLabels },
    { field: 'availableBalance', header: 'Available Balance', kind: 'money' },
    { field: 'currentBalance', header: 'Current Balance', kind: 'money' },
    { field: 'investmentGroup/name', header: 'Group' },
    { field: 'mandateRate', header: 'Mandate Rate', kind: 'percent' },
    { field: 'isForeign', header: 'Foreign', kind: 'boolean', width: 100 },
    { field: 'creationDate', header: 'Created', kind: 'datetime' },
  ],
  filterFields: [
    { id: 'id', label: 'ID', field: 'id', type: 'integer' },
    { id: 'name', label: 'Name', field: 'name', type: 'string' },
    { id: 'type', label: 'Type', field: 'type', type: 'selection', options: typeOptions },
    { id: 'foreign', label: 'Foreign', field: 'isForeign', type: 'boolean' },
    {
      id: 'availableFrom',
      label: 'Available Balance from',
      field: 'availableBalance',
      type: 'currency',
      operator: 'ge',
    },
    { id: 'availableTo', label: 'Available Balance to', field: 'availableBalance', type: 'currency', operator: 'le' },
    { id: 'group', label: 'Group ID', field: 'investmentGroupId', type: 'integer' },
    { id: 'reference', label: 'Reference', field: 'bpayReferenceNumber', type: 'string', operator: 'eq' },
    { id: 'createdFrom', label: 'Created from', field: 'creationDate', type: 'datetime', operator: 'ge' },
    { id: 'createdTo', label: 'Created to', field: 'creationDate', type: 'datetime', operator: 'le' },
  ],
});

/** The staff query keys of one account and of the totals bar. */
export const investmentAccountKey = (id: number | string) => ['investmentAccount', String(id)] as const;
export const investmentAccountsStatisticsKey = ['investmentAccounts', 'statistics'] as const;
