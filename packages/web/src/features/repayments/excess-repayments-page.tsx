import { formatMoney } from '@lm/domain';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useIdempotencyKey } from '../../shared/api/idempotency-key';
import { PageTitle } from '../../shared/layout/page-title';
import { onDemand } from '../../shared/lazy/on-demand';
import { pageSizesWithAll } from '../../shared/list/list-types';
import { DataTable } from '../../shared/table/data-table';
import {
  type ExcessAction,
  excessRepaymentColumns,
  useExcessRepaymentsQuery,
  useFractionaliseRepayments,
  useHandleExcess,
} from './excess-api';
import { moneyMoveTexts, totalAmount } from './money-move-texts';

// the confirmations load when one opens: the list paints its first rows without the dialogs' parts
const ConfirmDialog = onDemand(() => import('../../shared/dialogs/confirm-dialog').then((m) => m.ConfirmDialog));

/** A button that explains, as a tooltip, why it is disabled. */
function ActionButton({
  reason,
  onClick,
  children,
  icon,
  variant = 'text',
}: {
  reason: string | null;
  onClick: () => void;
  children: ReactNode;
  icon?: ReactNode;
  variant?: 'text' | 'contained';
}) {
  return (
    <Tooltip title={reason ?? ''}>
      <span>
        <Button variant={variant} startIcon={icon} onClick={onClick} disabled={reason !== null}>
          {children}
        </Button>
      </span>
    </Tooltip>
  );
}

const excessActionTexts: Record<ExcessAction, { label: string; title: string; question: (amount: string) => string }> =
  {
    applyExcess: {
      label: 'Apply Excess',
      title: 'Apply the excess',
      question: (amount) => `Apply the excess of ${amount} to the loan's next unpaid repayment?`,
    },
    returnExcess: {
      label: 'Return Excess',
      title: 'Return the excess',
      question: (amount) => `Return the excess of ${amount} to the borrower?`,
    },
  };

/**
 * /transactions/repayments/excess (management; investor-and-admin §2 Fractionalise Excess
 * Repayments): the paid repayment transactions without a reversal that are still to be
 * fractionalised or have an excess to handle; selected rows are fractionalised, then the list
 * refreshes. An excess is applied to the next repayment or returned to the borrower
 * (docs/domain.md "Excess").
 */
export default function ExcessRepaymentsPage() {
  const list = useExcessRepaymentsQuery();
  const rows = list.data ?? [];
  const [selected, setSelected] = useState<number[]>([]);
  const [confirmingFractionalise, setConfirmingFractionalise] = useState(false);
  const [excessAction, setExcessAction] = useState<ExcessAction | null>(null);
  const chosen = rows.filter((row) => selected.includes(row.id));

  const clearSelection = () => setSelected([]);
  // the selection is cleared once the action went through, before the list refreshes: a failed one
  // stays confirmable, and Confirm again resends the same Idempotency-Key
  const fractionalise = useFractionaliseRepayments({ onSucceeded: clearSelection });
  const excess = useHandleExcess({ onSucceeded: clearSelection });
  const busy = fractionalise.isPending || excess.isPending;

  const fractionaliseReason = busy
    ? 'Please wait for the current action to finish'
    : chosen.length === 0
      ? 'Please select the repayments to fractionalise'
      : chosen.some((row) => row.fractionalisedDate)
        ? 'A selected repayment has already been fractionalised'
        : null;
  const single = chosen.length === 1 ? chosen[0] : undefined;
  // one key per opened confirmation (and its rows), resent when Confirm is pressed again
  const excessKey = useIdempotencyKey(excessAction && single && { excessAction, id: single.id });
  const fractionaliseKey = useIdempotencyKey(confirmingFractionalise && { fractionalise: chosen.map((row) => row.id) });
  const excessReason = busy
    ? 'Please wait for the current action to finish'
    : !single
      ? 'Please select one repayment with an excess'
      : single.excessPending <= 0
        ? 'This repayment has no excess to handle.'
        : null;

  return (
    <>
      <PageTitle title="Fractionalise Excess Repayments" />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h6" component="h2">
            Paid Repayments
          </Typography>
          <Chip size="small" label={list.isPending ? '…' : rows.length} aria-label={`${rows.length} repayments`} />
          {chosen.length > 0 && <Chip size="small" variant="outlined" label={`${chosen.length} selected`} />}
          <Box sx={{ flexGrow: 1 }} />
          <ActionButton reason={excessReason} onClick={() => setExcessAction('applyExcess')}>
            {excessActionTexts.applyExcess.label}
          </ActionButton>
          <ActionButton reason={excessReason} onClick={() => setExcessAction('returnExcess')}>
            {excessActionTexts.returnExcess.label}
          </ActionButton>
          <ActionButton
            variant="contained"
            icon={<CallSplitIcon />}
            reason={fractionaliseReason}
            onClick={() => setConfirmingFractionalise(true)}
          >
            Fractionalise
          </ActionButton>
          <Tooltip title="Refresh">
            <IconButton
              aria-label="Refresh Paid Repayments"
              onClick={() => {
                clearSelection();
                void list.refetch();
              }}
            >
              <RefreshIcon />
            </IconButton>
          </Tooltip>
        </Stack>
        {busy && <LinearProgress aria-label="Processing the selected repayments" sx={{ mb: 1 }} />}
        <DataTable
          label="Paid Repayments"
          rows={rows}
          columns={excessRepaymentColumns}
          getRowId={(row) => row.id}
          defaultSort={{ field: 'repayment/dueDate', direction: 'asc' }}
          pageSizes={pageSizesWithAll}
          loading={list.isFetching}
          selection={{ selected, onChange: (ids) => setSelected(ids.map(Number)) }}
        />
      </Paper>
      {excessAction && single && (
        <ConfirmDialog
          open
          title={excessActionTexts[excessAction].title}
          message={excessActionTexts[excessAction].question(formatMoney(single.excessPending))}
          confirmLabel={excessActionTexts[excessAction].label}
          onConfirm={async () => {
            await excess.mutateAsync({ id: single.id, action: excessAction, key: excessKey });
          }}
          onClose={() => setExcessAction(null)}
        />
      )}
      {confirmingFractionalise && chosen.length > 0 && (
        <ConfirmDialog
          open
          title={moneyMoveTexts.fractionaliseTitle}
          message={moneyMoveTexts.fractionaliseQuestion(
            chosen.length,
            totalAmount(chosen, (row) => row.netAmount),
          )}
          confirmLabel="Fractionalise"
          onConfirm={async () => {
            await fractionalise.mutateAsync({ ids: chosen.map((row) => row.id), key: fractionaliseKey });
          }}
          onClose={() => setConfirmingFractionalise(false)}
        />
      )}
    </>
  );
}
