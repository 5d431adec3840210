import { defineListRequest } from '../../shared/list/list-types';

/** The marketplace's loans (/marketplace): what it asks the server for (app/route-preload.ts asks for its first page as the app starts). */
export const marketplaceListRequest = defineListRequest({
  id: 'marketplace',
  path: '/api/marketplace/loans',
  defaultSort: { field: 'marketplaceExpiryDate', direction: 'asc' },
});
