import {
  accreditationLevelLabels,
  type EditUserBody,
  type InvestorView,
  investorGroupStatusLabels,
  investorTypeLabels,
  type UserView,
  userStatusLabels,
} from '@lm/domain';
import { api } from '../../shared/api/api-client';
import type { FilterField } from '../../shared/filter/filter-fields';
import { type Column, defineList, type ListDefinition, pageSizesWithAll } from '../../shared/list/list-types';

/** The client side of the investors API (docs/api.md, "Investors, investor groups and staff"). */

export interface InvestmentAccountRow {
  id: number;
  name: string;
  type: string;
  availableBalance: number;
  currentBalance: number;
  bpayBillerCode: string | null;
  bpayReferenceNumber: string | null;
  isForeign: boolean;
  investmentGroupId: number | null;
}

const options = (labels: Readonly<Record<string, string>>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

export const investorColumns: readonly Column<InvestorView>[] = [
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
export const investorsList = defineList<InvestorView>({
  id: 'investors',
  path: '/api/investors',
  title: 'Investors',
  defaultSort: { field: 'id', direction: 'desc' },
  pageSizes: pageSizesWithAll,
  expand: ['user'],
  columns: investorColumns,
  filterFields: investorFilterFields,
});

/** The investors of a group (Group Investors), the same columns. */
export function groupInvestorsList(groupId: string): ListDefinition<InvestorView> {
  return defineList<InvestorView>({
    id: `investor-group-${groupId}-investors`,
    path: `/api/investmentGroups/${encodeURIComponent(groupId)}/investors`,
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
    path: `/api/investors/${encodeURIComponent(investorId)}/investmentAccounts`,
    title: 'Investment Accounts',
    defaultSort: { field: 'id', direction: 'asc' },
    columns: investmentAccountColumns,
  });
}

export interface InvestorGroupRow {
  id: number;
  name: string;
  abn: string | null;
  acn: string | null;
  email: string | null;
  status: string;
  entityType: string | null;
  type: string | null;
}

/** The groups an investor belongs to (click goes to /investorGroups/{id}). */
export function investorGroupsOfInvestorList(investorId: string): ListDefinition<InvestorGroupRow> {
  return defineList<InvestorGroupRow>({
    id: `investor-${investorId}-groups`,
    path: `/api/investors/${encodeURIComponent(investorId)}/investmentGroups`,
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

export function investorQuery(investorId: string) {
  return {
    queryKey: ['investor', investorId] as const,
    queryFn: async () => (await api.get<InvestorView>(`/api/investors/${encodeURIComponent(investorId)}`)).data,
  };
}

/** Edit Investor: the changed fields and the id (PUT api/users/{id}). */
export function editInvestor(userId: number, changes: EditUserBody) {
  return api.put<UserView>(`/api/users/${userId}`, { ...changes, id: userId });
}

/** Staff send these by the investor's username (DESIGN §1). */
export function sendResetPasswordEmail(username: string) {
  return api.post<null>('/api/user/reset', { username }, { auth: true });
}

export function sendVerificationEmail(username: string) {
  return api.post<null>('/api/auth/register/resend-user-confirmation', { username }, { auth: true });
}

export const accreditationLabel = (level: string | null) => (level ? (accreditationLevelLabels[level] ?? level) : null);
