import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ConfirmChangesDialog } from './confirm-changes-dialog';

/** `changeLabels` for a form whose changes are its own fields: each changed field's label. */
export function labelsOfFields(labels: Readonly<Record<string, string>>): (changes: object) => string[] {
  return (changes) => Object.keys(changes).map((field) => labels[field] ?? field);
}

/**
 * The Edit dialog of a record (Edit Investor, Edit Investor Group, Edit Loan): its form, Cancel
 * (which puts the record's values back) and Save, enabled once a field has changed. Save opens the
 * confirm step naming each changed field (ConfirmChangesDialog: 'Nothing has changed.' when none
 * did); once saved, the form holds the saved record's values and the dialog closes.
 */
export function EditRecordDialog<Input extends FieldValues, Output, Changes extends object>({
  title,
  subject,
  open,
  form,
  changeLabels,
  changesOf,
  valuesOfRecord,
  save,
  onClose,
  maxWidth = 'md',
  children,
}: {
  title: string;
  /** What the confirm step calls the record ('investor'). */
  subject: string;
  open: boolean;
  form: UseFormReturn<Input, unknown, Output>;
  /** The labels of the fields the changes change, for the confirm step. */
  changeLabels: (changes: Changes) => string[];
  /** The fields the submitted values change. */
  changesOf: (values: Output) => Changes;
  /** The form's values for the record as it stands (Cancel puts them back). */
  valuesOfRecord: () => Input;
  /** Sends the changes; answers the form's values for the saved record. */
  save: (changes: Changes) => Promise<Input>;
  onClose: () => void;
  maxWidth?: 'md' | 'lg';
  /** The form's fields, laid out (a grid). */
  children: ReactNode;
}) {
  const titleId = useId();
  const formId = useId();
  const [pending, setPending] = useState<Changes | null>(null);
  const close = () => {
    form.reset(valuesOfRecord());
    onClose();
  };
  const changeList = pending ? changeLabels(pending) : [];
  return (
    <>
      <Dialog open={open && !pending} onClose={close} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Box
            component="form"
            id={formId}
            noValidate
            sx={{ pt: 1 }}
            onSubmit={form.handleSubmit((values) => setPending(changesOf(values)))}
          >
            {children}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" form={formId} variant="contained" disabled={!form.formState.isDirty}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmChangesDialog
        pending={pending}
        changes={changeList}
        subject={subject}
        onSave={async (changes) => {
          form.reset(await save(changes));
          onClose();
        }}
        onClose={() => setPending(null)}
      />
    </>
  );
}
