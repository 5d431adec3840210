import Button from '@mui/material/Button';
import { useState } from 'react';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { type StaffMail as Mail, useSendInvestorMail } from './investors-api';

const texts: Record<Mail, { button: string; title: string; message: (email: string) => string }> = {
  reset: {
    button: 'Send Reset Password Email',
    title: 'Send Reset Password Email',
    message: (email) => `Send a password reset email to ${email}? It carries a code that sets a new password.`,
  },
  verification: {
    button: 'Send Verification Email',
    title: 'Send Verification Email',
    message: (email) => `Send a verification email to ${email}? It carries a code to verify the address.`,
  },
};

/** The investor's reset-password and verification mails, each behind a confirmation (by username). */
export function SendEmailButtons({ username }: { username: string }) {
  const [open, setOpen] = useState<Mail | null>(null);
  const send = useSendInvestorMail(username);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen('reset')}>
        {texts.reset.button}
      </Button>
      <Button variant="outlined" onClick={() => setOpen('verification')}>
        {texts.verification.button}
      </Button>
      {open && (
        <ConfirmDialog
          open
          title={texts[open].title}
          message={texts[open].message(username)}
          confirmLabel="Send"
          onConfirm={() => send.mutateAsync(open)}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
