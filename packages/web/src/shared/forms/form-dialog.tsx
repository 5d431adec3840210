import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type FormEventHandler, type ReactNode, useId } from 'react';

/**
 * A dialog that is one form: the title, an optional sentence of what it acts on, the fields, and
 * Cancel and the submit button. While `busy` it cannot be closed or sent again. The form's
 * confirmation (shared/dialogs) opens over it; `open={false}` hides it meanwhile where the
 * confirmation replaces it.
 */
export function FormDialog({
  title,
  intro,
  submitLabel,
  onSubmit,
  onClose,
  busy = false,
  submitDisabled = false,
  open = true,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  busy?: boolean;
  submitDisabled?: boolean;
  open?: boolean;
  /** Buttons before the submit button (Calculate, Preview). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {intro && <DialogContentText>{intro}</DialogContentText>}
          <Stack spacing={2} sx={{ mt: intro ? 2 : 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          {actions}
          <Button type="submit" variant="contained" disabled={busy || submitDisabled}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
