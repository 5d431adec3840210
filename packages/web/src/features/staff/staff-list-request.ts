import { defineListRequest, pageSizesWithAll } from '../../shared/list/list-types';

/** The staff list (/staff): what it asks the server for (app/route-preload.ts asks for its first page as the app starts). */
export const staffListRequest = defineListRequest({
  id: 'staff',
  path: '/api/users',
  defaultSort: { field: 'id', direction: 'desc' },
  pageSizes: pageSizesWithAll,
  select: ['id', 'type', 'firstName', 'lastName'],
});
