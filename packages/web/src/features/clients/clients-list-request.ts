import { defineListRequest } from '../../shared/list/list-types';

/** The client list (/clients): what it asks the server for (app/route-preload.ts asks for its first page as the app starts). */
export const clientsListRequest = defineListRequest({
  id: 'clients',
  path: '/api/clients',
  defaultSort: { field: 'id', direction: 'asc' },
});
