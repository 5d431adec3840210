import Button from '@mui/material/Button';
import { lazy } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../shared/layout/page-title';
import { detailPath, ListDetailTabs } from '../../shared/table/list-detail-tabs';
import { ServerTable } from '../../shared/table/server-table';
import { investorGroupsList } from './investor-groups-api';

// The record's detail (and its forms and dialogs) loads when a record is opened: the list paints
// without it.
const WithHistoryTab = lazy(() =>
  import('../../shared/history/history-tab').then((m) => ({ default: m.WithHistoryTab })),
);
const InvestorGroupDetail = lazy(() =>
  import('./investor-group-detail').then((m) => ({ default: m.InvestorGroupDetail })),
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
