import { zodResolver } from '@hookform/resolvers/zod';
import type { EditLoanBody } from '@lm/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useMemo, useState } from 'react';
import { type Control, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import type { LoanDialogProps } from './loan-dialogs';
import { LoanFields, type LoanFieldsForm, loanFieldLabel } from './loan-fields';
import {
  changedLoanFields,
  type EditLoanForm,
  editLoanFormSchema,
  fieldLocked,
  loanToForm,
  requiredNumberMessage,
} from './loan-form';
import { useEditLoan } from './loans-api';

const resolver: Resolver<EditLoanForm, unknown, unknown> = (values, context, options) =>
  zodResolver(editLoanFormSchema as never, { error: requiredNumberMessage } as never)(
    values as never,
    context,
    options as never,
  ) as never;

/**
 * Edit Loan (management, core §4 "Loan flow"): the edit dialog, a confirm dialog, then PUT
 * api/loans/{id} with only the changed fields and the id; on success the loan reloads and the dialog
 * closes. The funding terms of a fully funded loan are locked, as the server keeps them.
 */
export function EditLoanDialog({ loan, onClose, onDone }: LoanDialogProps) {
  const titleId = useId();
  const formId = useId();
  const original = useMemo(() => loanToForm(loan), [loan]);
  const form = useForm<EditLoanForm, unknown, unknown>({ resolver, defaultValues: original, mode: 'onTouched' });
  const [pending, setPending] = useState<EditLoanBody | null | undefined>(undefined);
  const save = useEditLoan(loan.id);
  const changes = pending ? Object.keys(pending).filter((key) => key !== 'id') : [];
  const changeLabels = changes.flatMap((key) =>
    key === 'loanDetails' && pending?.loanDetails
      ? Object.keys(pending.loanDetails).map(loanFieldLabel)
      : [loanFieldLabel(key)],
  );
  return (
    <>
      <Dialog open={pending === undefined} onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
        <DialogTitle id={titleId}>Edit Loan</DialogTitle>
        <DialogContent>
          <form
            id={formId}
            noValidate
            style={{ paddingTop: 8 }}
            onSubmit={form.handleSubmit(() => setPending(changedLoanFields(loan.id, original, form.getValues())))}
          >
            <LoanFields
              control={form.control as unknown as Control<LoanFieldsForm>}
              errors={form.formState.errors as unknown as FieldErrors<LoanFieldsForm>}
              locked={(field) => fieldLocked(field, loan)}
              withMarketplaceStatus
            />
          </form>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" form={formId} variant="contained" disabled={!form.formState.isDirty}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
      {pending !== undefined && (
        <ConfirmDialog
          open
          title="Confirm Edit"
          message={
            pending === null
              ? 'Nothing has changed.'
              : `Please confirm the changes to this loan: ${changeLabels.join(', ')}.`
          }
          confirmDisabled={pending === null}
          onConfirm={async () => {
            if (pending) {
              await save.mutateAsync(pending);
              onDone();
              onClose();
            }
          }}
          onClose={() => setPending(undefined)}
        />
      )}
    </>
  );
}
