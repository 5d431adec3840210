import type { AccountTransactionListRow } from '@lm/domain';
import { accountTransactionListRoute } from '@lm/domain/routes';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { pathOf } from '../../shared/api/call-route';
import { finalisedDateColumn } from '../../shared/list/finalised-column';
import { type Column, defineList, type ListDefinition } from '../../shared/list/list-types';
import { typeColumn } from '../transactions';

/** A row of GET api/user/investmentAccounts/{id}/transactions (investor-and-admin §3 "Transaction"). */
export type AccountTransactionRow = AccountTransactionListRow;

/**
 * The loan a row belongs to. Investors do not open /loans (staff only): the link goes to the
 * investment in their portfolio (/portfolio/{investmentId}), where the loan is shown.
 */
function LoanCell({ row }: { row: AccountTransactionRow }) {
  if (!row.loan && row.loanId === null) return null;
  const text = row.loan?.name || `Loan ${row.loanId}`;
  if (row.investmentId === null) return <span>{text}</span>;
  return (
    <Link component={RouterLink} to={`/portfolio/${row.investmentId}`} onClick={(e) => e.stopPropagation()}>
      {text}
    </Link>
  );
}

/**
 * The transactions of one of the investor's accounts (investor-and-admin §2 Accounts): the
 * tax-withheld column only for foreign accounts, pending for rows without finalisedDate, default
 * sort finalisedDate descending (§9). One definition per account: the path names it.
 */
export function accountTransactionsList(accountId: number, isForeign: boolean): ListDefinition<AccountTransactionRow> {
  const columns: Column<AccountTransactionRow>[] = [
    typeColumn<AccountTransactionRow>(),
    { field: 'grossAmount', header: 'Gross Amount', kind: 'money' },
    { field: 'principalAmount', header: 'Principal Amount', kind: 'money' },
    { field: 'interestAmount', header: 'Interest Amount', kind: 'money' },
    ...(isForeign
      ? [{ field: 'taxWithheldAmount', header: 'Tax Withheld Amount', kind: 'money' } as Column<AccountTransactionRow>]
      : []),
    { field: 'runningBalance', header: 'Running Balance', kind: 'money' },
    finalisedDateColumn<AccountTransactionRow>(),
    { field: 'createdDate', header: 'Created Date', kind: 'datetime', width: 190 },
    {
      field: 'loan/name',
      header: 'Loan',
      value: (row) => row.loan?.name ?? (row.loanId === null ? '' : `Loan ${row.loanId}`),
      sortField: 'loanId',
      render: (row) => <LoanCell row={row} />,
    },
  ];
  return defineList<AccountTransactionRow>({
    id: `account-${accountId}-transactions`,
    path: pathOf(accountTransactionListRoute, { accountId }),
    title: 'Transactions',
    defaultSort: { field: 'finalisedDate', direction: 'desc' },
    expand: ['loan'],
    columns,
  });
}
