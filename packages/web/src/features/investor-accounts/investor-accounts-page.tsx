import Stack from '@mui/material/Stack';
import { useLocation, useNavigate } from 'react-router';
import { WithHistoryTab } from '../../shared/history/history-tab-on-demand';
import { PageTitle } from '../../shared/layout/page-title';
import { onDemand } from '../../shared/lazy/on-demand';
import { LoadingPage } from '../../shared/pages/loading-page';
import { detailPath, ListDetailTabs } from '../../shared/table/list-detail-tabs';
import { ServerTable } from '../../shared/table/server-table';
import { AccountTotals } from './account-totals';
import { investorAccountsList } from './investor-accounts-list';
import { SavedQueryControl } from './saved-query-control';

// The record's detail (and its forms and dialogs) loads when a record is opened: the list paints
// without it.
const AccountDetail = onDemand(() => import('./account-detail').then((m) => m.AccountDetail), <LoadingPage />);

function AccountsList() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <Stack spacing={2}>
      <AccountTotals />
      <ServerTable
        definition={investorAccountsList}
        onRowClick={(row) => navigate(detailPath('/investorAccounts', row.id, search))}
        actions={<SavedQueryControl listId={investorAccountsList.id} basePath="/investorAccounts" />}
      />
    </Stack>
  );
}

/** /investorAccounts and /investorAccounts/{id} (staff; investor-and-admin §2 "Investment accounts"). */
export default function InvestorAccountsPage() {
  return (
    <>
      <PageTitle title="Investor Accounts" />
      <ListDetailTabs
        basePath="/investorAccounts"
        listLabel="Accounts"
        detailLabel="Account Information"
        list={<AccountsList />}
        detail={(id) => (
          <WithHistoryTab entity="investmentAccounts" id={id}>
            <AccountDetail id={id} />
          </WithHistoryTab>
        )}
      />
    </>
  );
}
