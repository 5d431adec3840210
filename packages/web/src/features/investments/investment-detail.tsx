import {
  centsFromNumber,
  centsToNumber,
  formatDateTime,
  formatMoney,
  formatPercent,
  type LoanStatus,
  loanStatusLabels,
  Role,
  reverseInvestmentRefusal,
  sellInvestmentRefusal,
} from '@lm/domain';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import SellIcon from '@mui/icons-material/Sell';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useIdempotencyKey } from '../../shared/api/idempotency-key';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { onDemand } from '../../shared/lazy/on-demand';
import { useListState } from '../../shared/list/use-list';
import { useUser } from '../../shared/session/session-store';
import { DataTable } from '../../shared/table/data-table';
import { ServerTable } from '../../shared/table/server-table';
import { DetailSection } from '../transactions';
import {
  type InvestmentDetailRow,
  investmentQuery,
  investmentRepaymentsList,
  saleTransactionColumns,
  useReverseInvestment,
} from './investments-api';

const SaleDialog = onDemand(() => import('./sale-dialog').then((m) => m.default));

/** Principal outstanding as the specification defines it for this screen: invested minus repaid (core §2.7). */
function investedMinusRepaid(row: InvestmentDetailRow): number {
  return centsToNumber(centsFromNumber(row.investedAmount, true) - centsFromNumber(row.principalRepaid, true));
}

function ReverseButton({ investment }: { investment: InvestmentDetailRow }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const refusal = reverseInvestmentRefusal({
    finalisedDate: investment.finalisedDate ? new Date(investment.finalisedDate) : null,
    reversedDate: investment.reversedDate ? new Date(investment.reversedDate) : null,
  });
  const reverse = useReverseInvestment(investment.id);
  // one key per opened confirmation, resent when Confirm is pressed again after a failure
  const key = useIdempotencyKey(confirming && { reverseInvestment: investment.id });
  const reverseAndGoToLoan = async () => {
    const response = await reverse.mutateAsync(key);
    // spec core §4: after a reversal the user goes to the loan's page
    navigate(`/loans/${response.data.loanId}`);
  };
  return (
    <>
      <Tooltip title={refusal ?? ''}>
        <span>
          <Button
            variant="outlined"
            color="error"
            startIcon={<UndoIcon />}
            disabled={refusal !== null}
            onClick={() => setConfirming(true)}
          >
            Reverse
          </Button>
        </span>
      </Tooltip>
      {confirming && (
        <ConfirmDialog
          open
          destructive
          title="Reverse Investment"
          message={`Reverse investment ${investment.id} of ${formatMoney(investment.investedAmount)} in loan ${investment.loanId}? The money is released to the account.`}
          confirmLabel="Reverse"
          onConfirm={reverseAndGoToLoan}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}

/** Sell (management, spec core §4): only while unsold and the loan ACTIVE; disabled with its reason otherwise. */
function SellButton({ investment }: { investment: InvestmentDetailRow }) {
  const [selling, setSelling] = useState(false);
  const refusal = sellInvestmentRefusal({
    saleDate: investment.saleDate,
    reversedDate: investment.reversedDate,
    finalisedDate: investment.finalisedDate,
    loanStatus: investment.loan?.status ?? '',
  });
  return (
    <>
      <Tooltip title={refusal ?? ''}>
        <span>
          <Button
            variant="contained"
            startIcon={<SellIcon />}
            disabled={refusal !== null}
            onClick={() => setSelling(true)}
          >
            Sell
          </Button>
        </span>
      </Tooltip>
      {selling && <SaleDialog investment={investment} onClose={() => setSelling(false)} />}
    </>
  );
}

function RepaymentsTable({ investmentId }: { investmentId: number }) {
  const definition = useMemo(() => investmentRepaymentsList(investmentId), [investmentId]);
  const controller = useListState(definition, { prefix: 'rp.' });
  return <ServerTable definition={definition} controller={controller} />;
}

/**
 * The Investment Information tab of /investments/{id} (spec core §2.7): the investment, its loan
 * and its investment account with their Go to buttons, the repayments table with export, and the
 * sale transactions when sold. Reverse is for management only.
 */
export function InvestmentDetail({ id }: { id: string }) {
  const user = useUser();
  const navigate = useNavigate();
  const investment = useQuery(investmentQuery(id));
  if (investment.isPending) return <Skeleton variant="rectangular" height={280} aria-label="Loading the investment" />;
  if (investment.isError) return <Alert severity="error">{investment.error.message}</Alert>;
  const row = investment.data;
  const loan = row.loan;
  const account = row.investmentAccount;
  const sales = row.investmentSaleTransactions ?? [];
  return (
    <Stack spacing={2}>
      <DetailSection
        title={`Investment ${row.id}`}
        fields={[
          { label: 'Investment ID', value: row.id },
          { label: 'Investment Amount', value: formatMoney(row.investedAmount) },
          { label: 'Principal Repaid', value: formatMoney(row.principalRepaid) },
          { label: 'Principal Outstanding', value: formatMoney(investedMinusRepaid(row)) },
          ...(row.principalWrittenOff > 0
            ? [{ label: 'Principal Written Off', value: formatMoney(row.principalWrittenOff) }]
            : []),
          { label: 'Investment Rate', value: formatPercent(row.investmentInterestRate) },
          { label: 'Percentage', value: formatPercent(row.investmentPercentage, 4) },
          { label: 'Investment Date', value: formatDateTime(row.creationDate) },
          { label: 'Finalised Date', value: formatDateTime(row.finalisedDate) },
          ...(row.saleDate ? [{ label: 'Sale Date', value: formatDateTime(row.saleDate) }] : []),
          ...(row.mandateRate !== null ? [{ label: 'Mandate Rate', value: formatPercent(row.mandateRate) }] : []),
        ]}
      >
        {user.type === Role.MANAGEMENT && (
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <ReverseButton investment={row} />
            <SellButton investment={row} />
          </Stack>
        )}
      </DetailSection>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <DetailSection
          title="Loan"
          fields={[
            { label: 'Loan ID', value: loan?.id ?? row.loanId },
            { label: 'Name', value: loan?.name },
            { label: 'Amount', value: loan ? formatMoney(loan.amount) : '' },
            { label: 'Status', value: loan ? (loanStatusLabels[loan.status as LoanStatus] ?? loan.status) : '' },
            { label: 'Sub Status', value: loan?.subStatus },
          ]}
        >
          <Button
            sx={{ mt: 2 }}
            variant="contained"
            endIcon={<ArrowForwardIcon />}
            onClick={() => navigate(`/loans/${row.loanId}`)}
          >
            Go to Loan
          </Button>
        </DetailSection>
        <DetailSection
          title="Investment Account"
          fields={[
            { label: 'Name', value: account?.name },
            { label: 'ID', value: account?.id ?? row.investmentAccountId },
          ]}
        >
          <Button
            sx={{ mt: 2 }}
            variant="contained"
            endIcon={<ArrowForwardIcon />}
            component={Link}
            to={`/investorAccounts/${row.investmentAccountId}`}
          >
            Go to Investment Account
          </Button>
        </DetailSection>
      </Box>
      <RepaymentsTable investmentId={row.id} />
      {row.saleDate && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            Sale Transactions
          </Typography>
          <DataTable
            label="Sale Transactions"
            rows={sales}
            columns={saleTransactionColumns}
            getRowId={(t) => t.id}
            onRowClick={(t) => navigate(`/transactions/${t.id}`)}
          />
        </Paper>
      )}
    </Stack>
  );
}
