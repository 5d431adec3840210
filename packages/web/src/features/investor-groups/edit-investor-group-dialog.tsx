import { zodResolver } from '@hookform/resolvers/zod';
import {
  investorGroupEditableFields,
  investorGroupEditForm,
  investorGroupStatuses,
  investorGroupStatusLabels,
} from '@lm/domain';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EditRecordDialog, labelsOfFields } from '../../shared/dialogs/edit-record-dialog';
import { changedFields } from '../investors';
import { type EditInvestorGroupChanges, type InvestorGroupView, useEditInvestorGroup } from './investor-groups-api';

type FormInput = z.input<typeof investorGroupEditForm>;
type FormOutput = z.output<typeof investorGroupEditForm>;
type Field = (typeof investorGroupEditableFields)[number];

const labels: Record<Field, string> = {
  name: 'Name',
  acn: 'ACN',
  abn: 'ABN',
  email: 'Email',
  status: 'Status',
  entityType: 'Entity Type',
  type: 'Type',
  notes: 'Notes',
};

function formValuesOf(group: InvestorGroupView): FormInput {
  return {
    name: group.name,
    acn: group.acn ?? '',
    abn: group.abn ?? '',
    email: group.email ?? '',
    status: (investorGroupStatuses as readonly string[]).includes(group.status)
      ? (group.status as FormInput['status'])
      : 'ACTIVE',
    entityType: group.entityType ?? '',
    type: group.type ?? '',
    notes: group.notes ?? '',
  };
}

/**
 * Edit Investor Group (investor-and-admin §2): everything except the id, which is shown
 * read-only; notes multiline. Save opens the confirm step; on success the group is refetched.
 */
export function EditInvestorGroupDialog({
  group,
  open,
  onClose,
}: {
  group: InvestorGroupView;
  open: boolean;
  onClose: () => void;
}) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(investorGroupEditForm),
    defaultValues: formValuesOf(group),
    mode: 'onTouched',
  });
  const save = useEditInvestorGroup(group.id);
  const { errors } = form.formState;
  const text = (field: Exclude<Field, 'status'>, multiline = false) => (
    <TextField
      label={labels[field]}
      fullWidth
      autoComplete="off"
      {...form.register(field)}
      error={Boolean(errors[field])}
      helperText={errors[field]?.message ?? ' '}
      required={field === 'name'}
      {...(multiline ? { multiline: true, minRows: 3 } : {})}
    />
  );
  return (
    <EditRecordDialog
      title="Edit Investor Group"
      subject="investor group"
      open={open}
      form={form}
      changeLabels={labelsOfFields(labels)}
      changesOf={(values) => changedFields(group, values, investorGroupEditableFields) as EditInvestorGroupChanges}
      valuesOfRecord={() => formValuesOf(group)}
      save={async (changes) => formValuesOf((await save.mutateAsync(changes)).data)}
      onClose={onClose}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField label="ID" value={group.id} fullWidth disabled helperText="Read-only" />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>{text('name')}</Grid>
        <Grid size={{ xs: 12, md: 4 }}>{text('abn')}</Grid>
        <Grid size={{ xs: 12, md: 4 }}>{text('acn')}</Grid>
        <Grid size={{ xs: 12, md: 4 }}>{text('email')}</Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <TextField
                select
                label={labels.status}
                fullWidth
                {...field}
                error={Boolean(errors.status)}
                helperText={errors.status?.message ?? ' '}
              >
                {investorGroupStatuses.map((status) => (
                  <MenuItem key={status} value={status}>
                    {investorGroupStatusLabels[status]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>{text('entityType')}</Grid>
        <Grid size={{ xs: 12, md: 4 }}>{text('type')}</Grid>
        <Grid size={12}>{text('notes', true)}</Grid>
      </Grid>
    </EditRecordDialog>
  );
}
