import { defineListRequest } from '../../shared/list/list-types';

/** The investment list (/investments): what it asks the server for (app/route-preload.ts asks for its first page as the app starts). */
export const investmentsListRequest = defineListRequest({
  id: 'investments',
  path: '/api/investments',
  defaultSort: { field: 'investmentAccountTransactionId', direction: 'desc' },
  expand: ['loan', 'investmentAccount'],
});
