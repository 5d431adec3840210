import { defineListRequest, pageSizesWithAll } from '../../shared/list/list-types';

/** The investor list (/investors): what it asks the server for (app/route-preload.ts asks for its first page as the app starts). */
export const investorsListRequest = defineListRequest({
  id: 'investors',
  path: '/api/investors',
  defaultSort: { field: 'id', direction: 'desc' },
  pageSizes: pageSizesWithAll,
  expand: ['user'],
});
