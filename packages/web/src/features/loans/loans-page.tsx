import { Role } from '@lm/domain';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { Link, useLocation, useNavigate } from 'react-router';
import { WithHistoryTab } from '../../shared/history/history-tab-on-demand';
import { PageTitle } from '../../shared/layout/page-title';
import { onDemand } from '../../shared/lazy/on-demand';
import { LoadingPage } from '../../shared/pages/loading-page';
import { useUser } from '../../shared/session/session-store';
import { detailPath, ListDetailTabs } from '../../shared/table/list-detail-tabs';
import { ServerTable } from '../../shared/table/server-table';
import { loansList } from './loans-api';

// The record's detail (and its forms and dialogs) loads when a record is opened: the list paints
// without it.
const LoanDetail = onDemand(() => import('./loan-detail').then((m) => m.LoanDetail), <LoadingPage />);

/**
 * /loans and /loans/{id} (spec core §2.5; management, and support in read mode): the filter
 * dialog and the table (id descending), New Loan for management, and the Loan Information tab.
 */
export default function LoansPage() {
  const user = useUser();
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <>
      <PageTitle title="Loans" />
      <ListDetailTabs
        basePath="/loans"
        listLabel="Loans"
        detailLabel="Loan Information"
        list={
          <ServerTable
            definition={loansList}
            onRowClick={(row) => navigate(detailPath('/loans', row.id, search))}
            actions={
              user.type === Role.MANAGEMENT && (
                <Button component={Link} to="/loans/new" variant="contained" startIcon={<AddIcon />}>
                  New Loan
                </Button>
              )
            }
          />
        }
        detail={(id) => (
          <WithHistoryTab entity="loans" id={id}>
            <LoanDetail id={id} />
          </WithHistoryTab>
        )}
      />
    </>
  );
}
