import { zodResolver } from '@hookform/resolvers/zod';
import { passwordMessages, sessionMessages } from '@lm/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { NewPasswordFields } from '../../shared/forms/new-password-fields';
import { fieldProps } from '../../shared/inputs/register-field';
import { TextInput } from '../../shared/inputs/text-input';
import { PageTitle } from '../../shared/layout/page-title';
import { Rule } from '../../shared/layout/rule';
import { notifyError, notifySuccess, toast } from '../../shared/toast/toast-store';
import { type ConfirmResetForm, confirmResetForm, resetEmailForm } from './password-schemas';
import { useConfirmReset, useSendResetCode } from './session-api';

/**
 * Forgot Password (spec core §4, investor-and-admin §4): request a code by email (the email is
 * locked once sent), or open Enter Code directly; then the code and a new password; success
 * goes to /login.
 */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const [enterCode, setEnterCode] = useState(false);

  const sendCode = useSendResetCode();
  const requestSent = {
    onSuccess: (response: { userMessage?: string }) => {
      setCodeSent(true);
      setEnterCode(true);
      toast.info(response.userMessage || sessionMessages.resetCodeSent);
    },
    // an error toast of this action goes once the action succeeds (toast-store)
    onError: notifyError,
  };

  const form = useForm<ConfirmResetForm>({
    resolver: zodResolver(confirmResetForm),
    defaultValues: { confirmationCode: '', newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });

  const confirm = useConfirmReset();
  const resetDone = {
    onSuccess: (response: { userMessage?: string }) => {
      notifySuccess(sessionMessages.passwordReset, response.userMessage);
      navigate('/login', { replace: true });
    },
    // an error toast of this action goes once the action succeeds (toast-store)
    onError: notifyError,
  };

  const requestCode = () => {
    const parsed = resetEmailForm.safeParse({ email });
    if (!parsed.success) {
      setEmailError(passwordMessages.email);
      return;
    }
    setEmailError(null);
    sendCode.mutate(parsed.data.email, requestSent);
  };

  const submitReset = form.handleSubmit((values) => {
    const parsed = resetEmailForm.safeParse({ email });
    if (!parsed.success) {
      setEmailError(passwordMessages.email);
      return;
    }
    confirm.mutate(
      {
        username: parsed.data.email,
        password: values.newPassword,
        confirmationCode: values.confirmationCode.trim(),
      },
      resetDone,
    );
  });

  const { errors } = form.formState;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Paper variant="outlined" sx={{ p: 4, width: '100%', maxWidth: 480 }}>
        <PageTitle title="Forgot Password" />
        <Stack
          component="form"
          spacing={2}
          aria-label="Request a code"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            requestCode();
          }}
        >
          <Typography variant="body2" color="text.secondary">
            Enter the email address you sign in with. We will email you a 6-digit verification code.
          </Typography>
          <TextInput
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={codeSent}
            error={emailError !== null}
            helperText={
              emailError ??
              (codeSent
                ? 'A code has been sent to this address.'
                : enterCode
                  ? 'The address the code was sent to.'
                  : ' ')
            }
            required
          />
          <Stack direction="row" spacing={2}>
            <Button type="submit" variant="contained" disabled={codeSent || sendCode.isPending || email.trim() === ''}>
              Send Code
            </Button>
            <Button variant="outlined" onClick={() => setEnterCode(true)} disabled={enterCode}>
              Enter Code
            </Button>
          </Stack>
          {codeSent && <Alert severity="info">Check your email for the code. It expires in 15 minutes.</Alert>}
        </Stack>

        {enterCode && (
          <>
            <Rule sx={{ my: 3 }} />
            <Stack component="form" spacing={2} aria-label="Reset your password" noValidate onSubmit={submitReset}>
              <Typography variant="h6" component="h2">
                Enter Code
              </Typography>
              <TextInput
                label="Verification code"
                autoComplete="one-time-code"
                inputProps={{ inputMode: 'numeric', maxLength: 6 }}
                {...fieldProps(form.register, 'confirmationCode')}
                error={Boolean(errors.confirmationCode)}
                helperText={errors.confirmationCode?.message ?? ' '}
                required
              />
              <NewPasswordFields form={form} />
              <Button type="submit" variant="contained" disabled={confirm.isPending}>
                Reset Password
              </Button>
            </Stack>
          </>
        )}
        <Box sx={{ mt: 3 }}>
          <Link component={RouterLink} to="/login">
            Back to Login
          </Link>
        </Box>
      </Paper>
    </Box>
  );
}
