import { zodResolver } from '@hookform/resolvers/zod';
import { centsFromNumber, formatMoney, formatPercent, type InvestorKind, truncateText } from '@lm/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useRef, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useIdempotencyKey } from '../../shared/api/idempotency-key';
import { AmountConfirmDialog } from '../../shared/dialogs/amount-confirm-dialog';
import { NumberInput } from '../../shared/inputs/number-input';
import { useInvestorInvest } from '../investments';
import { type InvestorInvestFacts, type InvestorInvestValues, investedAmount, investorInvestForm } from './invest-form';
import type { MarketplaceLoan, OwnAccount } from './marketplace-api';

/** Account names in a selector are cut at 60 characters (spec core §9). */
const accountNameShownMax = 60;
const cents = (value: number) => centsFromNumber(value, true);

/**
 * The investor's Invest dialog (spec core §2.6, §5): an account and an amount, checked with the
 * domain's words; then the amount is typed again to confirm ('Please enter the same amount to
 * confirm') and POST api/user/loans/{id}/invest goes out with an Idempotency-Key.
 */
export function InvestorInvestDialog({
  loan,
  accounts,
  accountId,
  kind,
  onClose,
  onDone,
}: {
  loan: MarketplaceLoan;
  accounts: readonly OwnAccount[];
  /** The account chosen in the header. */
  accountId: number | null;
  kind: InvestorKind;
  onClose: () => void;
  onDone: () => void;
}) {
  const titleId = useId();
  const formId = useId();
  const facts = useRef<InvestorInvestFacts>({ remainingCents: 0n, availableCents: null, kind });
  const resolver: Resolver<InvestorInvestValues, unknown, { investmentAccountId: number; amount: number }> = (
    values,
    context,
    options,
  ) => zodResolver(investorInvestForm(facts.current))(values as never, context, options as never) as never;
  const form = useForm<InvestorInvestValues, unknown, { investmentAccountId: number; amount: number }>({
    resolver,
    defaultValues: { investmentAccountId: accountId, amount: null },
  });
  const chosenId = form.watch('investmentAccountId');
  const account = accounts.find((a) => a.id === chosenId) ?? null;
  facts.current = {
    remainingCents: cents(loan.fundingRemaining),
    availableCents: account ? cents(account.availableBalance) : null,
    kind,
  };
  const [confirming, setConfirming] = useState<{ investmentAccountId: number; amount: number } | null>(null);
  const invest = useInvestorInvest(loan.id);
  // one key per opened confirmation, resent when Invest is pressed again after a failure
  const key = useIdempotencyKey(confirming && { loanId: loan.id, ...confirming });
  const done = () => {
    onDone();
    onClose();
  };
  const { errors } = form.formState;
  return (
    <>
      <Dialog open={confirming === null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>Invest</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {loan.name}: {formatMoney(loan.fundingRemaining)} remaining at {formatPercent(loan.marketplaceRate)} p.a.
          </DialogContentText>
          <Stack
            component="form"
            id={formId}
            noValidate
            spacing={2}
            sx={{ mt: 2 }}
            onSubmit={form.handleSubmit((values) =>
              setConfirming({
                investmentAccountId: values.investmentAccountId,
                amount: investedAmount(values.amount, kind),
              }),
            )}
          >
            <Controller
              control={form.control}
              name="investmentAccountId"
              render={({ field }) => (
                <TextField
                  select
                  label="Investment Account"
                  value={field.value === null ? '' : String(field.value)}
                  onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  required
                  error={Boolean(errors.investmentAccountId)}
                  helperText={
                    errors.investmentAccountId?.message ??
                    (account ? `Available balance ${formatMoney(account.availableBalance)}` : ' ')
                  }
                >
                  {accounts.map((a) => (
                    <MenuItem key={a.id} value={String(a.id)}>
                      {truncateText(a.name, accountNameShownMax)} ({a.id})
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
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
                  autoFocus
                  error={Boolean(errors.amount)}
                  helperText={errors.amount?.message ?? ' '}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" form={formId} variant="contained">
            Invest
          </Button>
        </DialogActions>
      </Dialog>
      {confirming && (
        <AmountConfirmDialog
          open
          title="Confirm Investment"
          amount={confirming.amount}
          message={`Please re-enter the amount of ${formatMoney(confirming.amount)} to confirm your investment in ${loan.name}.`}
          confirmLabel="Invest"
          onConfirm={() => invest.mutateAsync({ ...confirming, key }).then(done)}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
