import { defineListRequest } from '../../shared/list/list-types';

/** The staff's transaction list (/transactions): what it asks the server for (app/route-preload.ts asks for its first page as the app starts). */
export const transactionsListRequest = defineListRequest({
  id: 'transactions',
  path: '/api/transactions',
  defaultSort: { field: 'finalisedDate', direction: 'desc' },
  expand: ['investmentAccount'],
});
