import { zodResolver } from '@hookform/resolvers/zod';
import { investorEditableFields, investorEditForm, roleLabels } from '@lm/domain';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EditRecordDialog, labelsOfFields } from '../../shared/dialogs/edit-record-dialog';
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
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(investorEditForm),
    defaultValues: formValuesOf(user),
    mode: 'onTouched',
  });
  const save = useEditInvestor(user.id, investorId);
  const { errors } = form.formState;
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
  return (
    <EditRecordDialog
      title="Edit Investor"
      subject="investor"
      open={open}
      form={form}
      changeLabels={labelsOfFields(labels)}
      changesOf={(values) => changedFields(user, values, investorEditableFields) as EditInvestorChanges}
      valuesOfRecord={() => formValuesOf(user)}
      save={async (changes) => formValuesOf((await save.mutateAsync(changes)).data)}
      onClose={onClose}
    >
      <Grid container spacing={2}>
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
    </EditRecordDialog>
  );
}
