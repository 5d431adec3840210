import { accountChoiceLabel, type accountListShape, formatMoney, formatPercent, type ListRow } from '@lm/domain';
import { accountListRoute } from '@lm/domain/routes';
import type { Ref } from 'react';
import { callRoute } from '../api/call-route';
import { SearchPicker } from './search-picker';

/** An investment account as GET api/investmentAccounts answers it (the fields the invest dialog reads). */
export type PickedAccount = Pick<
  ListRow<typeof accountListShape>,
  'id' | 'name' | 'type' | 'availableBalance' | 'currentBalance' | 'mandateRate'
>;

/** Up to `top` investment accounts matching an OData filter, id ascending (the account picker). */
export function accountPickerQuery(filter: string | undefined, top: number) {
  return {
    queryKey: ['investmentAccounts', 'picker', filter ?? ''] as const,
    queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<PickedAccount[]> =>
      (
        await callRoute(accountListRoute, {
          query: { ...(filter ? { $filter: filter } : {}), $orderby: 'id asc', $top: String(top) },
          ...(signal ? { signal } : {}),
        })
      ).data,
  };
}

const optionsMax = 20;

export const accountLabel = (account: PickedAccount) => accountChoiceLabel(account);

/** Chooses any investment account by id or name (management invests for an account, sells to buyers). */
export function AccountPicker({
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  helperText,
  disabled,
  label = 'Investment Account',
}: {
  value: PickedAccount | null;
  onChange: (account: PickedAccount | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  label?: string;
}) {
  return (
    <SearchPicker
      value={value}
      onChange={onChange}
      optionLabel={accountLabel}
      query={(filter) => accountPickerQuery(filter, optionsMax)}
      renderOption={(account) => (
        <>
          {accountLabel(account)}: available {formatMoney(account.availableBalance)}
          {account.mandateRate !== null ? `, mandate ${formatPercent(account.mandateRate)}` : ''}
        </>
      )}
      label={label}
      helperText={helperText ?? 'Type a name or an account id'}
      required
      error={error ?? false}
      disabled={disabled ?? false}
      {...(inputRef ? { inputRef } : {})}
      {...(onBlur ? { onBlur } : {})}
    />
  );
}
