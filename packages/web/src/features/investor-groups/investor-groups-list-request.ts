import { defineListRequest, pageSizesWithAll } from '../../shared/list/list-types';

/** The investor groups (/investorGroups): what it asks the server for (app/route-preload.ts asks for its first page as the app starts). */
export const investorGroupsListRequest = defineListRequest({
  id: 'investor-groups',
  path: '/api/investmentGroups',
  defaultSort: { field: 'id', direction: 'desc' },
  pageSizes: pageSizesWithAll,
});
