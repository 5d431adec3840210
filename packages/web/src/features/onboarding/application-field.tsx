import { type FieldInstance, type FormIssue, onboardingDocumentAccept, onboardingUploadLimits } from '@lm/domain';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useId } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { FileField } from '../../shared/forms/file-field';
import { AppDatePicker } from '../../shared/inputs/date-picker';
import { NumberInput } from '../../shared/inputs/number-input';
import { addressParts } from './application-form';

export interface ApplicationFieldProps {
  found: FieldInstance;
  control: Control<Record<string, unknown>>;
  /** The field's issues (critical first), shown once the field or its step has been touched. */
  issues: readonly FormIssue[];
  /** Whether the issues show without the field having been touched (the step was left or checked). */
  revealIssues: boolean;
  /** Locked after submission. */
  disabled: boolean;
  required: boolean;
}

/** The helper line of a field: its first issue (critical before alert), else its help text. */
function helperOf(issues: readonly FormIssue[], shown: boolean, help: string | undefined) {
  const issue = shown ? issues[0] : undefined;
  return {
    error: issue?.severity === 'critical',
    text: issue ? issue.message : (help ?? ' '),
    warning: issue?.severity === 'alert',
  };
}

/** Default form layout columns (investor-and-admin §9): xs12, sm12, md6, lg4; wide kinds take the row. */
function layoutOf(found: FieldInstance) {
  const wide = ['info', 'address', 'checkbox', 'textarea', 'radio'].includes(found.field.kind);
  const layout = found.field.layout ?? {};
  return {
    xs: layout.xs ?? 12,
    sm: layout.sm ?? 12,
    md: layout.md ?? (wide ? 12 : 6),
    lg: layout.lg ?? (wide ? 12 : 4),
  };
}

const warningSx = { '& .MuiFormHelperText-root': { color: 'warning.dark' } };

/**
 * One field of the application, rendered by its kind (form-engine.ts `FieldKind`) through
 * react-hook-form: text kinds, dates (the shared date picker), choices, a checkbox, an address
 * (its parts), a single document file, and numbers (the shared number input).
 */
function ApplicationFieldView({ found, control, issues, revealIssues, disabled, required }: ApplicationFieldProps) {
  const { field: definition, path } = found;
  const id = useId();
  if (definition.kind === 'info') {
    // static text; a rule on it speaks for a group of fields (an approver's relationship boxes)
    const issue = revealIssues ? issues[0] : undefined;
    return (
      <Grid size={layoutOf(found)}>
        {(definition.help ?? definition.label).split(/\n\s*\n/).map((paragraph) => (
          <Typography key={paragraph} variant="body2" sx={{ mb: 1 }}>
            {paragraph}
          </Typography>
        ))}
        {issue && (
          <FormHelperText
            error={issue.severity === 'critical'}
            sx={issue.severity === 'alert' ? { color: 'warning.dark' } : undefined}
          >
            {issue.message}
          </FormHelperText>
        )}
      </Grid>
    );
  }
  return (
    <Grid size={layoutOf(found)}>
      <Controller
        name={path}
        control={control}
        render={({ field, fieldState }) => {
          const helper = helperOf(issues, revealIssues || fieldState.isTouched, definition.help);
          const common = {
            label: definition.label,
            required,
            disabled,
            error: helper.error,
            helperText: helper.text,
            fullWidth: true,
            sx: helper.warning ? warningSx : undefined,
          };
          switch (definition.kind) {
            case 'text':
            case 'email':
            case 'phone':
            case 'textarea':
              return (
                <TextField
                  {...common}
                  name={field.name}
                  value={(field.value as string | undefined) ?? ''}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  type={definition.kind === 'email' ? 'email' : definition.kind === 'phone' ? 'tel' : 'text'}
                  multiline={definition.kind === 'textarea'}
                  minRows={definition.kind === 'textarea' ? 3 : undefined}
                  slotProps={{
                    htmlInput: definition.maxLength ? { maxLength: definition.maxLength } : undefined,
                  }}
                />
              );
            case 'date':
              return (
                <Box sx={helper.warning ? warningSx : undefined}>
                  <AppDatePicker
                    label={definition.label}
                    value={(field.value as string | undefined) ?? null}
                    onChange={(value) => {
                      field.onChange(value);
                      field.onBlur();
                    }}
                    required={required}
                    disabled={disabled}
                    error={helper.error}
                    helperText={helper.text}
                  />
                </Box>
              );
            case 'select':
              return (
                <TextField
                  {...common}
                  select
                  name={field.name}
                  value={(field.value as string | undefined) ?? ''}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    field.onBlur();
                  }}
                  inputRef={field.ref}
                >
                  {(definition.options ?? []).map((option) => (
                    <MenuItem key={option.value} value={option.value}>
                      {option.label}
                    </MenuItem>
                  ))}
                </TextField>
              );
            case 'radio':
              return (
                <FormControl error={helper.error} disabled={disabled} required={required} sx={common.sx}>
                  <FormLabel id={`${id}-label`}>{definition.label}</FormLabel>
                  <RadioGroup
                    aria-labelledby={`${id}-label`}
                    name={field.name}
                    value={(field.value as string | undefined) ?? ''}
                    onChange={(event) => {
                      field.onChange(event.target.value);
                      field.onBlur();
                    }}
                  >
                    {(definition.options ?? []).map((option) => (
                      <FormControlLabel
                        key={option.value}
                        value={option.value}
                        control={<Radio />}
                        label={option.label}
                      />
                    ))}
                  </RadioGroup>
                  <FormHelperText>{helper.text}</FormHelperText>
                </FormControl>
              );
            case 'checkbox':
              return (
                <FormControl error={helper.error} disabled={disabled} required={required} sx={common.sx}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        name={field.name}
                        checked={field.value === true}
                        onChange={(event) => {
                          field.onChange(event.target.checked);
                          field.onBlur();
                        }}
                      />
                    }
                    label={definition.label}
                  />
                  {helper.text.trim() !== '' && <FormHelperText sx={{ mt: 0 }}>{helper.text}</FormHelperText>}
                </FormControl>
              );
            case 'address': {
              const address = (field.value as Record<string, string | undefined> | undefined) ?? {};
              return (
                <FormControl
                  component="fieldset"
                  error={helper.error}
                  disabled={disabled}
                  required={required}
                  fullWidth
                  sx={common.sx}
                >
                  <FormLabel component="legend">{definition.label}</FormLabel>
                  <Grid container spacing={2} sx={{ mt: 1 }}>
                    {addressParts.map((part) => (
                      <Grid key={part.name} size={{ xs: 12, sm: 6, md: part.name.startsWith('line') ? 6 : 3 }}>
                        <TextField
                          label={`${definition.label} ${part.label}`}
                          required={required && part.required}
                          disabled={disabled}
                          fullWidth
                          size="small"
                          value={address[part.name] ?? ''}
                          onChange={(event) => field.onChange({ ...address, [part.name]: event.target.value })}
                          onBlur={field.onBlur}
                        />
                      </Grid>
                    ))}
                  </Grid>
                  <FormHelperText>{helper.text}</FormHelperText>
                </FormControl>
              );
            }
            case 'file':
              // the form kit's file field: Choose File, the chosen name and the size limit
              return (
                <FormControl error={helper.error} disabled={disabled} required={required} fullWidth sx={common.sx}>
                  <FormLabel sx={{ mb: 1 }}>{definition.label}</FormLabel>
                  <FileField
                    file={field.value instanceof File ? field.value : null}
                    onChange={(file) => {
                      field.onChange(file);
                      field.onBlur();
                    }}
                    accept={onboardingDocumentAccept}
                    label={definition.label}
                    maxBytes={onboardingUploadLimits.documentBytesMax}
                    disabled={disabled}
                  />
                  <FormHelperText>{helper.text}</FormHelperText>
                </FormControl>
              );
            case 'money':
            case 'percent':
            case 'number':
              return (
                <NumberInput
                  {...common}
                  kind={
                    definition.kind === 'money' ? 'currency' : definition.kind === 'percent' ? 'percentage' : 'decimal'
                  }
                  value={typeof field.value === 'number' ? field.value : null}
                  onChange={(value) => field.onChange(value)}
                  onBlur={field.onBlur}
                />
              );
            default:
              return <></>;
          }
        }}
      />
    </Grid>
  );
}

const issueText = (issues: readonly FormIssue[]) =>
  issues.map((issue) => `${issue.severity}:${issue.message}`).join('|');

/**
 * Whether a field shows the same: its definition, path, issues and flags. Its value is not among
 * them: the field's Controller re-renders itself when its own value changes, so one keystroke
 * re-renders one field, not every field of a form with twenty approving individuals.
 */
function sameField(before: ApplicationFieldProps, after: ApplicationFieldProps): boolean {
  return (
    before.found.field === after.found.field &&
    before.found.path === after.found.path &&
    before.found.documentKey === after.found.documentKey &&
    before.control === after.control &&
    before.revealIssues === after.revealIssues &&
    before.disabled === after.disabled &&
    before.required === after.required &&
    issueText(before.issues) === issueText(after.issues)
  );
}

export const ApplicationField = memo(ApplicationFieldView, sameField);
