import { defineListRequest } from '../../shared/list/list-types';

/** The investors' accounts (/investorAccounts): what it asks the server for (app/route-preload.ts asks for its first page as the app starts). */
export const investorAccountsListRequest = defineListRequest({
  id: 'investor-accounts',
  path: '/api/investmentAccounts',
  defaultSort: { field: 'id', direction: 'asc' },
  expand: ['investmentGroup'],
});
