import {
  accountListRoute,
  applicationListRoute,
  clientListRoute,
  investmentsListRoute,
  investorGroupListRoute,
  investorListRoute,
  loanListRoute,
  marketplaceLoanListRoute,
  ownAccountListRoute,
  staffListRoute,
  transactionListRoute,
} from '@lm/domain/routes';

import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ownAccountsPath } from '../features/accounts/accounts-api';
import { clientsList } from '../features/clients/clients-api';
import { investmentsList } from '../features/investments/investments-api';
import { investorAccountsList } from '../features/investor-accounts/investor-accounts-list';
import { investorGroupsList } from '../features/investor-groups/investor-groups-api';
import { investorsList } from '../features/investors/investors-api';
import { loansList } from '../features/loans/loans-api';
import { marketplaceList } from '../features/marketplace/marketplace-api';
import { applicationsList } from '../features/onboarding/onboarding-api';
import { staffList } from '../features/staff/staff-api';
import { transactionsList } from '../features/transactions/transactions-list';
import { pathOf } from '../shared/api/call-route';
import { firstCountQuery, firstPageQuery, hasFilterParams } from '../shared/list/list-page';
import { readListState } from '../shared/list/list-state';
import type { ListDefinition } from '../shared/list/list-types';
import { listCountQuery, listPageQuery } from '../shared/list/use-list';

// Each list screen's definition with the domain route its request module names by path.
const lists: [ListDefinition<never>, { path: string }][] = [
  [loansList as ListDefinition<never>, loanListRoute],
  [transactionsList as ListDefinition<never>, transactionListRoute],
  [marketplaceList as ListDefinition<never>, marketplaceLoanListRoute],
  [investmentsList as ListDefinition<never>, investmentsListRoute],
  [investorsList as ListDefinition<never>, investorListRoute],
  [investorAccountsList as ListDefinition<never>, accountListRoute],
  [investorGroupsList as ListDefinition<never>, investorGroupListRoute],
  [clientsList as ListDefinition<never>, clientListRoute],
  [staffList as ListDefinition<never>, staffListRoute],
  [applicationsList as ListDefinition<never>, applicationListRoute],
];

const searches = ['', '?page=3', '?size=25&sort=-id', '?size=-1', '?sort=amount&page=2&size=50', '?size=7&sort=bad;'];

describe('the list requests the app starts with', () => {
  it.each(lists)('%# names the endpoint of the domain contract', (definition, route) => {
    expect(definition.path).toBe(pathOf(route));
  });

  it.each(lists)('%# asks for the page the table asks for, under its key', (definition) => {
    for (const search of searches) {
      const state = readListState(new URLSearchParams(search), definition);
      const table = listPageQuery(definition, state);
      const early = firstPageQuery(definition, search);
      expect(hashKey(early.queryKey), `${definition.id}${search}`).toBe(hashKey(table.queryKey));
      // and the count beside it
      expect(hashKey(firstCountQuery(definition).queryKey), `${definition.id}${search}`).toBe(
        hashKey(listCountQuery(definition, state).queryKey),
      );
    }
  });

  it("asks for the investor's own accounts at the contract's path", () => {
    expect(ownAccountsPath).toBe(pathOf(ownAccountListRoute));
  });

  it('leaves a URL with filter criteria to the list definition', () => {
    expect(hasFilterParams(new URLSearchParams('?page=2&sort=-id'))).toBe(false);
    expect(hasFilterParams(new URLSearchParams('?f.status=ACTIVE'))).toBe(true);
    expect(hasFilterParams(new URLSearchParams('?t.f.status=ACTIVE'), 't.')).toBe(true);
  });
});
