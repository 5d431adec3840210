import { zodResolver } from '@hookform/resolvers/zod';
import {
  investorGroupEditableFields,
  investorGroupEditForm,
  investorGroupStatuses,
  investorGroupStatusLabels,
} from '@lm/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmChangesDialog } from '../../shared/dialogs/confirm-changes-dialog';
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
  const titleId = useId();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(investorGroupEditForm),
    defaultValues: formValuesOf(group),
    mode: 'onTouched',
  });
  const [pending, setPending] = useState<EditInvestorGroupChanges | null>(null);
  const save = useEditInvestorGroup(group.id);
  const { errors, isDirty } = form.formState;
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
  const close = () => {
    form.reset(formValuesOf(group));
    onClose();
  };
  const changeList = pending ? Object.keys(pending).map((field) => labels[field as Field]) : [];
  return (
    <>
      <Dialog open={open && !pending} onClose={close} aria-labelledby={titleId} maxWidth="md" fullWidth>
        <DialogTitle id={titleId}>Edit Investor Group</DialogTitle>
        <DialogContent>
          <Grid
            container
            spacing={2}
            component="form"
            id="edit-investor-group-form"
            noValidate
            sx={{ pt: 1 }}
            onSubmit={form.handleSubmit((values) =>
              setPending(changedFields(group, values, investorGroupEditableFields) as EditInvestorGroupChanges),
            )}
          >
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
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" form="edit-investor-group-form" variant="contained" disabled={!isDirty}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmChangesDialog
        pending={pending}
        changes={changeList}
        subject="investor group"
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
