import {
  interestCalculationMethodLabels,
  type ListRow,
  loanMessages,
  type marketplaceLoanListShape,
  marketplaceStatusLabels,
  type ownAccountListShape,
  termPeriodUnitLabels,
} from '@lm/domain';
import { marketplaceLoanRoute, ownAccountListRoute } from '@lm/domain/routes';
import Chip from '@mui/material/Chip';
import { createElement } from 'react';
import { ApiError } from '../../shared/api/api-error';
import { callRoute } from '../../shared/api/call-route';
import { defineList, pageSizeMax } from '../../shared/list/list-types';
import { marketplaceListRequest } from './marketplace-list-request';

/** A loan open for funding (GET api/marketplace/loans, DESIGN §1): the fields the marketplace shows everyone. */
export type MarketplaceLoan = ListRow<typeof marketplaceLoanListShape>;

export const termText = (loan: Pick<MarketplaceLoan, 'term' | 'termPeriod' | 'termPeriodUnit'>) =>
  `${loan.term * loan.termPeriod} ${(termPeriodUnitLabels as Readonly<Record<string, string>>)[loan.termPeriodUnit] ?? loan.termPeriodUnit}`;

/** A marketplace row's mark: 'Locked' for a loan shown but closed to investing now, else nothing. */
export const marketplaceMark = (loan: Pick<MarketplaceLoan, 'marketplaceStatus'>): string =>
  loan.marketplaceStatus === 'LOCKED' ? marketplaceStatusLabels.LOCKED : '';

/** The marketplace: loans open for funding, expiry ascending (spec core §9). */
export const marketplaceList = defineList<MarketplaceLoan>({
  ...marketplaceListRequest,
  title: 'Marketplace',
  columns: [
    { field: 'id', header: 'ID', width: 80 },
    { field: 'name', header: 'Name', flex: 1.8 },
    { field: 'amount', header: 'Amount', kind: 'money' },
    { field: 'fundingRemaining', header: 'Remaining', kind: 'money' },
    { field: 'fundedProgress', header: 'Funded', kind: 'percent', width: 100 },
    { field: 'marketplaceRate', header: 'Rate p.a.', kind: 'percent', width: 110 },
    {
      field: 'interestCalculationMethod',
      header: 'Loan Type',
      kind: 'enum',
      labels: interestCalculationMethodLabels,
    },
    { field: 'term', header: 'Term', value: termText, sortField: 'term', width: 120 },
    { field: 'marketplaceExpiryDate', header: 'Closes', kind: 'datetime' },
    {
      field: 'marketplaceStatus',
      header: 'Status',
      value: marketplaceMark,
      render: (loan) =>
        marketplaceMark(loan)
          ? createElement(Chip, {
              size: 'small',
              variant: 'outlined',
              // dark text on white passes the contrast check; the border carries the warning colour
              sx: { borderColor: 'warning.main', fontWeight: 500 },
              label: marketplaceMark(loan),
            })
          : null,
      width: 110,
    },
  ],
  filterFields: [
    { id: 'name', label: 'Name', field: 'name', type: 'string' },
    { id: 'amountMin', label: 'Amount from', field: 'amount', type: 'currency', operator: 'ge' },
    { id: 'amountMax', label: 'Amount to', field: 'amount', type: 'currency', operator: 'le' },
    { id: 'rateMin', label: 'Rate from', field: 'marketplaceRate', type: 'percentage', operator: 'ge' },
  ],
});

export const marketplaceLoanKey = (id: string | number) => ['marketplace', 'loan', String(id)] as const;

/** One marketplace loan: exactly one, or 'Loan data is malformed, please contact support if this continues.' (core §5). */
export function marketplaceLoanQuery(id: string) {
  return {
    queryKey: marketplaceLoanKey(id),
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      if (!/^\d{1,15}$/.test(id)) throw new Error(loanMessages.loanMalformed);
      try {
        const response = await callRoute(marketplaceLoanRoute, { params: { id }, ...(signal ? { signal } : {}) });
        if (!response.data || typeof response.data !== 'object' || Array.isArray(response.data)) {
          throw new Error(loanMessages.loanMalformed);
        }
        return response.data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) throw new Error(loanMessages.loanMalformed);
        throw error;
      }
    },
  };
}

/** One of the signed-in investor's accounts (GET api/user/investmentAccounts). */
export type OwnAccount = ListRow<typeof ownAccountListShape>;

/**
 * The investor's accounts, id ascending: the same key and request as the accounts screens, so a
 * withdrawal there and an investment here refresh each other's balances.
 */
export const ownAccountsQuery = {
  queryKey: ['user', 'investmentAccounts'] as const,
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (
      await callRoute(ownAccountListRoute, {
        query: { $orderby: 'id asc', $top: String(pageSizeMax) },
        ...(signal ? { signal } : {}),
      })
    ).data,
};
