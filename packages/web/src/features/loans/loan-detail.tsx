import {
  formatCents,
  formatDate,
  formatDateTime,
  formatMoney,
  formatPercent,
  houseOnePercentMissing,
  interestCalculationMethodLabels,
  interestTypeLabels,
  investOnePercentCents,
  loanForActions,
  loanMessages,
  loanStatusLabels,
  marketplaceStatusLabels,
  Role,
  securityTypeLabels,
  setupStatusLabels,
  termPeriodUnitLabels,
} from '@lm/domain';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useIdempotencyKey } from '../../shared/api/idempotency-key';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { useListState } from '../../shared/list/use-list';
import { useUser } from '../../shared/session/session-store';
import { ServerTable } from '../../shared/table/server-table';
import { notifySuccess } from '../../shared/toast/toast-store';
import { useDeployLoan, useInvestOnePercent } from '../investments';
import { ActionButton } from './action-button';
import { EditLoanDialog } from './edit-loan-dialog';
import { InfoSection } from './info-grid';
import { loanActionAvailability } from './loan-actions';
import { AutoInvestDialog, ManagementInvestDialog, PayoutDialog, WriteOffDialog } from './loan-dialogs';
import { loanTexts } from './loan-texts';
import {
  forgetDeletedLoan,
  type LoanRow,
  labelOf,
  loanInvestmentsList,
  loanKey,
  loanQuery,
  loanRepaymentsList,
  loanTopUpsList,
  loanTransactionsList,
  useDeleteLoan,
} from './loans-api';
import { PayoutReceiptPanel } from './payout-receipt';

type DialogKind = 'edit' | 'invest' | 'autoInvest' | 'onePercent' | 'deploy' | 'payout' | 'writeOff' | 'delete';

const term = (loan: LoanRow) =>
  `${loan.term} x ${loan.termPeriod} ${labelOf(termPeriodUnitLabels, loan.termPeriodUnit)}`;

function LoanInformation({ loan }: { loan: LoanRow }) {
  const d = loan.loanDetails;
  return (
    <>
      <InfoSection
        title="Loan"
        items={[
          { label: 'ID', value: loan.id },
          { label: 'Name', value: loan.name },
          { label: 'Third Party ID', value: loan.thirdPartyId },
          {
            label: 'Client',
            value: loan.client ? (
              <Link component={RouterLink} to={`/clients/${loan.client.id}`}>
                {loan.client.name}
              </Link>
            ) : null,
          },
          { label: 'Status', value: labelOf(loanStatusLabels, loan.status) },
          { label: 'Sub Status', value: loan.subStatus },
          { label: 'Setup Status', value: labelOf(setupStatusLabels, loan.setupStatus) },
          { label: 'Loan Type', value: labelOf(interestCalculationMethodLabels, loan.interestCalculationMethod) },
          { label: 'Interest Type', value: labelOf(interestTypeLabels, loan.interestType) },
          { label: 'Amount', value: formatMoney(loan.amount) },
          { label: 'Funded Amount', value: formatMoney(loan.fundedAmount) },
          { label: 'Funding Remaining', value: formatMoney(loan.fundingRemaining) },
          { label: 'Maximum Interest Rate', value: formatPercent(loan.baseInterestRate) },
          { label: 'Marketplace Rate', value: formatPercent(loan.marketplaceRate) },
          { label: 'Funded Rate', value: loanTexts.fundedRate(loan.fundedRate) },
          { label: 'Term', value: term(loan) },
          { label: 'Grace Period Days', value: loan.gracePeriodDays },
          { label: 'Principal Repaid', value: formatMoney(loan.principalRepaid) },
          { label: 'Principal Remaining', value: formatMoney(loan.principalRemaining) },
          { label: 'Interest Repaid', value: formatMoney(loan.interestRepaid) },
          { label: 'Interest Remaining', value: formatMoney(loan.interestRemaining) },
          { label: 'Principal Written Off', value: formatMoney(loan.principalWrittenOff) },
          { label: 'Interest Written Off', value: formatMoney(loan.interestWrittenOff) },
          { label: 'Marketplace Status', value: labelOf(marketplaceStatusLabels, loan.marketplaceStatus) },
          { label: 'Marketplace Start', value: formatDateTime(loan.marketplaceStartDate) },
          { label: 'Marketplace Expiry', value: formatDateTime(loan.marketplaceExpiryDate) },
          { label: 'Funded Date', value: formatDateTime(loan.fundedDate) },
          { label: 'Disbursement Date', value: formatDate(loan.disbursementDate) },
          { label: 'Start Date', value: formatDate(loan.startDate) },
          { label: 'Rescheduled Loan', value: loan.rescheduledLoanId },
          { label: 'Notes', value: loan.notes, multiline: true },
        ]}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <LinearProgress
            variant="determinate"
            value={loan.fundedProgress}
            sx={{ flexGrow: 1, height: 8, borderRadius: 1 }}
            aria-label="Funded progress"
          />
          <Typography variant="body2" data-testid="funded-progress">
            {formatPercent(loan.fundedProgress)} funded
          </Typography>
        </Stack>
      </InfoSection>
      <InfoSection
        title="Loan Details"
        items={[
          { label: 'Loan Purpose', value: d?.loanPurpose },
          { label: 'Industry', value: d?.industryType },
          { label: 'Business Age', value: d?.businessAge },
          { label: 'Directors', value: d?.directorCount },
          { label: 'Employees', value: d?.employeeCount },
          { label: 'Company Revenue', value: d?.companyRevenue == null ? null : formatMoney(d.companyRevenue) },
          { label: 'Company State', value: d?.companyState },
          {
            label: 'Security Type',
            value: d?.securityType
              ? (securityTypeLabels[d.securityType as keyof typeof securityTypeLabels] ?? d.securityType)
              : null,
          },
          { label: 'Financial Accounts', value: d?.financialAccountsType },
          { label: 'Financial Accounts Date', value: formatDate(d?.financialAccountsDate) },
          { label: 'Bankruptcies, Legal Actions, Collections', value: d?.bankruptciesLegalActionsCollections },
          { label: 'Loan Story', value: d?.loanStory, multiline: true },
          { label: 'Underwriter Comment', value: d?.underwriterComment, multiline: true },
        ]}
      />
    </>
  );
}

function LoanTables({ loan }: { loan: LoanRow }) {
  const navigate = useNavigate();
  const investments = useMemo(() => loanInvestmentsList(loan.id), [loan.id]);
  const repayments = useMemo(() => loanRepaymentsList(loan.id), [loan.id]);
  const topUps = useMemo(() => loanTopUpsList(loan.id), [loan.id]);
  const transactions = useMemo(() => loanTransactionsList(loan.id), [loan.id]);
  const investmentsState = useListState(investments, { inUrl: false });
  const repaymentsState = useListState(repayments, { inUrl: false });
  const topUpsState = useListState(topUps, { inUrl: false });
  const transactionsState = useListState(transactions, { inUrl: false });
  return (
    <>
      <ServerTable
        definition={investments}
        controller={investmentsState}
        onRowClick={(row) => navigate(`/investments/${row.id}`)}
      />
      <ServerTable definition={repayments} controller={repaymentsState} />
      <ServerTable definition={topUps} controller={topUpsState} />
      <ServerTable definition={transactions} controller={transactionsState} />
    </>
  );
}

/**
 * The Loan Information tab (spec core §2.5): the loan's fields and details, its investments,
 * repayments, mandate options and transactions; for management the action buttons (each disabled
 * with its reason as a tooltip) and the warning banner while the house's 1% is missing. The dialogs
 * are made afresh for each loan: switching loans resets them.
 */
export function LoanDetail({ id }: { id: string }) {
  const user = useUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loanRead = useQuery({ ...loanQuery(id), meta: { silent: true } });
  const [dialog, setDialog] = useState<{ kind: DialogKind; loanId: string } | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: loanKey(id) });
    void queryClient.invalidateQueries({ queryKey: ['list'] });
    void queryClient.invalidateQueries({ queryKey: ['investmentAccounts'] });
  };
  const deleteLoan = useDeleteLoan(Number(id));
  // one Idempotency-Key per opened confirmation (Invest 1%, Deploy), resent when it is confirmed again
  const dialogKey = useIdempotencyKey(dialog);
  const investOnePercent = useInvestOnePercent(Number(id), dialogKey);
  const deploy = useDeployLoan(Number(id), dialogKey);

  if (loanRead.isError) return <Alert severity="error">{(loanRead.error as Error).message}</Alert>;
  const loan = loanRead.data;
  if (!loan) return <Skeleton variant="rectangular" height={320} aria-label="Loading loan" />;

  const isManagement = user.type === Role.MANAGEMENT;
  const figures = loanForActions(loan);
  const actions = loanActionAvailability(figures);
  const open = (kind: DialogKind) => setDialog({ kind, loanId: id });
  // a dialog belongs to the loan it was opened on: another loan starts without it (the invest dialogs reset)
  const shown = dialog && dialog.loanId === String(loan.id) ? dialog.kind : null;
  const close = () => setDialog(null);
  const onePercentCents = investOnePercentCents(figures.amountCents, figures.houseUnsoldCents);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h2" sx={{ mr: 1 }}>
          {loan.name}
        </Typography>
        <Chip label={labelOf(loanStatusLabels, loan.status)} color="primary" data-testid="loan-status" />
      </Stack>
      {isManagement && houseOnePercentMissing(figures) && (
        <Alert severity="warning" data-testid="one-percent-warning">
          {loanTexts.onePercentMissing}
        </Alert>
      )}
      {isManagement && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label="Loan actions">
          <ActionButton
            label="Edit Loan"
            variant="contained"
            availability={{ enabled: true, reason: null }}
            onClick={() => open('edit')}
          />
          <ActionButton label="Invest" availability={actions.invest} onClick={() => open('invest')} />
          <ActionButton label="Invest 1%" availability={actions.investOnePercent} onClick={() => open('onePercent')} />
          <ActionButton label="Auto Invest" availability={actions.autoInvest} onClick={() => open('autoInvest')} />
          {actions.deploy && (
            <ActionButton label="Deploy Loan" availability={actions.deploy} onClick={() => open('deploy')} />
          )}
          <ActionButton label="Payout Loan" availability={actions.payout} onClick={() => open('payout')} />
          <ActionButton label="Write Off Loan" availability={actions.writeOff} onClick={() => open('writeOff')} />
          <ActionButton
            label="Delete Loan"
            color="error"
            availability={actions.delete}
            onClick={() => open('delete')}
          />
        </Stack>
      )}
      <PayoutReceiptPanel loan={loan} canAct={isManagement} />
      <LoanInformation loan={loan} />
      <LoanTables loan={loan} />

      {shown === 'edit' && <EditLoanDialog key={loan.id} loan={loan} onClose={close} onDone={refresh} />}
      {shown === 'invest' && <ManagementInvestDialog key={loan.id} loan={loan} onClose={close} onDone={refresh} />}
      {shown === 'autoInvest' && <AutoInvestDialog key={loan.id} loan={loan} onClose={close} onDone={refresh} />}
      {shown === 'payout' && <PayoutDialog key={loan.id} loan={loan} onClose={close} onDone={refresh} />}
      {shown === 'writeOff' && <WriteOffDialog key={loan.id} loan={loan} onClose={close} onDone={refresh} />}
      {shown === 'onePercent' && (
        <ConfirmDialog
          open
          title="Invest 1%"
          message={loanTexts.onePercentQuestion(formatCents(onePercentCents))}
          confirmLabel="Invest"
          onConfirm={async () => {
            const response = await investOnePercent.mutateAsync();
            refresh();
            notifySuccess(loanMessages.investmentSuccessful, response.userMessage);
          }}
          onClose={close}
        />
      )}
      {shown === 'deploy' && (
        <ConfirmDialog
          open
          title="Deploy Loan"
          message={loanTexts.deployQuestion(formatMoney(loan.amount))}
          confirmLabel="Deploy"
          onConfirm={async () => {
            const response = await deploy.mutateAsync();
            refresh();
            notifySuccess(loanMessages.changesProcessed, response.userMessage);
          }}
          onClose={close}
        />
      )}
      {shown === 'delete' && (
        <ConfirmDialog
          open
          destructive
          title="Delete Loan"
          message={loanTexts.deleteQuestion(loan.name)}
          confirmLabel="Delete"
          onConfirm={async () => {
            const response = await deleteLoan.mutateAsync();
            notifySuccess(loanMessages.loanDeleted, response.userMessage);
            // to the list first, then forget the loan: nothing on screen asks for it again
            navigate('/loans');
            await forgetDeletedLoan(queryClient, Number(id));
          }}
          onClose={close}
        />
      )}
    </Stack>
  );
}
