import { zodResolver } from '@hookform/resolvers/zod';
import { clientCreateForm } from '@lm/domain';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { PageTitle } from '../../shared/layout/page-title';
import { clientTexts } from './client-texts';
import { useCreateClient } from './clients-api';

/**
 * /clients/new (management; investor-and-admin §2 "Clients"): a single Client Name field, Back and
 * Create Client; a confirmation, then the new client opens at /clients/{id}.
 */
export default function NewClientPage() {
  const navigate = useNavigate();
  const form = useForm<{ name: string }>({ resolver: zodResolver(clientCreateForm), defaultValues: { name: '' } });
  const [confirming, setConfirming] = useState<string | null>(null);
  const create = useCreateClient();
  const createAndOpen = async (name: string) => {
    const response = await create.mutateAsync(name);
    navigate(`/clients/${response.data.id}`);
  };
  const { errors } = form.formState;
  return (
    <>
      <PageTitle title="New Client" />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 560 }}>
        <Stack
          component="form"
          noValidate
          spacing={2}
          aria-label="New Client"
          onSubmit={form.handleSubmit((values) => setConfirming(values.name))}
        >
          <TextField
            label="Client Name"
            {...form.register('name')}
            required
            autoFocus
            error={Boolean(errors.name)}
            helperText={errors.name?.message ?? ' '}
          />
          <Stack direction="row" spacing={1}>
            <Button component={Link} to="/clients">
              Back
            </Button>
            <Button type="submit" variant="contained" disabled={create.isPending}>
              Create Client
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {confirming !== null && (
        <ConfirmDialog
          open
          title="Create Client"
          message={clientTexts.confirmCreate(confirming)}
          confirmLabel="Create Client"
          onConfirm={() => createAndOpen(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
