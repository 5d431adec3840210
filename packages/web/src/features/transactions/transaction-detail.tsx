import {
  formatDateTime,
  formatMoney,
  investmentAccountTypeLabels,
  loanStatusLabels,
  malformedDataMessage,
  Role,
  transactionDeleteAction,
  transactionStatusLabels,
  transactionTypeLabels,
  withdrawalRequestStatusLabels,
} from '@lm/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { finalisedText } from '../../shared/list/finalised-column';
import { useUser } from '../../shared/session/session-store';
import { DeleteTransactionDialog, deleteActionLabel } from './delete-transaction-dialog';
import { DetailSection } from './detail-fields';
import { EditTransactionDialog } from './edit-transaction-dialog';
import { useTransactionQuery } from './transactions-api';

function loanStatusText(status: string | null | undefined): string {
  if (!status) return '';
  return (loanStatusLabels as Readonly<Record<string, string>>)[status] ?? status;
}

function TransactionLink({ id }: { id: number | null }) {
  if (id === null) return null;
  return (
    <Link component={RouterLink} to={`/transactions/${id}`}>
      {id}
    </Link>
  );
}

/**
 * The Transaction Information tab (investor-and-admin §2 "Transactions"): the transaction, Go to
 * Account, Go to Loan and Go to Investment (an investment only), and the Withdrawal, Investment
 * Account and Loan sections when they apply.
 */
export function TransactionDetail({ id }: { id: string }) {
  const transaction = useTransactionQuery(id);
  const user = useUser();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const canChange = user.type === Role.MANAGEMENT;
  if (!/^\d+$/.test(id) || transaction.isError) {
    return <Alert severity="error">{malformedDataMessage('Transaction')}</Alert>;
  }
  if (!transaction.data) return <Skeleton variant="rectangular" height={320} aria-label="Loading transaction" />;
  const t = transaction.data;
  const withdrawal = t.withdrawalDetails;
  const account = t.investmentAccount;
  const loanId = t.loanId ?? t.linkedLoanTransaction?.loanId ?? null;
  const loan = t.loan ?? t.linkedLoanTransaction?.loan ?? null;
  const deleteLabel = deleteActionLabel(t);
  const deleteAction = transactionDeleteAction(t);
  return (
    <Stack spacing={2}>
      {canChange && (
        <Stack spacing={0.5}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="contained" onClick={() => setDialog('edit')}>
              Edit Transaction
            </Button>
            <Button
              variant="outlined"
              color="error"
              disabled={deleteLabel === null}
              onClick={() => setDialog('delete')}
              {...(deleteAction.kind === 'refused' ? { 'aria-describedby': `transaction-${t.id}-not-reversible` } : {})}
            >
              {deleteLabel ?? 'Reverse'}
            </Button>
          </Stack>
          {deleteAction.kind === 'refused' && (
            <Typography variant="body2" color="text.secondary" id={`transaction-${t.id}-not-reversible`}>
              {deleteAction.reason}
            </Typography>
          )}
        </Stack>
      )}
      {dialog === 'edit' && <EditTransactionDialog row={t} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteTransactionDialog row={t} onClose={() => setDialog(null)} />}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" component={RouterLink} to={`/investorAccounts/${t.investmentAccountId}`}>
          Go to Account
        </Button>
        {loanId !== null && (
          <Button variant="outlined" component={RouterLink} to={`/loans/${loanId}`}>
            Go to Loan
          </Button>
        )}
        {t.type === 'INVESTMENT' && t.investmentId !== null && (
          <Button variant="outlined" component={RouterLink} to={`/investments/${t.investmentId}`}>
            Go to Investment
          </Button>
        )}
      </Stack>
      <DetailSection
        title={`Transaction ${t.id}`}
        fields={[
          { label: 'ID', value: t.id },
          { label: 'Type', value: (transactionTypeLabels as Record<string, string>)[t.type] ?? t.type },
          { label: 'Status', value: (transactionStatusLabels as Record<string, string>)[t.status] ?? t.status },
          { label: 'Gross Amount', value: formatMoney(t.grossAmount) },
          { label: 'Amount (signed)', value: formatMoney(t.amount) },
          { label: 'Principal Amount', value: formatMoney(t.principalAmount) },
          { label: 'Interest Amount', value: formatMoney(t.interestAmount) },
          { label: 'Fees Amount', value: formatMoney(t.feesAmount) },
          { label: 'Tax Withheld Amount', value: formatMoney(t.taxWithheldAmount) },
          { label: 'Running Balance', value: formatMoney(t.runningBalance) },
          { label: 'Finalised Date', value: finalisedText(t.finalisedDate) },
          { label: 'Created Date', value: formatDateTime(t.createdDate) },
          { label: 'Effective Date', value: formatDateTime(t.effectiveDate) },
          { label: 'Comment', value: t.comment },
          { label: 'Investor Comment', value: t.investorComment },
          { label: 'Reversed By', value: <TransactionLink id={t.reversalTransactionId} /> },
          { label: 'Reverses', value: <TransactionLink id={t.reversesTransactionId} /> },
          {
            label: 'Counterpart Account',
            value: t.counterpartAccount ? (
              <Link component={RouterLink} to={`/investorAccounts/${t.counterpartAccount.id}`}>
                {t.counterpartAccount.name} ({t.counterpartAccount.id})
              </Link>
            ) : null,
          },
        ]}
      />
      {withdrawal && (
        <DetailSection
          title="Withdrawal"
          fields={[
            { label: 'Request ID', value: withdrawal.id },
            {
              label: 'Request Status',
              value: (withdrawalRequestStatusLabels as Record<string, string>)[withdrawal.status] ?? withdrawal.status,
            },
            { label: 'Amount', value: formatMoney(withdrawal.amount) },
            { label: 'Account Name', value: withdrawal.accountName },
            { label: 'BSB Number', value: withdrawal.bsbNumber },
            { label: 'Account Number', value: withdrawal.accountNumber },
            { label: 'Requested', value: formatDateTime(withdrawal.createdAt) },
            { label: 'Verified', value: formatDateTime(withdrawal.verifiedAt) },
            { label: 'Comment', value: withdrawal.comment },
          ]}
        />
      )}
      {account && (
        <DetailSection
          title="Investment Account"
          fields={[
            { label: 'ID', value: account.id },
            { label: 'Name', value: account.name },
            {
              label: 'Type',
              value: (investmentAccountTypeLabels as Record<string, string>)[account.type] ?? account.type,
            },
            { label: 'Current Balance', value: formatMoney(account.currentBalance) },
            { label: 'Available Balance', value: formatMoney(account.availableBalance) },
            { label: 'Biller Code', value: account.bpayBillerCode },
            { label: 'Reference', value: account.bpayReferenceNumber },
            { label: 'Investment Group ID', value: account.investmentGroupId },
          ]}
        />
      )}
      {loanId !== null && (
        <DetailSection
          title="Loan"
          fields={[
            { label: 'Loan ID', value: loanId },
            { label: 'Name', value: loan?.name },
            { label: 'Status', value: loanStatusText(loan?.status) },
            ...(t.linkedLoanTransaction
              ? [
                  { label: 'Loan Transaction ID', value: t.linkedLoanTransaction.id },
                  { label: 'Loan Transaction Type', value: t.linkedLoanTransaction.type },
                  { label: 'Net Amount', value: formatMoney(t.linkedLoanTransaction.netAmount) },
                  { label: 'Loan Transaction Finalised', value: formatDateTime(t.linkedLoanTransaction.finalisedDate) },
                ]
              : []),
          ]}
        />
      )}
    </Stack>
  );
}
