import { useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../shared/layout/page-title';
import { onDemand } from '../../shared/lazy/on-demand';
import { LoadingPage } from '../../shared/pages/loading-page';
import { detailPath, ListDetailTabs } from '../../shared/table/list-detail-tabs';
import { ServerTable } from '../../shared/table/server-table';
import { applicationsList } from './onboarding-api';

// The record's detail (and its forms and dialogs) loads when a record is opened: the list paints
// without it.
const ApplicationReview = onDemand(
  () => import('./application-review').then((m) => m.ApplicationReview),
  <LoadingPage />,
);

const basePath = '/onboarding/investorApplications';

/**
 * /onboarding/investorApplications and /{id} (management; investor-and-admin §2 "Onboarding
 * review"): the applications, filtered by ID, Application ID and Creation Date, newest first; the
 * Application Information tab reviews one.
 */
export default function InvestorApplicationsPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <>
      <PageTitle title="Investor Applications" />
      <ListDetailTabs
        basePath={basePath}
        listLabel="Applications"
        detailLabel="Application Information"
        list={
          <ServerTable
            definition={applicationsList}
            onRowClick={(row) => navigate(detailPath(basePath, row.id, search))}
          />
        }
        detail={(id) => <ApplicationReview key={id} id={id} />}
      />
    </>
  );
}
