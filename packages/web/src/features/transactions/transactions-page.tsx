import { fundsTexts, Role } from '@lm/domain';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { WithHistoryTab } from '../../shared/history/history-tab-on-demand';
import { PageTitle } from '../../shared/layout/page-title';
import { onDemand } from '../../shared/lazy/on-demand';
import { LoadingPage } from '../../shared/pages/loading-page';
import { useUser } from '../../shared/session/session-store';
import { detailPath, ListDetailTabs } from '../../shared/table/list-detail-tabs';
import { ServerTable } from '../../shared/table/server-table';
import { noReversalsFilter, transactionsList } from './transactions-list';

// The record's detail (and its forms and dialogs) loads when a record is opened: the list paints
// without it.
const TransactionDetail = onDemand(
  () => import('./transaction-detail').then((m) => m.TransactionDetail),
  <LoadingPage />,
);

/** The URL parameter of the reversals toggle: absent means shown (the default). */
const reversalsParam = 'reversals';

function TransactionsList() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [params, setParams] = useSearchParams();
  const user = useUser();
  const hidden = params.get(reversalsParam) === 'hidden';
  const toggle = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (hidden) next.delete(reversalsParam);
      else next.set(reversalsParam, 'hidden');
      next.delete('page');
      return next;
    });
  return (
    <ServerTable
      definition={transactionsList}
      {...(hidden ? { filter: noReversalsFilter } : {})}
      onRowClick={(row) => navigate(detailPath('/transactions', row.id, search))}
      actions={
        <>
          <Button
            variant="outlined"
            aria-pressed={hidden}
            startIcon={hidden ? <VisibilityOffOutlinedIcon /> : <VisibilityOutlinedIcon />}
            onClick={toggle}
          >
            {hidden ? fundsTexts.reversalsHidden : fundsTexts.reversalsShown}
          </Button>
          {user.type === Role.MANAGEMENT && (
            <Button startIcon={<UploadFileIcon />} component={Link} to="/transactions/repayments/upload">
              Upload Repayments
            </Button>
          )}
        </>
      }
    />
  );
}

/** /transactions and /transactions/{id} (investor-and-admin §2 "Transactions"). */
export default function TransactionsPage() {
  return (
    <>
      <PageTitle title="Transactions" />
      <ListDetailTabs
        basePath="/transactions"
        listLabel="Transactions"
        detailLabel="Transaction Information"
        list={<TransactionsList />}
        detail={(id) => (
          <WithHistoryTab entity="transactions" id={id}>
            <TransactionDetail id={id} />
          </WithHistoryTab>
        )}
      />
    </>
  );
}
