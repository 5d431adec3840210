import {
  formatDateTime,
  formatMoney,
  type WithdrawalRequestRow,
  withdrawalRequestStateText,
  withdrawalRequestTexts,
} from '@lm/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { useCancelWithdrawalRequest, useOwnWithdrawalRequestsQuery, useResendWithdrawalCode } from './funds-api';
import type { LodgedRequest } from './verify-withdrawal-dialog';

function stateColor(row: WithdrawalRequestRow): 'warning' | 'info' | 'success' | 'default' | 'error' {
  switch (row.status) {
    case 'UNVERIFIED':
      return 'warning';
    case 'VERIFIED':
      return 'info';
    case 'PAID':
      return 'success';
    default:
      return row.cancelReason === 'INVESTOR' ? 'default' : 'error';
  }
}

/**
 * The account's withdrawal requests and where each stands (investor-and-admin §4: lodged,
 * verified, paid; or cancelled). One awaiting verification can be verified, given a new code or
 * cancelled (its amount is available again); one whose code expired says so.
 */
export function WithdrawalRequestsPanel({
  accountId,
  readOnly,
  onVerify,
}: {
  accountId: number;
  readOnly: boolean;
  onVerify: (request: LodgedRequest) => void;
}) {
  const requests = useOwnWithdrawalRequestsQuery(accountId);
  const resend = useResendWithdrawalCode();
  const cancel = useCancelWithdrawalRequest();
  const [cancelling, setCancelling] = useState<WithdrawalRequestRow | null>(null);
  const rows = requests.data ?? [];
  if (requests.isError) {
    return <Alert severity="error">The withdrawal requests could not be fetched.</Alert>;
  }
  if (rows.length === 0) return null;
  const busy = resend.isPending || cancel.isPending;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h3" id="withdrawal-requests-heading" sx={{ mb: 1 }}>
        Withdrawal Requests
      </Typography>
      <Table size="small" aria-labelledby="withdrawal-requests-heading">
        <TableHead>
          <TableRow>
            <TableCell>Lodged</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>State</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const ref = { accountId: row.investmentAccountId, requestId: row.id };
            return (
              <TableRow key={row.id} data-testid={`withdrawal-request-${row.id}`}>
                <TableCell>{formatDateTime(row.createdAt)}</TableCell>
                <TableCell align="right">{formatMoney(row.amount)}</TableCell>
                <TableCell>
                  {/* dark text on white with a coloured border: the state's colour never costs contrast */}
                  <Chip
                    size="small"
                    variant="outlined"
                    label={withdrawalRequestStateText(row)}
                    sx={{
                      height: 'auto',
                      color: 'text.primary',
                      borderColor: stateColor(row) === 'default' ? 'divider' : `${stateColor(row)}.main`,
                      '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
                    }}
                  />
                  {row.status === 'UNVERIFIED' && row.codeExpiresAt && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      The code expires at {formatDateTime(row.codeExpiresAt)}; after that the request is cancelled.
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {row.status === 'UNVERIFIED' && !readOnly && (
                    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                      <Button
                        size="small"
                        variant="contained"
                        disabled={busy}
                        aria-label={`Verify withdrawal of ${formatMoney(row.amount)}`}
                        onClick={() => onVerify(ref)}
                      >
                        Verify
                      </Button>
                      <Button
                        size="small"
                        disabled={busy}
                        aria-label={`Send a new code for the withdrawal of ${formatMoney(row.amount)}`}
                        onClick={() => resend.mutate(ref)}
                      >
                        Send New Code
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        disabled={busy}
                        aria-label={`Cancel the withdrawal of ${formatMoney(row.amount)}`}
                        onClick={() => setCancelling(row)}
                      >
                        Cancel Withdrawal
                      </Button>
                    </Stack>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {cancelling && (
        <ConfirmDialog
          open
          destructive
          title="Cancel Withdrawal"
          message={withdrawalRequestTexts.cancelConfirm(formatMoney(cancelling.amount))}
          confirmLabel="Cancel Withdrawal"
          cancelLabel="Keep It"
          onConfirm={() => cancel.mutateAsync({ accountId: cancelling.investmentAccountId, requestId: cancelling.id })}
          onClose={() => setCancelling(null)}
        />
      )}
    </Paper>
  );
}
