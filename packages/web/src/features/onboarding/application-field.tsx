import { type FieldInstance, getValue, onboardingDocumentAccept, onboardingUploadLimits } from '@lm/domain';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useId } from 'react';
import { type Control, useController, useFormState } from 'react-hook-form';
import { DateField } from '../../shared/forms/date-field';
import { FileField } from '../../shared/forms/file-field';
import { NumberField } from '../../shared/forms/number-field';
import { CheckboxField, SelectField, TextInputField } from '../../shared/forms/text-fields';
import { addressParts } from './application-form';

export interface ApplicationFieldProps {
  found: FieldInstance;
  control: Control<Record<string, unknown>>;
  /**
   * The field's warning (an alert-severity issue), shown while it has no error. Its errors (the
   * critical issues) reach it through react-hook-form: the form's resolver is the form engine.
   */
  alert: string | undefined;
  /** Locked after submission. */
  disabled: boolean;
  required: boolean;
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

/** A warning reads in the warning colour; an error keeps the error colour. */
const warningSx = { '& .MuiFormHelperText-root:not(.Mui-error)': { color: 'warning.dark' } };

/** The error of a field that has no input of its own (an approver's relationship boxes, a checkbox). */
function FieldError({ control, name }: { control: Control<Record<string, unknown>>; name: string }) {
  const { errors } = useFormState({ control, name });
  const message = (getValue(errors, name) as { message?: string } | undefined)?.message;
  return message ? <FormHelperText error>{message}</FormHelperText> : null;
}

/** The fields the form kit has no field for: choices as radios, an address, a document. */
function CustomField({ found, control, alert, disabled, required }: ApplicationFieldProps) {
  const { field: definition, path } = found;
  const id = useId();
  const { field, fieldState } = useController({ control, name: path });
  const error = fieldState.error?.message;
  const helper = error ?? alert ?? definition.help ?? ' ';
  const common = { error: Boolean(error), disabled, required, sx: alert && !error ? warningSx : undefined };
  switch (definition.kind) {
    case 'radio':
      return (
        <FormControl {...common}>
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
              <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} />
            ))}
          </RadioGroup>
          <FormHelperText>{helper}</FormHelperText>
        </FormControl>
      );
    case 'address': {
      const address = (field.value as Record<string, string | undefined> | undefined) ?? {};
      return (
        <FormControl component="fieldset" fullWidth {...common}>
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
          <FormHelperText>{helper}</FormHelperText>
        </FormControl>
      );
    }
    default:
      // a document: the form kit's file field (Choose File, the chosen name and the size limit)
      return (
        <FormControl fullWidth {...common}>
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
          <FormHelperText>{helper}</FormHelperText>
        </FormControl>
      );
  }
}

/**
 * One field of the application, rendered by its kind (form-engine.ts `FieldKind`): text kinds,
 * choices, dates, checkboxes and numbers through the form kit (shared/forms), radios, addresses
 * and documents here; static text for info.
 */
function ApplicationFieldView(props: ApplicationFieldProps) {
  const { found, control, alert, disabled, required } = props;
  const { field: definition, path: name } = found;
  const bound = { control, name, label: definition.label, required, disabled, hint: alert ?? definition.help };
  const content = (() => {
    switch (definition.kind) {
      case 'info':
        // static text; a rule on it speaks for a group of fields (an approver's relationship boxes)
        return (
          <>
            {(definition.help ?? definition.label).split(/\n\s*\n/).map((paragraph) => (
              <Typography key={paragraph} variant="body2" sx={{ mb: 1 }}>
                {paragraph}
              </Typography>
            ))}
            <FieldError control={control} name={name} />
          </>
        );
      case 'text':
      case 'email':
      case 'phone':
      case 'textarea':
        return (
          <TextInputField
            {...bound}
            maxLength={definition.maxLength ?? 200}
            multiline={definition.kind === 'textarea'}
          />
        );
      case 'select':
        return <SelectField {...bound} options={definition.options ?? []} />;
      case 'date':
        return <DateField {...bound} />;
      case 'checkbox':
        return (
          <>
            <CheckboxField {...bound} />
            <FieldError control={control} name={name} />
          </>
        );
      case 'money':
      case 'percent':
      case 'number':
        return (
          <NumberField
            {...bound}
            kind={definition.kind === 'money' ? 'currency' : definition.kind === 'percent' ? 'percentage' : 'decimal'}
          />
        );
      default:
        return <CustomField {...props} />;
    }
  })();
  return (
    <Grid size={layoutOf(found)} sx={alert ? warningSx : undefined}>
      {content}
    </Grid>
  );
}

/**
 * Whether a field shows the same: its definition, path, warning and flags. Its value and errors
 * are not among them: the field's controller re-renders itself when they change, so one keystroke
 * re-renders one field, not every field of a form with twenty approving individuals.
 */
function sameField(before: ApplicationFieldProps, after: ApplicationFieldProps): boolean {
  return (
    before.found.field === after.found.field &&
    before.found.path === after.found.path &&
    before.found.documentKey === after.found.documentKey &&
    before.control === after.control &&
    before.alert === after.alert &&
    before.disabled === after.disabled &&
    before.required === after.required
  );
}

export const ApplicationField = memo(ApplicationFieldView, sameField);
