import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { AppDatePicker } from '../inputs/date-picker';
import { NumberInput } from '../inputs/number-input';
import { blocksConfirm, evaluateRules, type FieldValue, type RuleResult } from './field-rules';
import {
  type FilterField,
  type FilterValues,
  fileValuesMax,
  termUnitsDefault,
  withDefaultRules,
} from './filter-fields';

export interface FilterDialogProps {
  open: boolean;
  title: string;
  fields: readonly FilterField[];
  values: FilterValues;
  onApply: (values: FilterValues) => void;
  onClose: () => void;
}

function single(value: FieldValue): string {
  return typeof value === 'string' ? value : '';
}

function numberOrNull(text: string): number | null {
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** Splits an uploaded list of values (one per line, or separated by commas or semicolons). */
export function valuesFromFileText(text: string): string[] {
  const values = text
    .split(/[\r\n,;\t]+/)
    .map((v) => v.trim().replace(/^"(.*)"$/, '$1'))
    .filter((v) => v !== '');
  return [...new Set(values)];
}

function FieldInput({
  field,
  value,
  onChange,
  problem,
}: {
  field: FilterField;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  problem: RuleResult | undefined;
}) {
  const fileInputId = useId();
  const helperText = problem?.message ?? field.helperText ?? ' ';
  const error = problem?.severity === 'critical';
  const warn = problem?.severity === 'alert' ? { '& .MuiFormHelperText-root': { color: 'warning.main' } } : undefined;
  switch (field.type) {
    case 'string':
      return (
        <TextField
          label={field.label}
          value={single(value)}
          onChange={(e) => onChange(e.target.value)}
          error={error}
          helperText={helperText}
          sx={warn}
        />
      );
    case 'integer':
    case 'currency':
    case 'percentage':
      return (
        <NumberInput
          kind={field.type}
          label={field.label}
          value={numberOrNull(single(value))}
          onChange={(n) => onChange(n === null ? undefined : String(n))}
          error={error}
          helperText={helperText}
          sx={warn}
        />
      );
    case 'boolean':
      return (
        <TextField
          select
          label={field.label}
          value={single(value)}
          onChange={(e) => onChange(e.target.value || undefined)}
          error={error}
          helperText={helperText}
          sx={warn}
        >
          <MenuItem value="">Any</MenuItem>
          <MenuItem value="true">Yes</MenuItem>
          <MenuItem value="false">No</MenuItem>
        </TextField>
      );
    case 'selection':
      return (
        <TextField
          select
          label={field.label}
          value={field.multiple ? (Array.isArray(value) ? value : []) : single(value)}
          onChange={(e) => {
            const v = e.target.value as unknown;
            onChange(Array.isArray(v) ? (v as string[]) : (v as string) || undefined);
          }}
          slotProps={{ select: { multiple: field.multiple ?? false } }}
          error={error}
          helperText={helperText}
          sx={warn}
        >
          {!field.multiple && <MenuItem value="">Any</MenuItem>}
          {(field.options ?? []).map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'date':
    case 'datetime':
      return (
        <AppDatePicker
          label={field.label}
          value={single(value) || null}
          onChange={(d) => onChange(d ?? undefined)}
          error={error}
          helperText={helperText}
        />
      );
    case 'term': {
      const [amount = '', unit = (field.options ?? termUnitsDefault)[0]?.value ?? ''] = single(value).split(':');
      const set = (nextAmount: string, nextUnit: string) =>
        onChange(nextAmount === '' ? undefined : `${nextAmount}:${nextUnit}`);
      return (
        <Stack direction="row" spacing={1}>
          <NumberInput
            kind={unit === 'DAYS' ? 'termDays' : 'termMonths'}
            label={field.label}
            value={numberOrNull(amount)}
            onChange={(n) => set(n === null ? '' : String(n), unit)}
            error={error}
            helperText={helperText}
            sx={warn}
          />
          <TextField
            select
            label="Unit"
            value={unit}
            onChange={(e) => set(amount, e.target.value)}
            sx={{ minWidth: 120 }}
            helperText=" "
          >
            {(field.options ?? termUnitsDefault).map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      );
    }
    case 'file': {
      const values = Array.isArray(value) ? value : [];
      return (
        <Box>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {field.label}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" component="label" htmlFor={fileInputId}>
              Choose file
              <input
                id={fileInputId}
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                hidden
                aria-label={field.label}
                onChange={async (e) => {
                  const file = e.target.files?.[0];
                  if (!file) return;
                  onChange(valuesFromFileText(await file.text()));
                  e.target.value = '';
                }}
              />
            </Button>
            {values.length > 0 && (
              <>
                <Typography variant="body2">{values.length} values</Typography>
                <Button size="small" onClick={() => onChange(undefined)}>
                  Remove
                </Button>
              </>
            )}
          </Stack>
          <Typography variant="caption" color={error ? 'error' : 'text.secondary'}>
            {problem?.message ??
              (values.length > fileValuesMax
                ? `Only the first ${fileValuesMax} values are used.`
                : (field.helperText ?? 'A text or CSV file with one value per line.'))}
          </Typography>
        </Box>
      );
    }
  }
}

/**
 * The filter dialog every list shares: one input per field definition (the criteria types of
 * spec core §3), the field rules of spec core §5 (a critical rule blocks Confirm, an alert only
 * warns), and Clear. Confirm hands the values back; the list turns them into $filter.
 */
export function FilterDialog({ open, title, fields, values, onApply, onClose }: FilterDialogProps) {
  const [draft, setDraft] = useState<Record<string, FieldValue>>({ ...values });
  const titleId = useId();
  const ruled = useMemo(() => withDefaultRules(fields), [fields]);
  const results = evaluateRules(ruled, draft);
  const blocked = blocksConfirm(results);
  const problemOf = (id: string) => results.find((r) => r.fieldId === id);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id={`${titleId}-form`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!blocked) onApply(draft);
          }}
          sx={{ pt: 1 }}
        >
          <Grid container spacing={2}>
            {fields.map((field) => (
              <Grid key={field.id} size={{ xs: 12, sm: 12, md: 6, lg: 4 }}>
                <FieldInput
                  field={field}
                  value={draft[field.id]}
                  problem={problemOf(field.id)}
                  onChange={(value) => setDraft((current) => ({ ...current, [field.id]: value }))}
                />
              </Grid>
            ))}
          </Grid>
          {blocked && (
            <Alert severity="error" sx={{ mt: 2 }}>
              Please correct the highlighted criteria.
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setDraft({})}>Clear</Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={blocked}>
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}
