import Button from '@mui/material/Button';
import { Link, useLocation, useNavigate } from 'react-router';
import { WithHistoryTab } from '../../shared/history/history-tab';
import { PageTitle } from '../../shared/layout/page-title';
import { detailPath, ListDetailTabs } from '../../shared/table/list-detail-tabs';
import { ServerTable } from '../../shared/table/server-table';
import { InvestorGroupDetail } from './investor-group-detail';
import { investorGroupsList } from './investor-groups-api';

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
