import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountMessages,
  type BankAccount,
  displayMessages,
  formatMoney,
  fundsTexts,
  Role,
  withdrawThrottleMs,
} from '@lm/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { siteConfig } from '../../app/site-config';
import { useIdempotencyKey } from '../../shared/api/idempotency-key';
import { AmountConfirmDialog } from '../../shared/dialogs/amount-confirm-dialog';
import { AmountField } from '../../shared/forms/number-field';
import { SelectField } from '../../shared/forms/text-fields';
import { createThrottle } from '../../shared/hooks/throttle';
import { useUser } from '../../shared/session/session-store';
import { toast } from '../../shared/toast/toast-store';
import { type OwnAccount, ownAccountsQuery } from '../accounts';
import { AccountSelect } from './account-select';
import { useLodgeWithdrawal, useOwnBankAccountsQuery, useRefreshBalances } from './funds-api';
import { type LodgedRequest, VerifyWithdrawalDialog } from './verify-withdrawal-dialog';
import { emptyWithdrawForm, type WithdrawFormOutput, type WithdrawFormValues, withdrawForm } from './withdraw-form';
import { WithdrawalRequestsPanel } from './withdrawal-requests-panel';

function bankAccountLabel(bank: BankAccount): string {
  return `${bank.name} (BSB ${bank.bsbNumber}, account ${bank.accountNumber})`;
}

function confirmMessage(values: WithdrawFormOutput, banks: readonly BankAccount[]): string {
  const bank = banks.find((b) => b.id === values.bankAccountId);
  const to = bank ? ` to ${bankAccountLabel(bank)}` : '';
  return `Please re-enter the amount of ${formatMoney(values.amount)} to confirm the withdrawal${to}.`;
}

function BalanceSummary({ account }: { account: OwnAccount }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={`Balances of ${account.name}`} role="group">
      <Stack component="dl" direction="row" spacing={4} sx={{ m: 0 }}>
        <Box>
          <Typography variant="caption" color="text.secondary" component="dt">
            Available Balance
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }} data-testid="withdraw-available-balance">
            {formatMoney(account.availableBalance)}
          </Typography>
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary" component="dt">
            Account Balance
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }} data-testid="withdraw-account-balance">
            {formatMoney(account.currentBalance)}
          </Typography>
        </Box>
      </Stack>
    </Paper>
  );
}

/**
 * The Profile's Withdraw Funds tab (investor-and-admin §2 Profile, §5, §7): choose the account,
 * the amount and the bank account; retype the amount to confirm; the withdrawal is lodged and a
 * code is mailed; the code dialog verifies it. On success the balances refresh and the form
 * resets. An account without a bank account shows the specification's message.
 */
export function WithdrawFundsTab() {
  const user = useUser();
  const readOnly = user.type !== Role.INVESTOR;
  const accounts = useQuery(ownAccountsQuery);
  const list = accounts.data ?? [];

  const availableRef = useRef<number | null>(null);
  const resolver: Resolver<WithdrawFormValues, unknown, WithdrawFormOutput> = (values, context, options) =>
    zodResolver(withdrawForm(availableRef.current))(values as never, context, options as never) as never;
  const form = useForm<WithdrawFormValues, unknown, WithdrawFormOutput>({
    resolver,
    defaultValues: emptyWithdrawForm,
  });
  const accountId = form.watch('investmentAccountId');
  const account = list.find((a) => a.id === accountId);
  availableRef.current = account ? account.availableBalance : null;

  // one account: it is the one
  const onlyAccountId = list.length === 1 ? list[0]?.id : undefined;
  useEffect(() => {
    if (onlyAccountId !== undefined && form.getValues('investmentAccountId') === null) {
      form.setValue('investmentAccountId', onlyAccountId);
    }
  }, [onlyAccountId, form]);

  // an empty account id skips the bank-account fetch (investor-and-admin §5)
  const bankAccounts = useOwnBankAccountsQuery(accountId);
  const banks = bankAccounts.data ?? [];
  const noBankAccount = accountId !== null && bankAccounts.isSuccess && banks.length === 0;
  const onlyBankId = banks.length === 1 ? banks[0]?.id : undefined;
  useEffect(() => {
    if (onlyBankId !== undefined && form.getValues('bankAccountId') === null) {
      form.setValue('bankAccountId', onlyBankId);
    }
  }, [onlyBankId, form]);

  const [confirming, setConfirming] = useState<WithdrawFormOutput | null>(null);
  // one key per opened confirmation, resent when Confirm is pressed again after a failure
  const key = useIdempotencyKey(confirming);
  const [lodged, setLodged] = useState<LodgedRequest | null>(null);
  const throttle = useRef(createThrottle(withdrawThrottleMs));

  const refreshBalances = useRefreshBalances();

  const lodge = useLodgeWithdrawal({ successMessage: accountMessages.withdrawalLodged, onLodged: setLodged });

  const lodgeConfirmed = async () => {
    if (!confirming) return;
    // the withdraw action is throttled to one in 5 s (investor-and-admin §9)
    if (!throttle.current()) {
      toast.info(accountMessages.withdrawThrottled);
      throw new Error(accountMessages.withdrawThrottled);
    }
    const { investmentAccountId, amount: value, bankAccountId } = confirming;
    await lodge.mutateAsync({
      accountId: investmentAccountId,
      body: { amount: value, bankAccountId },
      key,
    });
  };

  const resetForm = () => {
    form.reset({ ...emptyWithdrawForm, investmentAccountId: onlyAccountId ?? null });
  };

  const { errors } = form.formState;
  const disabled = readOnly || lodge.isPending;

  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Typography variant="h5" component="h2">
        Withdraw Funds
      </Typography>
      {readOnly && <Alert severity="info">{fundsTexts.readOnlyCannotWithdraw}</Alert>}
      {accounts.isPending ? (
        <Skeleton variant="rectangular" height={240} aria-label="Loading accounts" />
      ) : list.length === 0 ? (
        <Typography color="text.secondary">{displayMessages.noData}</Typography>
      ) : (
        <Stack
          component="form"
          spacing={2}
          noValidate
          aria-label="Withdraw Funds"
          onSubmit={form.handleSubmit((values) => setConfirming(values))}
        >
          <Controller
            control={form.control}
            name="investmentAccountId"
            render={({ field }) => (
              <AccountSelect
                accounts={list}
                value={field.value}
                onChange={(id) => {
                  field.onChange(id);
                  form.setValue('bankAccountId', null);
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(errors.investmentAccountId)}
                helperText={errors.investmentAccountId?.message ?? ' '}
                disabled={disabled}
                required
              />
            )}
          />
          {account && <BalanceSummary account={account} />}
          {noBankAccount ? (
            <Alert severity="warning">
              <AlertTitle>{accountMessages.noBankAccount}</AlertTitle>
              {fundsTexts.contactSupportForBankAccount(siteConfig.supportPhone, siteConfig.supportHours)}
            </Alert>
          ) : (
            <>
              <AmountField control={form.control} name="amount" label="Amount" disabled={disabled} required />
              <SelectField
                control={form.control}
                name="bankAccountId"
                label="Bank Account"
                options={banks.map((bank) => ({ value: bank.id, label: bankAccountLabel(bank) }))}
                disabled={disabled || accountId === null || bankAccounts.isPending}
                required
              />
              <div>
                <Button type="submit" variant="contained" disabled={disabled}>
                  Withdraw Funds
                </Button>
              </div>
            </>
          )}
        </Stack>
      )}
      {accountId !== null && <WithdrawalRequestsPanel accountId={accountId} readOnly={readOnly} onVerify={setLodged} />}
      {confirming && (
        <AmountConfirmDialog
          open
          title="Confirm Withdrawal"
          amount={confirming.amount}
          message={confirmMessage(confirming, banks)}
          confirmLabel="Withdraw"
          onConfirm={lodgeConfirmed}
          onClose={() => setConfirming(null)}
        />
      )}
      <VerifyWithdrawalDialog
        request={lodged}
        onVerified={() => {
          setLodged(null);
          refreshBalances();
          resetForm();
        }}
        onEnded={() => {
          setLodged(null);
          refreshBalances();
        }}
        onClose={() => setLodged(null)}
      />
    </Stack>
  );
}
