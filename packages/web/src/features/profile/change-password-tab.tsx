import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { NewPasswordFields } from '../../shared/forms/new-password-fields';
import { fieldProps } from '../../shared/inputs/register-field';
import { TextInput } from '../../shared/inputs/text-input';
import { type ChangePasswordForm, changePasswordForm } from '../session';
import { useChangePassword } from './profile-api';

/** Change Password (investor-and-admin §2, §5): enabled only with all three fields filled. */
export function ChangePasswordTab() {
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const change = useChangePassword({ onSuccess: () => form.reset() });
  const values = form.watch();
  const allFilled = values.oldPassword !== '' && values.newPassword !== '' && values.confirmPassword !== '';
  const { errors } = form.formState;
  return (
    <Stack
      component="form"
      spacing={2}
      sx={{ maxWidth: 480 }}
      noValidate
      aria-labelledby="change-password-heading"
      onSubmit={form.handleSubmit((v) => change.mutate({ oldPassword: v.oldPassword, newPassword: v.newPassword }))}
    >
      <Typography id="change-password-heading" variant="h5" component="h2">
        Change Password
      </Typography>
      <TextInput
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...fieldProps(form.register, 'oldPassword')}
        error={Boolean(errors.oldPassword)}
        helperText={errors.oldPassword?.message ?? ' '}
        required
      />
      <NewPasswordFields form={form} />
      <div>
        <Button type="submit" variant="contained" disabled={!allFilled || change.isPending}>
          Change Password
        </Button>
      </div>
    </Stack>
  );
}
