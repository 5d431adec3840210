import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessages, fundsTexts, type VerifyWithdrawalBody, verifyWithdrawalBody } from '@lm/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../shared/api/api-error';
import { notifyError, toast } from '../../shared/toast/toast-store';
import { verifyWithdrawal } from './funds-api';

/** The verified-withdrawal toast stays 10 s (investor-and-admin §9). */
export const withdrawalVerifiedToastMs = 10_000;

/** Refusals after which this request can no longer be verified: the dialog closes. */
const requestEndedMessages: readonly string[] = [
  accountMessages.codeExpired,
  accountMessages.codeTriesExhausted,
  accountMessages.notAwaitingVerification,
  accountMessages.withdrawalRequestNotFound,
];

export interface LodgedRequest {
  accountId: number;
  requestId: number;
}

/**
 * The code dialog of Withdraw Funds (investor-and-admin §2, §5): the 6-digit code mailed when the
 * withdrawal was lodged. A wrong code keeps the dialog open (the server counts the tries); an
 * expired or exhausted request closes it.
 */
export function VerifyWithdrawalDialog({
  request,
  onVerified,
  onEnded,
  onClose,
}: {
  request: LodgedRequest | null;
  onVerified: () => void;
  /** The request can no longer be verified (expired, too many tries): balances need a refresh. */
  onEnded: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const form = useForm<z.input<typeof verifyWithdrawalBody>, unknown, VerifyWithdrawalBody>({
    resolver: zodResolver(verifyWithdrawalBody),
    defaultValues: { verificationCode: '' },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const verify = form.handleSubmit(async (values) => {
    if (!request) return;
    setBusy(true);
    try {
      const response = await verifyWithdrawal(request, values);
      // not through the mutation cache: this toast stays 10 s, not the usual 5
      toast.success(response.userMessage || accountMessages.withdrawalVerified, withdrawalVerifiedToastMs);
      form.reset();
      onVerified();
    } catch (error) {
      notifyError(error);
      if (error instanceof ApiError && requestEndedMessages.includes(error.userMessage)) {
        form.reset();
        onEnded();
      } else {
        form.setValue('verificationCode', '');
        form.setFocus('verificationCode');
      }
    } finally {
      setBusy(false);
    }
  });
  const { errors } = form.formState;
  return (
    <Dialog
      open={request !== null}
      onClose={busy ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <form noValidate onSubmit={verify}>
        <DialogTitle id={titleId}>Verify Withdrawal</DialogTitle>
        <DialogContent>
          <DialogContentText>{fundsTexts.withdrawalCodeSent}</DialogContentText>
          <DialogContentText variant="body2" sx={{ mt: 1 }}>
            {fundsTexts.withdrawalVerifyLater}
          </DialogContentText>
          <TextField
            sx={{ mt: 2 }}
            fullWidth
            label="Verification code"
            autoComplete="one-time-code"
            autoFocus
            {...form.register('verificationCode')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' } }}
            error={Boolean(errors.verificationCode)}
            helperText={errors.verificationCode?.message ?? ' '}
            required
          />
        </DialogContent>
        <DialogActions>
          {/* closing keeps the request awaiting verification (Withdrawal Requests below the form) */}
          <Button onClick={close} disabled={busy}>
            Later
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Verify
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
