import { useCallback, useMemo, useState } from 'react';
import { PageTitle } from '../../shared/layout/page-title';
import { ServerTable } from '../../shared/table/server-table';
import { EditWithdrawalDialog } from './edit-withdrawal-dialog';
import { pendingWithdrawalsList } from './pending-withdrawals-list';
import type { StaffTransactionRow } from './transactions-list';

/** /transactions/withdrawals/pending (management; investor-and-admin §2 Pending Withdrawals). */
export default function PendingWithdrawalsPage() {
  const [editing, setEditing] = useState<StaffTransactionRow | null>(null);
  const onEdit = useCallback((row: StaffTransactionRow) => setEditing(row), []);
  const definition = useMemo(() => pendingWithdrawalsList(onEdit), [onEdit]);
  return (
    <>
      <PageTitle title="Pending Withdrawals" />
      <ServerTable definition={definition} onRowClick={onEdit} />
      {editing && <EditWithdrawalDialog row={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
