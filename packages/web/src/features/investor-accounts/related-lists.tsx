import {
  type AccountInvestorRow,
  type InvestmentListRow,
  investorTypeLabels,
  loanStatusLabels,
  userStatusLabels,
} from '@lm/domain';
import { accountInvestmentsRoute, accountInvestorListRoute, transactionListRoute } from '@lm/domain/routes';
import { pathOf } from '../../shared/api/call-route';
import { finalisedDateColumn } from '../../shared/list/finalised-column';
import { defineList, type ListDefinition } from '../../shared/list/list-types';
import { type StaffTransactionRow, staffTransactionColumns } from '../transactions';

/** A row of GET api/investmentAccounts/{accountId}/investments (expanding loan), as the domain declares it. */
export type AccountInvestmentRow = InvestmentListRow;

/** Investments of one account (click goes to /investments/{id}); spec core §9 default sort. */
export function accountInvestmentsList(accountId: number): ListDefinition<AccountInvestmentRow> {
  return defineList<AccountInvestmentRow>({
    id: `account-${accountId}-investments`,
    path: pathOf(accountInvestmentsRoute, { accountId }),
    title: 'Investments',
    defaultSort: { field: 'investmentAccountTransactionId', direction: 'desc' },
    expand: ['loan'],
    columns: [
      { field: 'id', header: 'ID', kind: 'integer', width: 90 },
      { field: 'loanId', header: 'Loan ID', kind: 'integer', width: 100 },
      { field: 'loan/name', header: 'Loan', flex: 1 },
      { field: 'loan/status', header: 'Loan Status', kind: 'enum', labels: loanStatusLabels },
      { field: 'investedAmount', header: 'Invested Amount', kind: 'money' },
      { field: 'investmentInterestRate', header: 'Rate', kind: 'percent', width: 100 },
      { field: 'principalRepaid', header: 'Principal Repaid', kind: 'money' },
      { field: 'principalOutstanding', header: 'Principal Outstanding', kind: 'money' },
      { field: 'creationDate', header: 'Investment Date', kind: 'datetime' },
      finalisedDateColumn(),
      { field: 'saleDate', header: 'Sale Date', kind: 'datetime' },
    ],
  });
}

/** Transactions related to account (click goes to /transactions/{id}); the screen adds the account condition. */
export const accountTransactionsStaffList = defineList<StaffTransactionRow>({
  id: 'account-transactions',
  path: pathOf(transactionListRoute),
  title: 'Transactions related to account',
  defaultSort: { field: 'finalisedDate', direction: 'desc' },
  columns: staffTransactionColumns<StaffTransactionRow>(),
});

/** Investors related to account (click goes to /investors/{id}). */
export function accountInvestorsList(accountId: number): ListDefinition<AccountInvestorRow> {
  return defineList<AccountInvestorRow>({
    id: `account-${accountId}-investors`,
    path: pathOf(accountInvestorListRoute, { id: accountId }),
    title: 'Investors related to account',
    defaultSort: { field: 'id', direction: 'asc' },
    expand: ['user'],
    columns: [
      { field: 'id', header: 'ID', kind: 'integer', width: 90 },
      { field: 'user/firstName', header: 'First Name' },
      { field: 'user/lastName', header: 'Last Name' },
      { field: 'user/email', header: 'Email', flex: 2 },
      { field: 'investorType', header: 'Investor Type', kind: 'enum', labels: investorTypeLabels },
      { field: 'user/status', header: 'Status', kind: 'enum', labels: userStatusLabels },
    ],
  });
}
