import { defineListRequest } from '../../shared/list/list-types';

/** The loan list (/loans): what it asks the server for (app/route-preload.ts asks for its first page as the app starts). */
export const loansListRequest = defineListRequest({
  id: 'loans',
  path: '/api/loans',
  defaultSort: { field: 'id', direction: 'desc' },
  expand: ['client'],
});
