import { zodResolver } from '@hookform/resolvers/zod';
import { type AccountListRow, accountMessages, depositDateBounds, formatDate, formatMoney } from '@lm/domain';
import { useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useIdempotencyKey } from '../../shared/api/idempotency-key';
import { serverToday } from '../../shared/api/server-today';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { DateField } from '../../shared/forms/date-field';
import { FormDialog } from '../../shared/forms/form-dialog';
import { AmountField } from '../../shared/forms/number-field';
import { TextInputField } from '../../shared/forms/text-fields';
import { useDepositFunds } from './investor-accounts-api';
import { type DepositFormOutput, type DepositFormValues, depositForm, emptyDepositForm } from './money-forms';

/**
 * Deposit Funds (management; investor-and-admin §2, §5, §7): money that reached the trust bank
 * account recorded into an investment account. Amount, deposit date (two months back to today),
 * the organisation's comment and an optional comment the investor sees; a confirmation, then
 * POST api/investmentAccounts/{id}/deposit with an Idempotency-Key.
 */
export default function DepositFundsDialog({ account, onClose }: { account: AccountListRow; onClose: () => void }) {
  const today = useMemo(() => serverToday(), []);
  const bounds = depositDateBounds(today);
  const form = useForm<DepositFormValues, unknown, DepositFormOutput>({
    resolver: zodResolver(depositForm(today)) as unknown as Resolver<DepositFormValues, unknown, DepositFormOutput>,
    defaultValues: emptyDepositForm(today),
  });
  const [confirming, setConfirming] = useState<DepositFormOutput | null>(null);
  // one key per opened confirmation, resent when Confirm is pressed again after a failure
  const key = useIdempotencyKey(confirming && { accountId: account.id, ...confirming });
  const deposit = useDepositFunds(account.id, {
    successMessage: accountMessages.depositSuccessful,
    onSuccess: onClose,
  });
  return (
    <>
      <FormDialog
        title="Deposit Funds"
        intro={`Into ${account.name} (${account.id}). Available balance ${formatMoney(account.availableBalance)}.`}
        submitLabel="Deposit"
        busy={deposit.isPending}
        onSubmit={form.handleSubmit(setConfirming)}
        onClose={onClose}
      >
        <AmountField control={form.control} name="amount" label="Deposit Amount" required autoFocus />
        <DateField
          control={form.control}
          name="depositDate"
          label="Deposit Date"
          minDate={bounds.from}
          maxDate={bounds.to}
          required
        />
        <TextInputField
          control={form.control}
          name="comment"
          label="Comment"
          hint="The organisation’s comment; investors do not see it."
          required
        />
        <TextInputField
          control={form.control}
          name="investorComment"
          label="Investor Comment"
          hint="Optional; shown to the investor."
        />
      </FormDialog>
      {confirming && (
        <ConfirmDialog
          open
          title="Confirm Deposit"
          message={`Deposit ${formatMoney(confirming.amount)} into ${account.name} (${account.id}) on ${formatDate(
            confirming.depositDate,
          )}?`}
          confirmLabel="Deposit"
          onConfirm={() => deposit.mutateAsync({ body: confirming, key })}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
