import Stack from '@mui/material/Stack';
import { lazy } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../shared/layout/page-title';
import { detailPath, ListDetailTabs } from '../../shared/table/list-detail-tabs';
import { ServerTable } from '../../shared/table/server-table';
import { AccountTotals } from './account-totals';
import { investorAccountsList } from './investor-accounts-list';
import { SavedQueryControl } from './saved-query-control';

// The record's detail (and its forms and dialogs) loads when a record is opened: the list paints
// without it.
const WithHistoryTab = lazy(() =>
  import('../../shared/history/history-tab').then((m) => ({ default: m.WithHistoryTab })),
);
const AccountDetail = lazy(() => import('./account-detail').then((m) => ({ default: m.AccountDetail })));

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
