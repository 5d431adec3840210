import { zodResolver } from '@hookform/resolvers/zod';
import { clientEditBody } from '@lm/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { clientTexts } from './client-texts';
import { type ClientView, useEditClient } from './clients-api';

/** Edit Client (management; investor-and-admin §2): the name, a confirmation, then PUT api/clients/{id}. */
export function EditClientDialog({ client, onClose }: { client: ClientView; onClose: () => void }) {
  const titleId = useId();
  const formId = useId();
  const form = useForm<{ name: string }>({
    resolver: zodResolver(clientEditBody.pick({ name: true })),
    defaultValues: { name: client.name },
  });
  const [confirming, setConfirming] = useState<string | null>(null);
  const edit = useEditClient(client.id);
  const save = (name: string) => edit.mutateAsync(name).then(onClose);
  const { errors, isDirty } = form.formState;
  return (
    <>
      <Dialog open={confirming === null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>Edit Client</DialogTitle>
        <DialogContent>
          <form id={formId} noValidate onSubmit={form.handleSubmit((values) => setConfirming(values.name))}>
            <TextField
              sx={{ mt: 1 }}
              label="Client Name"
              fullWidth
              required
              {...form.register('name')}
              error={Boolean(errors.name)}
              helperText={errors.name?.message ?? ' '}
            />
          </form>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" form={formId} variant="contained" disabled={!isDirty}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
      {confirming !== null && (
        <ConfirmDialog
          open
          title="Confirm Edit"
          message={clientTexts.confirmEdit(client.name, confirming)}
          onConfirm={() => save(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
