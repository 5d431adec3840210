import { zodResolver } from '@hookform/resolvers/zod';
import { accountChoiceLabel, centsFromNumber, formatMoney, formatPercent, type InvestorKind } from '@lm/domain';
import { useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useIdempotencyKey } from '../../shared/api/idempotency-key';
import { AmountConfirmDialog } from '../../shared/dialogs/amount-confirm-dialog';
import { FormDialog } from '../../shared/forms/form-dialog';
import { AmountField } from '../../shared/forms/number-field';
import { SelectField } from '../../shared/forms/text-fields';
import { useInvestorInvest } from '../investments';
import { type InvestorInvestFacts, type InvestorInvestValues, investedAmount, investorInvestForm } from './invest-form';
import type { MarketplaceLoan, OwnAccount } from './marketplace-api';

/** Account names in a selector are cut at 60 characters (spec core §9). */
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
  return (
    <>
      <FormDialog
        open={confirming === null}
        title="Invest"
        intro={`${loan.name}: ${formatMoney(loan.fundingRemaining)} remaining at ${formatPercent(loan.marketplaceRate)} p.a.`}
        submitLabel="Invest"
        busy={invest.isPending}
        onSubmit={form.handleSubmit((values) =>
          setConfirming({
            investmentAccountId: values.investmentAccountId,
            amount: investedAmount(values.amount, kind),
          }),
        )}
        onClose={onClose}
      >
        <SelectField
          control={form.control}
          name="investmentAccountId"
          label="Investment Account"
          options={accounts.map((a) => ({
            value: a.id,
            label: accountChoiceLabel(a),
          }))}
          hint={account ? `Available balance ${formatMoney(account.availableBalance)}` : undefined}
          required
        />
        <AmountField control={form.control} name="amount" label="Investment Amount" required autoFocus />
      </FormDialog>
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
