import Button from '@mui/material/Button';
import { Link, useLocation, useNavigate } from 'react-router';
import { WithHistoryTab } from '../../shared/history/history-tab-on-demand';
import { PageTitle } from '../../shared/layout/page-title';
import { onDemand } from '../../shared/lazy/on-demand';
import { LoadingPage } from '../../shared/pages/loading-page';
import { detailPath, ListDetailTabs } from '../../shared/table/list-detail-tabs';
import { ServerTable } from '../../shared/table/server-table';
import { investorGroupsList } from './investor-groups-api';

// The record's detail (and its forms and dialogs) loads when a record is opened: the list paints
// without it.
const InvestorGroupDetail = onDemand(
  () => import('./investor-group-detail').then((m) => m.InvestorGroupDetail),
  <LoadingPage />,
);

/** /investorGroups and /investorGroups/{id} (investor-and-admin §2 Investor groups). */
export default function InvestorGroupsPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <>
      <PageTitle title="Investor Groups" />
      <ListDetailTabs
        basePath="/investorGroups"
        listLabel="Investor Groups"
        detailLabel="Group Information"
        list={
          <ServerTable
            definition={investorGroupsList}
            onRowClick={(row) => navigate(detailPath('/investorGroups', row.id, search))}
          />
        }
        detail={(id) => (
          <>
            <Button component={Link} to={`/investorGroups${search}`} sx={{ mb: 2 }}>
              All
            </Button>
            <WithHistoryTab entity="investmentGroups" id={id}>
              <InvestorGroupDetail id={id} />
            </WithHistoryTab>
          </>
        )}
      />
    </>
  );
}
