import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { messageOf } from '../api/api-error';
import { exportCell } from '../list/columns';
import type { Column } from '../list/list-types';
import { type CsvOptions, csvDefaults, csvFileName, toCsv } from './csv';

export type ExportScope = 'page' | 'all';

export interface ExportCsvDialogProps<R> {
  open: boolean;
  onClose: () => void;
  columns: readonly Column<R>[];
  /** The rows to write: the page on screen, or every matching row (up to allRowsMax). */
  fetchRows: (scope: ExportScope) => Promise<readonly R[]>;
  fileName: string;
  /** Offer the choice between this page and all rows (server-paged lists). */
  scopes?: boolean;
}

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The CSV export dialog: comma, CRLF, header on, quotes off by default (spec core §9). */
export function ExportCsvDialog<R>({
  open,
  onClose,
  columns,
  fetchRows,
  fileName,
  scopes = true,
}: ExportCsvDialogProps<R>) {
  const [options, setOptions] = useState<CsvOptions>(csvDefaults);
  const [name, setName] = useState(fileName);
  const [scope, setScope] = useState<ExportScope>('page');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const exported = columns.filter((c) => c.exportable !== false);

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const rows = await fetchRows(scope);
      const csv = toCsv(
        exported.map((c) => c.header),
        rows.map((row) => exported.map((c) => exportCell(c, row))),
        options,
      );
      download(csv, csvFileName(name));
      onClose();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="export-csv-title">
      <DialogTitle id="export-csv-title">Export to CSV</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label="File name" value={name} onChange={(e) => setName(e.target.value)} />
          {scopes && (
            <TextField select label="Rows" value={scope} onChange={(e) => setScope(e.target.value as ExportScope)}>
              <MenuItem value="page">This page</MenuItem>
              <MenuItem value="all">All matching rows</MenuItem>
            </TextField>
          )}
          <TextField
            select
            label="Delimiter"
            value={options.delimiter}
            onChange={(e) => setOptions({ ...options, delimiter: e.target.value as CsvOptions['delimiter'] })}
          >
            <MenuItem value=",">Comma</MenuItem>
            <MenuItem value=";">Semicolon</MenuItem>
            <MenuItem value={'\t'}>Tab</MenuItem>
          </TextField>
          <TextField
            select
            label="Line endings"
            value={options.newline}
            onChange={(e) => setOptions({ ...options, newline: e.target.value as CsvOptions['newline'] })}
          >
            <MenuItem value={'\r\n'}>Windows (CRLF)</MenuItem>
            <MenuItem value={'\n'}>Unix (LF)</MenuItem>
          </TextField>
          <FormControlLabel
            control={
              <Switch checked={options.header} onChange={(e) => setOptions({ ...options, header: e.target.checked })} />
            }
            label="Header row"
          />
          <FormControlLabel
            control={
              <Switch
                checked={options.quoteAll}
                onChange={(e) => setOptions({ ...options, quoteAll: e.target.checked })}
              />
            }
            label="Quote every value"
          />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={run} disabled={busy || exported.length === 0}>
          Export
        </Button>
      </DialogActions>
    </Dialog>
  );
}
