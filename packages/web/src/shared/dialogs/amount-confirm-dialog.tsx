import { formatMoney } from '@lm/domain';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { amountMismatchMessage, amountsMatch } from './amount-match';
import { ConfirmDialog } from './confirm-dialog';

export interface AmountConfirmDialogProps {
  open: boolean;
  title: string;
  amount: number;
  message?: ReactNode;
  confirmLabel?: string;
  onConfirm: () => unknown;
  onClose: () => void;
}

/** A confirmation that asks for the amount again and confirms only when it matches (investing, withdrawing). */
export function AmountConfirmDialog({
  open,
  title,
  amount,
  message,
  confirmLabel,
  onConfirm,
  onClose,
}: AmountConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const problem = amountMismatchMessage(typed, amount);
  const close = () => {
    setTyped('');
    onClose();
  };
  return (
    <ConfirmDialog
      open={open}
      title={title}
      message={message ?? `Please re-enter the amount of ${formatMoney(amount)} to confirm.`}
      onConfirm={onConfirm}
      onClose={close}
      confirmDisabled={!amountsMatch(typed, amount)}
      {...(confirmLabel ? { confirmLabel } : {})}
    >
      <TextField
        sx={{ mt: 2 }}
        label="Confirm amount"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        error={problem !== null}
        helperText={problem ?? ' '}
        autoFocus
      />
    </ConfirmDialog>
  );
}
