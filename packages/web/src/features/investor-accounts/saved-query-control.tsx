import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LabelledSelect } from '../../shared/inputs/labelled-select';
import { onDemand } from '../../shared/lazy/on-demand';
import { deleteQuery, listSearchOf, readSavedQueries, type SavedQuery, saveQuery } from './saved-queries';

// the name's dialog loads when it opens: the list paints its first rows without the dialogs' inputs
const SaveQueryDialog = onDemand(() => import('./save-query-dialog').then((m) => m.SaveQueryDialog));

/**
 * The saved-query control: pick a saved query to apply it, save the current filter and sort
 * under a name, or delete the chosen one.
 */
export function SavedQueryControl({ listId, basePath }: { listId: string; basePath: string }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [queries, setQueries] = useState<SavedQuery[]>(() => readSavedQueries(listId));
  const [saving, setSaving] = useState(false);
  const current = listSearchOf(search);
  const selected = queries.find((q) => q.search === current)?.name ?? '';

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <LabelledSelect
        label="Saved Query"
        size="small"
        sx={{ minWidth: 180 }}
        value={selected}
        onChange={(name) => {
          const query = queries.find((q) => q.name === name);
          if (query) navigate(query.search ? `${basePath}?${query.search}` : basePath);
        }}
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
      </LabelledSelect>
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
      {saving && (
        <SaveQueryDialog
          onSave={(name) => {
            setQueries(saveQuery(listId, { name, search }));
            setSaving(false);
          }}
          onClose={() => setSaving(false)}
        />
      )}
    </Stack>
  );
}
