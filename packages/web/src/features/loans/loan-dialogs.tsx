import { zodResolver } from '@hookform/resolvers/zod';
import { formatCents, formatDate, formatMoney, formatPercent, loanMessages } from '@lm/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { messageOf } from '../../shared/api/api-error';
import { useIdempotencyKey } from '../../shared/api/idempotency-key';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { AccountField } from '../../shared/forms/account-field';
import { FormDialog } from '../../shared/forms/form-dialog';
import { AmountField, RateField } from '../../shared/forms/number-field';
import { accountLabel, type PickedAccount } from '../../shared/inputs/account-picker';
import { toast } from '../../shared/toast/toast-store';
import { useAutoInvest, useManagementInvest } from '../investments';
import {
  type AutoInvestOutput,
  type AutoInvestValues,
  autoInvestForm,
  chooseInvestAccount,
  type ManagementInvestFacts,
  type ManagementInvestOutput,
  type ManagementInvestValues,
  managementInvestForm,
  type WriteOffOutput,
  type WriteOffValues,
  writeOffForm,
} from './action-forms';
import { loanTexts } from './loan-texts';
import {
  cents,
  type LoanRow,
  openRepaymentsQuery,
  type PayoutPlan,
  previewPayout,
  usePayout,
  useWriteOff,
} from './loans-api';

/** What the invest dialog reads of a loan (a marketplace loan has these too). */
export type InvestableLoan = Pick<
  LoanRow,
  'id' | 'name' | 'amount' | 'fundingRemaining' | 'baseInterestRate' | 'marketplaceRate'
>;

export interface LoanDialogProps {
  loan: LoanRow;
  onClose: () => void;
  /** After money moved: the loan and its tables refetch. */
  onDone: () => void;
}

/**
 * Invest with a chosen rate (management, core §2.5, §5): any investment account, an amount within
 * the remaining value and the account's available balance, a rate above 0 and at most the maximum
 * rate; an account with a mandate rate invests at it (shown read-only).
 */
export function ManagementInvestDialog({
  loan,
  onClose,
  onDone,
}: Omit<LoanDialogProps, 'loan'> & { loan: InvestableLoan }) {
  const [account, setAccount] = useState<PickedAccount | null>(null);
  const facts = useRef<ManagementInvestFacts>({
    remainingCents: cents(loan.fundingRemaining),
    availableCents: null,
    baseRate: loan.baseInterestRate,
    mandateRate: null,
  });
  facts.current = {
    remainingCents: cents(loan.fundingRemaining),
    availableCents: account ? cents(account.availableBalance) : null,
    baseRate: loan.baseInterestRate,
    mandateRate: account?.mandateRate ?? null,
  };
  const resolver: Resolver<ManagementInvestValues, unknown, ManagementInvestOutput> = (values, context, options) =>
    zodResolver(managementInvestForm(facts.current))(values as never, context, options as never) as never;
  const form = useForm<ManagementInvestValues, unknown, ManagementInvestOutput>({
    resolver,
    defaultValues: { investmentAccountId: null, amount: null, rate: loan.marketplaceRate },
  });
  const [confirming, setConfirming] = useState<ManagementInvestOutput | null>(null);
  const invest = useManagementInvest(loan.id, useIdempotencyKey(confirming && { loanId: loan.id, ...confirming }));
  const done = () => {
    onDone();
    onClose();
  };
  const mandateRate = account?.mandateRate ?? null;
  const rate = confirming ? (mandateRate ?? confirming.rate) : null;
  return (
    <>
      <FormDialog
        title="Invest"
        intro={`${loan.name} (${loan.id}): ${formatMoney(loan.fundingRemaining)} remaining of ${formatMoney(
          loan.amount,
        )}; maximum interest rate ${formatPercent(loan.baseInterestRate)}.`}
        submitLabel="Invest"
        busy={invest.isPending}
        onSubmit={form.handleSubmit((values) =>
          setConfirming({ ...values, rate: mandateRate === null ? values.rate : null }),
        )}
        onClose={onClose}
      >
        <AccountField
          control={form.control}
          name="investmentAccountId"
          label="Investment Account"
          account={account}
          onPick={(picked) => {
            setAccount(picked);
            void chooseInvestAccount(form, facts, picked);
          }}
        />
        {account && (
          <Alert severity="info" icon={false}>
            Available balance {formatMoney(account.availableBalance)}
          </Alert>
        )}
        <AmountField control={form.control} name="amount" label="Investment Amount" required />
        <RateField
          control={form.control}
          name="rate"
          label="Investment Rate"
          shownValue={mandateRate}
          disabled={mandateRate !== null}
          hint={mandateRate !== null ? loanTexts.rateFixedToMandate : undefined}
          required
        />
      </FormDialog>
      {confirming && account && (
        <ConfirmDialog
          open
          title="Confirm Investment"
          message={`Invest ${formatMoney(confirming.amount)} from ${accountLabel(account)} in ${loan.name} at ${formatPercent(
            rate,
          )}?`}
          confirmLabel="Invest"
          onConfirm={() => invest.mutateAsync(confirming).then(done)}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}

/** Auto Invest (management): at most the remaining funding, split across the active mandate accounts. */
export function AutoInvestDialog({ loan, onClose, onDone }: LoanDialogProps) {
  const form = useForm<AutoInvestValues, unknown, AutoInvestOutput>({
    resolver: zodResolver(autoInvestForm(cents(loan.fundingRemaining))) as unknown as Resolver<
      AutoInvestValues,
      unknown,
      AutoInvestOutput
    >,
    defaultValues: { amount: loan.fundingRemaining },
  });
  const [confirming, setConfirming] = useState<AutoInvestOutput | null>(null);
  const autoInvest = useAutoInvest(loan.id, useIdempotencyKey(confirming && { loanId: loan.id, ...confirming }));
  const done = () => {
    onDone();
    onClose();
  };
  return (
    <>
      <FormDialog
        title="Auto Invest"
        intro={loanTexts.autoInvestHint}
        submitLabel="Auto Invest"
        busy={autoInvest.isPending}
        onSubmit={form.handleSubmit(setConfirming)}
        onClose={onClose}
      >
        <AmountField
          control={form.control}
          name="amount"
          label="Amount"
          hint={`At most ${formatMoney(loan.fundingRemaining)}`}
          required
        />
      </FormDialog>
      {confirming && (
        <ConfirmDialog
          open
          title="Confirm Auto Invest"
          message={`Auto invest ${formatMoney(confirming.amount)} in ${loan.name} from its mandate accounts?`}
          confirmLabel="Auto Invest"
          onConfirm={() => autoInvest.mutateAsync(confirming).then(done)}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}

/**
 * Write Off Loan (management): principal and interest at most what remains, checked as you type;
 * the confirmation states what stays owed. Exactly the amounts entered are written off.
 */
export function WriteOffDialog({ loan, onClose, onDone }: LoanDialogProps) {
  const form = useForm<WriteOffValues, unknown, WriteOffOutput>({
    resolver: zodResolver(
      writeOffForm({ principalCents: cents(loan.principalRemaining), interestCents: cents(loan.interestRemaining) }),
    ) as unknown as Resolver<WriteOffValues, unknown, WriteOffOutput>,
    defaultValues: { principalAmount: loan.principalRemaining, interestAmount: loan.interestRemaining },
    // the limits are checked as you type, each message naming the remaining amount as money
    mode: 'onChange',
  });
  const [confirming, setConfirming] = useState<WriteOffOutput | null>(null);
  const writeOff = useWriteOff(loan.id, useIdempotencyKey(confirming && { loanId: loan.id, ...confirming }));
  return (
    <>
      <FormDialog
        title="Write Off Loan"
        submitLabel="Write Off"
        busy={writeOff.isPending}
        onSubmit={form.handleSubmit(setConfirming)}
        onClose={onClose}
      >
        <AmountField
          control={form.control}
          name="principalAmount"
          label="Principal Amount"
          hint={`Remaining ${formatMoney(loan.principalRemaining)}`}
          required
        />
        <AmountField
          control={form.control}
          name="interestAmount"
          label="Interest Amount"
          hint={`Remaining ${formatMoney(loan.interestRemaining)}`}
          required
        />
      </FormDialog>
      {confirming && (
        <ConfirmDialog
          open
          destructive
          title="Confirm Write Off"
          message={loanTexts.writeOffQuestion({
            name: loan.name,
            principal: formatMoney(confirming.principalAmount),
            interest: formatMoney(confirming.interestAmount),
            principalLeft: formatCents(cents(loan.principalRemaining) - cents(confirming.principalAmount)),
            interestLeft: formatCents(cents(loan.interestRemaining) - cents(confirming.interestAmount)),
          })}
          confirmLabel="Write Off"
          onConfirm={async () => {
            await writeOff.mutateAsync({ loanId: loan.id, ...confirming });
            onDone();
            onClose();
          }}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}

/**
 * Payout Loan (management, core §4 "Early payout"): choose one of the loan's open repayment dates,
 * calculate a preview, then confirm. A date too far ahead can be previewed but not completed.
 */
export function PayoutDialog({ loan, onClose, onDone }: LoanDialogProps) {
  const titleId = useId();
  const repayments = useQuery(openRepaymentsQuery(loan.id));
  const [payoutDate, setPayoutDate] = useState('');
  const [plan, setPlan] = useState<PayoutPlan | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const payout = usePayout(loan.id, useIdempotencyKey(confirming && { loanId: loan.id, payoutDate }));
  const preview = async () => {
    setPreviewing(true);
    try {
      // the preview's userMessage is its warning, shown below rather than as a toast
      setPlan((await previewPayout({ loanId: loan.id, payoutDate })).data);
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setPreviewing(false);
    }
  };
  const current = plan && plan.payoutDate === payoutDate ? plan : null;
  return (
    <>
      <Dialog open onClose={payout.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>Payout Loan</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              select
              label="Payout Date"
              value={payoutDate}
              onChange={(event) => setPayoutDate(event.target.value)}
              helperText="One of the loan's open repayment dates"
              required
            >
              {(repayments.data ?? []).map((r) => (
                <MenuItem key={r.id} value={r.dueDate}>
                  {formatDate(r.dueDate)}
                </MenuItem>
              ))}
            </TextField>
            {current && (
              <Alert severity={current.canComplete ? 'info' : 'warning'} data-testid="payout-preview">
                Payout on {formatDate(current.payoutDate)}: principal {formatMoney(current.principalAmount)}, interest{' '}
                {formatMoney(current.interestAmount)}, payout amount {formatMoney(current.payoutReceipt.netAmount)};{' '}
                {current.closedRepaymentIds.length} repayments closed.
                {!current.canComplete && <> {current.warning ?? loanMessages.payoutTooFarInFuture}</>}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={payout.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void preview()} disabled={payoutDate === '' || previewing}>
            Calculate
          </Button>
          <Button
            variant="contained"
            onClick={() => setConfirming(true)}
            disabled={!current?.canComplete || payout.isPending}
          >
            Payout
          </Button>
        </DialogActions>
      </Dialog>
      {confirming && current && (
        <ConfirmDialog
          open
          title="Confirm Payout"
          message={`Pay out ${loan.name} on ${formatDate(current.payoutDate)} for ${formatMoney(
            current.payoutReceipt.netAmount,
          )}? The repayment on that date and every later one are closed.`}
          confirmLabel="Payout"
          onConfirm={async () => {
            await payout.mutateAsync({ loanId: loan.id, payoutDate: current.payoutDate });
            onDone();
            onClose();
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
