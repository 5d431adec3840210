import {
  type FieldInstance,
  type FormDefinition,
  type FormValues,
  formatDate,
  getValue,
  visibleFields,
  visibleSections,
  visibleSteps,
} from '@lm/domain';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { addressText } from './application-form';

/** A field's value as text: option labels, Yes/No, D/M/YYYY dates, one-line addresses. */
export function fieldValueText(found: FieldInstance, value: unknown): string {
  const { field } = found;
  if (field.kind === 'checkbox') return value === true ? 'Yes' : 'No';
  if (value === undefined || value === null || value === '') return '-';
  switch (field.kind) {
    case 'select':
    case 'radio':
      return field.options?.find((option) => option.value === value)?.label ?? String(value);
    case 'date':
      return typeof value === 'string' ? formatDate(value) : String(value);
    case 'address':
      return addressText(value) || '-';
    case 'file':
      return value instanceof File ? value.name : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/**
 * The application as its definition lays it out, read only: each visible step and section with
 * its fields' labels and values. The Final Verification step shows it to the applicant; the review
 * screen shows the stored application data with it.
 */
export function ApplicationSummary({
  definition,
  values,
  skipStepIds = [],
  withFiles = true,
}: {
  definition: FormDefinition;
  values: FormValues;
  skipStepIds?: readonly string[];
  /** False where the files are listed apart (the review's Files table): file fields are left out. */
  withFiles?: boolean;
}) {
  return (
    <Stack spacing={2}>
      {visibleSteps(definition, values)
        .filter((step) => !skipStepIds.includes(step.id))
        .map((step) => {
          const sections = visibleSections(step, values)
            .map((instance) => ({
              instance,
              fields: visibleFields(instance, values).filter(
                (found) => found.field.kind !== 'info' && (withFiles || found.field.kind !== 'file'),
              ),
            }))
            .filter((section) => section.fields.length > 0);
          if (sections.length === 0) return null;
          return (
            <Paper key={step.id} variant="outlined" sx={{ p: 2 }}>
              <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                {step.title}
              </Typography>
              {sections.map(({ instance, fields }) => (
                <Box key={instance.path} sx={{ mb: 2 }}>
                  {instance.title !== step.title && (
                    <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
                      {instance.title}
                    </Typography>
                  )}
                  <Box
                    component="dl"
                    aria-label={instance.title}
                    sx={{
                      m: 0,
                      display: 'grid',
                      columnGap: 2,
                      rowGap: 1,
                      gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
                    }}
                  >
                    {fields.map((found) => (
                      <Box key={found.path}>
                        <Typography variant="caption" color="text.secondary" component="dt">
                          {found.field.label}
                        </Typography>
                        <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                          {fieldValueText(found, getValue(values, found.path))}
                        </Typography>
                      </Box>
                    ))}
                  </Box>
                </Box>
              ))}
            </Paper>
          );
        })}
    </Stack>
  );
}
