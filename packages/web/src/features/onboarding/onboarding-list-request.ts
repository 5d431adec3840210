import { defineListRequest } from '../../shared/list/list-types';

/** The investor applications (/onboarding/investorApplications): what it asks the server for (app/route-preload.ts asks for its first page as the app starts). */
export const applicationsListRequest = defineListRequest({
  id: 'investor-applications',
  path: '/api/onboarding/applications',
  defaultSort: { field: 'creationDate', direction: 'desc' },
});
