import { zodResolver } from '@hookform/resolvers/zod';
import { formatCents, formatDate, formatMoney, formatPercent, loanMessages } from '@lm/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { messageOf } from '../../shared/api/api-error';
import { useIdempotencyKey } from '../../shared/api/idempotency-key';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { AccountPicker, accountLabel, type PickedAccount } from '../../shared/inputs/account-picker';
import { NumberInput } from '../../shared/inputs/number-input';
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

function FormDialog({
  title,
  formId,
  submitLabel,
  busy,
  onClose,
  children,
}: {
  title: string;
  formId: string;
  submitLabel: string;
  busy: boolean;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
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
  const formId = useId();
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
  const { errors } = form.formState;
  const mandateRate = account?.mandateRate ?? null;
  const rate = confirming ? (mandateRate ?? confirming.rate) : null;
  return (
    <>
      <FormDialog title="Invest" formId={formId} submitLabel="Invest" busy={invest.isPending} onClose={onClose}>
        <DialogContentText>
          {loan.name} ({loan.id}): {formatMoney(loan.fundingRemaining)} remaining of {formatMoney(loan.amount)}; maximum
          interest rate {formatPercent(loan.baseInterestRate)}.
        </DialogContentText>
        <Stack
          component="form"
          id={formId}
          noValidate
          spacing={2}
          sx={{ mt: 2 }}
          onSubmit={form.handleSubmit((values) =>
            setConfirming({ ...values, rate: mandateRate === null ? values.rate : null }),
          )}
        >
          <Controller
            control={form.control}
            name="investmentAccountId"
            render={({ field }) => (
              <AccountPicker
                value={account}
                onChange={(picked) => {
                  setAccount(picked);
                  void chooseInvestAccount(form, facts, picked);
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(errors.investmentAccountId)}
                {...(errors.investmentAccountId?.message ? { helperText: errors.investmentAccountId.message } : {})}
              />
            )}
          />
          {account && (
            <Alert severity="info" icon={false}>
              Available balance {formatMoney(account.availableBalance)}
            </Alert>
          )}
          <Controller
            control={form.control}
            name="amount"
            render={({ field }) => (
              <NumberInput
                kind="currency"
                label="Investment Amount"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                required
                error={Boolean(errors.amount)}
                helperText={errors.amount?.message ?? ' '}
              />
            )}
          />
          <Controller
            control={form.control}
            name="rate"
            render={({ field }) => (
              <NumberInput
                kind="percentage"
                label="Investment Rate"
                value={mandateRate ?? field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                required
                disabled={mandateRate !== null}
                error={Boolean(errors.rate)}
                helperText={errors.rate?.message ?? (mandateRate !== null ? loanTexts.rateFixedToMandate : ' ')}
              />
            )}
          />
        </Stack>
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
  const formId = useId();
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
  const { errors } = form.formState;
  return (
    <>
      <FormDialog
        title="Auto Invest"
        formId={formId}
        submitLabel="Auto Invest"
        busy={autoInvest.isPending}
        onClose={onClose}
      >
        <DialogContentText>{loanTexts.autoInvestHint}</DialogContentText>
        <Stack
          component="form"
          id={formId}
          noValidate
          spacing={2}
          sx={{ mt: 2 }}
          onSubmit={form.handleSubmit(setConfirming)}
        >
          <Controller
            control={form.control}
            name="amount"
            render={({ field }) => (
              <NumberInput
                kind="currency"
                label="Amount"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                required
                error={Boolean(errors.amount)}
                helperText={errors.amount?.message ?? `At most ${formatMoney(loan.fundingRemaining)}`}
              />
            )}
          />
        </Stack>
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
  const formId = useId();
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
  const { errors } = form.formState;
  const amount = (name: 'principalAmount' | 'interestAmount', label: string, remaining: number) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <NumberInput
          kind="currency"
          label={label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          required
          error={Boolean(errors[name])}
          helperText={errors[name]?.message ?? `Remaining ${formatMoney(remaining)}`}
        />
      )}
    />
  );
  return (
    <>
      <FormDialog
        title="Write Off Loan"
        formId={formId}
        submitLabel="Write Off"
        busy={writeOff.isPending}
        onClose={onClose}
      >
        <Stack
          component="form"
          id={formId}
          noValidate
          spacing={2}
          sx={{ mt: 1 }}
          onSubmit={form.handleSubmit(setConfirming)}
        >
          {amount('principalAmount', 'Principal Amount', loan.principalRemaining)}
          {amount('interestAmount', 'Interest Amount', loan.interestRemaining)}
        </Stack>
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
