import type { FieldError, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { fieldProps } from '../inputs/register-field';
import { TextInput } from '../inputs/text-input';

/** The password rules, said under the new password until it breaks one (spec core §5). */
export const newPasswordHint =
  'At least 8 characters with a number, a lowercase and an uppercase letter and one of ! @ # $ % ^ & *';

interface NewPasswordValues extends FieldValues {
  newPassword: string;
  confirmPassword: string;
}

/**
 * New password and its confirmation, for Change Password and the reset with a code. Built on the
 * light text input, so the signed-out pages that use it stay small.
 */
export function NewPasswordFields<T extends NewPasswordValues>({ form }: { form: UseFormReturn<T> }) {
  const errors = form.formState.errors as Partial<Record<'newPassword' | 'confirmPassword', FieldError>>;
  return (
    <>
      <TextInput
        label="New password"
        type="password"
        autoComplete="new-password"
        {...fieldProps(form.register, 'newPassword' as Path<T>)}
        error={Boolean(errors.newPassword)}
        helperText={errors.newPassword?.message ?? newPasswordHint}
        required
      />
      <TextInput
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...fieldProps(form.register, 'confirmPassword' as Path<T>)}
        error={Boolean(errors.confirmPassword)}
        helperText={errors.confirmPassword?.message ?? ' '}
        required
      />
    </>
  );
}
