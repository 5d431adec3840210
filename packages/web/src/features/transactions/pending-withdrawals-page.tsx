import { useCallback, useMemo, useState } from 'react';
import { PageTitle } from '../../shared/layout/page-title';
import { onDemand } from '../../shared/lazy/on-demand';
import { ServerTable } from '../../shared/table/server-table';
import { pendingWithdrawalsList } from './pending-withdrawals-list';
import type { StaffTransactionRow } from './transactions-list';

// the edit dialog (its form and the form kit) loads when a row is first opened: the rows paint without it
const EditWithdrawalDialog = onDemand(() => import('./edit-withdrawal-dialog').then((m) => m.EditWithdrawalDialog));

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
