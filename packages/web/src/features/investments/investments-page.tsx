import Button from '@mui/material/Button';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../shared/layout/page-title';
import { onDemand } from '../../shared/lazy/on-demand';
import { LoadingPage } from '../../shared/pages/loading-page';
import { detailPath, ListDetailTabs } from '../../shared/table/list-detail-tabs';
import { ServerTable } from '../../shared/table/server-table';
import { investmentsList } from './investments-api';

// The record's detail (and its forms and dialogs) loads when a record is opened: the list paints
// without it.
const InvestmentDetail = onDemand(() => import('./investment-detail').then((m) => m.InvestmentDetail), <LoadingPage />);

/**
 * /investments and /investments/{id} (spec core §2.7; management, and support in read mode): the
 * list with its filter, the Investment Information tab and the back-to-All control.
 */
export default function InvestmentsPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <>
      <PageTitle title="Investments" />
      <ListDetailTabs
        basePath="/investments"
        listLabel="Investments"
        detailLabel="Investment Information"
        list={
          <ServerTable
            definition={investmentsList}
            onRowClick={(row) => navigate(detailPath('/investments', row.id, search))}
            actions={
              <Button component={Link} to="/investments">
                All
              </Button>
            }
          />
        }
        detail={(id) => (
          <>
            <Button component={Link} to={`/investments${search}`} sx={{ mb: 2 }}>
              All
            </Button>
            <InvestmentDetail id={id} />
          </>
        )}
      />
    </>
  );
}
