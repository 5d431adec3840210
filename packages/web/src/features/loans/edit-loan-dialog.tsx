import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { type Control, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { EditRecordDialog } from '../../shared/dialogs/edit-record-dialog';
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
  const original = useMemo(() => loanToForm(loan), [loan]);
  const form = useForm<EditLoanForm, unknown, unknown>({ resolver, defaultValues: original, mode: 'onTouched' });
  const save = useEditLoan(loan.id);
  return (
    <EditRecordDialog
      title="Edit Loan"
      subject="loan"
      open
      maxWidth="lg"
      form={form}
      // nothing changed: the id alone, which the confirm step names nothing of
      changesOf={() => changedLoanFields(loan.id, original, form.getValues()) ?? { id: loan.id }}
      changeLabels={(changes) =>
        Object.keys(changes).flatMap((key) => {
          if (key === 'id') return [];
          if (key === 'loanDetails' && changes.loanDetails) return Object.keys(changes.loanDetails).map(loanFieldLabel);
          return [loanFieldLabel(key)];
        })
      }
      valuesOfRecord={() => original}
      save={async (changes) => {
        await save.mutateAsync(changes);
        onDone();
        return form.getValues();
      }}
      onClose={onClose}
    >
      <LoanFields
        control={form.control as unknown as Control<LoanFieldsForm>}
        errors={form.formState.errors as unknown as FieldErrors<LoanFieldsForm>}
        locked={(field) => fieldLocked(field, loan)}
        withMarketplaceStatus
      />
    </EditRecordDialog>
  );
}
