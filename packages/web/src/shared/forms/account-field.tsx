import type { FieldPath, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { AccountPicker, type PickedAccount } from '../inputs/account-picker';
import type { BoundFieldProps } from './field-binding';

/**
 * Any investment account, searched by id or name; the form keeps its id, the dialog the picked
 * account (its balance and mandate rate) through `account` and `onPick`.
 */
export function AccountField<T extends FieldValues, N extends FieldPath<T>, O>({
  control,
  name,
  label,
  hint,
  disabled,
  account,
  onPick,
}: Omit<BoundFieldProps<T, N, O>, 'hint'> & {
  hint?: string;
  account: PickedAccount | null;
  onPick: (account: PickedAccount | null) => void;
}) {
  const { field, fieldState } = useController({ control, name });
  const helper = fieldState.error?.message ?? hint;
  return (
    <AccountPicker
      label={label}
      value={account}
      onChange={(picked) => {
        field.onChange(picked ? picked.id : null);
        onPick(picked);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      disabled={disabled ?? false}
      {...(helper ? { helperText: helper } : {})}
    />
  );
}
