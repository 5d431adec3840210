import { PageTitle } from '../../shared/layout/page-title';
import { ListDetailTabs } from '../../shared/table/list-detail-tabs';
import { AccountPanels } from './account-panels';
import { AccountTransactions } from './account-transactions';

/** /accounts and /accounts/{id} for the two investor roles (investor-and-admin §2 Accounts). */
export default function AccountsPage() {
  return (
    <>
      <PageTitle title="Accounts" />
      <ListDetailTabs
        basePath="/accounts"
        listLabel="Accounts"
        detailLabel="Transactions"
        list={<AccountPanels />}
        detail={(id) => <AccountTransactions id={id} />}
      />
    </>
  );
}
