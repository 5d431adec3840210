import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  deleteQuery,
  listSearchOf,
  readSavedQueries,
  type SavedQuery,
  savedQueryNameLengthMax,
  saveQuery,
} from './saved-queries';

/**
 * The saved-query control: pick a saved query to apply it, save the current filter and sort
 * under a name, or delete the chosen one.
 */
export function SavedQueryControl({ listId, basePath }: { listId: string; basePath: string }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [queries, setQueries] = useState<SavedQuery[]>(() => readSavedQueries(listId));
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const titleId = useId();
  const current = listSearchOf(search);
  const selected = queries.find((q) => q.search === current)?.name ?? '';

  const save = () => {
    setQueries(saveQuery(listId, { name, search }));
    setSaving(false);
    setName('');
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label="Saved Query"
        value={selected}
        onChange={(event) => {
          const query = queries.find((q) => q.name === event.target.value);
          if (query) navigate(query.search ? `${basePath}?${query.search}` : basePath);
        }}
        sx={{ minWidth: 180 }}
      >
        {queries.length === 0 && (
          <MenuItem value="" disabled>
            No saved queries yet
          </MenuItem>
        )}
        {queries.map((q) => (
          <MenuItem key={q.name} value={q.name}>
            {q.name}
          </MenuItem>
        ))}
      </TextField>
      <Tooltip title="Save the current filter and sort" describeChild>
        <Button
          startIcon={<BookmarkAddOutlinedIcon />}
          onClick={() => setSaving(true)}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          Save Query
        </Button>
      </Tooltip>
      {selected && (
        <Tooltip title={`Delete the saved query ${selected}`}>
          <IconButton
            aria-label={`Delete the saved query ${selected}`}
            onClick={() => setQueries(deleteQuery(listId, selected))}
          >
            <DeleteOutlineIcon />
          </IconButton>
        </Tooltip>
      )}
      <Dialog open={saving} onClose={() => setSaving(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) save();
          }}
        >
          <DialogTitle id={titleId}>Save Query</DialogTitle>
          <DialogContent>
            <TextField
              sx={{ mt: 1 }}
              fullWidth
              autoFocus
              label="Query name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              slotProps={{ htmlInput: { maxLength: savedQueryNameLengthMax } }}
              helperText="Saves the current filter, sort and page size in this browser."
              required
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setSaving(false)}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={!name.trim()}>
              Save
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Stack>
  );
}
