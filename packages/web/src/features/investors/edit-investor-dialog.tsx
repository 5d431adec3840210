import { zodResolver } from '@hookform/resolvers/zod';
import { investorEditableFields, investorEditForm, roleLabels } from '@lm/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmChangesDialog } from '../../shared/dialogs/confirm-changes-dialog';
import { changedFields } from './changed-fields';
import { type EditInvestorChanges, type InvestorUserView, useEditInvestor } from './investors-api';

type FormInput = z.input<typeof investorEditForm>;
type FormOutput = z.output<typeof investorEditForm>;

const labels: Record<(typeof investorEditableFields)[number], string> = {
  firstName: 'First Name',
  middleName: 'Middle Name',
  lastName: 'Last Name',
  mobileNumber1: 'Mobile Number 1',
  mobileNumber2: 'Mobile Number 2',
  homePhone: 'Contact Number',
  notes: 'Notes',
};

function formValuesOf(user: InvestorUserView): FormInput {
  return {
    firstName: user.firstName,
    middleName: user.middleName ?? '',
    lastName: user.lastName,
    mobileNumber1: user.mobileNumber1 ?? '',
    mobileNumber2: user.mobileNumber2 ?? '',
    homePhone: user.homePhone ?? '',
    notes: user.notes ?? '',
  };
}

/**
 * Edit Investor (investor-and-admin §2): names, mobile numbers, contact number and notes; email
 * and role are shown read-only. Save opens the confirm step; on success the investor is refetched.
 */
export function EditInvestorDialog({
  user,
  investorId,
  open,
  onClose,
}: {
  user: InvestorUserView;
  investorId: number;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(investorEditForm),
    defaultValues: formValuesOf(user),
    mode: 'onTouched',
  });
  const [pending, setPending] = useState<EditInvestorChanges | null>(null);
  const save = useEditInvestor(user.id, investorId);
  const { errors, isDirty } = form.formState;
  const text = (field: keyof FormInput, props: { multiline?: boolean; autoComplete?: string } = {}) => (
    <TextField
      label={labels[field]}
      fullWidth
      {...form.register(field)}
      error={Boolean(errors[field])}
      helperText={errors[field]?.message ?? ' '}
      required={field === 'firstName' || field === 'lastName'}
      {...(props.multiline ? { multiline: true, minRows: 3 } : {})}
      {...(props.autoComplete ? { autoComplete: props.autoComplete } : {})}
    />
  );
  const close = () => {
    form.reset(formValuesOf(user));
    onClose();
  };
  const changeList = pending ? Object.keys(pending).map((field) => labels[field as keyof typeof labels]) : [];
  return (
    <>
      <Dialog open={open && !pending} onClose={close} aria-labelledby={titleId} maxWidth="md" fullWidth>
        <DialogTitle id={titleId}>Edit Investor</DialogTitle>
        <DialogContent>
          <Grid
            container
            spacing={2}
            component="form"
            id="edit-investor-form"
            noValidate
            sx={{ pt: 1 }}
            onSubmit={form.handleSubmit((values) =>
              setPending(changedFields(user, values, investorEditableFields) as EditInvestorChanges),
            )}
          >
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField label="Email" value={user.email} fullWidth disabled helperText="Read-only" />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                label="Role"
                value={roleLabels[user.type as keyof typeof roleLabels] ?? user.type}
                fullWidth
                disabled
                helperText="Read-only"
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>{text('firstName', { autoComplete: 'off' })}</Grid>
            <Grid size={{ xs: 12, md: 4 }}>{text('middleName', { autoComplete: 'off' })}</Grid>
            <Grid size={{ xs: 12, md: 4 }}>{text('lastName', { autoComplete: 'off' })}</Grid>
            <Grid size={{ xs: 12, md: 4 }}>{text('mobileNumber1', { autoComplete: 'off' })}</Grid>
            <Grid size={{ xs: 12, md: 4 }}>{text('mobileNumber2', { autoComplete: 'off' })}</Grid>
            <Grid size={{ xs: 12, md: 4 }}>{text('homePhone', { autoComplete: 'off' })}</Grid>
            <Grid size={12}>{text('notes', { multiline: true })}</Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" form="edit-investor-form" variant="contained" disabled={!isDirty}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmChangesDialog
        pending={pending}
        changes={changeList}
        subject="investor"
        onSave={async (changes) => {
          const response = await save.mutateAsync(changes);
          form.reset(formValuesOf(response.data));
          onClose();
        }}
        onClose={() => setPending(null)}
      />
    </>
  );
}
