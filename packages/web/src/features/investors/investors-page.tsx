import { backOfficeRoles, Role } from '@lm/domain';
import Button from '@mui/material/Button';
import { Link, useLocation, useNavigate } from 'react-router';
import { screenBuilt } from '../../app/routes';
import { PageTitle } from '../../shared/layout/page-title';
import { onDemand } from '../../shared/lazy/on-demand';
import { LoadingPage } from '../../shared/pages/loading-page';
import { useUser } from '../../shared/session/session-store';
import { detailPath, ListDetailTabs } from '../../shared/table/list-detail-tabs';
import { ServerTable } from '../../shared/table/server-table';
import { investorsList } from './investors-api';

// The record's detail (and its forms and dialogs) loads when a record is opened: the list paints
// without it.
const InvestorDetail = onDemand(() => import('./investor-detail').then((m) => m.InvestorDetail), <LoadingPage />);

/** Investor Applications leads to the onboarding review; until that screen is built, no button leads to a placeholder. */
const applicationsPath = '/onboarding/investorApplications';

/**
 * /investors and /investors/{id} (investor-and-admin §2 Investors): the list with Investor
 * Applications (once the onboarding review exists), Export, Filter Investors and All; a route id
 * opens the Investor Information tab.
 * The auditor sees the list only (the detail is for management and support).
 */
export default function InvestorsPage() {
  const user = useUser();
  const navigate = useNavigate();
  const { search } = useLocation();
  const canOpen = backOfficeRoles.includes(user.type);
  return (
    <>
      <PageTitle title="Investors" />
      <ListDetailTabs
        basePath="/investors"
        listLabel="Investors"
        detailLabel="Investor Information"
        list={
          <ServerTable
            definition={investorsList}
            onRowClick={canOpen ? (row) => navigate(detailPath('/investors', row.id, search)) : undefined}
            actions={
              <>
                {user.type === Role.MANAGEMENT && screenBuilt(applicationsPath) && (
                  <Button component={Link} to={applicationsPath}>
                    Investor Applications
                  </Button>
                )}
                <Button component={Link} to="/investors">
                  All
                </Button>
              </>
            }
          />
        }
        detail={(id) => (
          <>
            <Button component={Link} to={`/investors${search}`} sx={{ mb: 2 }}>
              All
            </Button>
            <InvestorDetail id={id} />
          </>
        )}
      />
    </>
  );
}
