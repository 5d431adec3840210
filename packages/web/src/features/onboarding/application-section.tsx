import {
  conditionsHold,
  type FieldInstance,
  type FormIssue,
  type FormValues,
  issuesAt,
  type SectionDefinition,
  type SectionInstance,
  visibleFields,
} from '@lm/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { ApplicationField } from './application-field';

function isRequired(found: FieldInstance, values: FormValues): boolean {
  return (found.field.rules ?? []).some(
    (rule) =>
      rule.type === 'rq' && rule.severity === 'critical' && conditionsHold(rule.when, values, found.section.path),
  );
}

export interface ApplicationSectionProps {
  section: SectionDefinition;
  /** The section's visible instances: one, or one per item of a repeatable section. */
  instances: readonly SectionInstance[];
  values: FormValues;
  issues: readonly FormIssue[];
  control: Control<Record<string, unknown>>;
  disabled: boolean;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

/**
 * One section of a step, with its fields laid out on the form grid. A repeatable section (the
 * directors and beneficiaries) shows each item with Remove, and Add below the last, within the
 * section's minimum and maximum number of items.
 */
export function ApplicationSection({
  section,
  instances,
  values,
  issues,
  control,
  disabled,
  onAdd,
  onRemove,
}: ApplicationSectionProps) {
  const repeat = section.repeat;
  const itemNoun = repeat ? repeat.itemTitle.replace(/\s*\{n\}\s*/, ' ').trim() : '';
  return (
    <Stack spacing={2} component="section" {...(repeat ? { 'aria-label': section.title } : {})}>
      {repeat && (
        <Typography variant="h6" component="h3">
          {section.title}
        </Typography>
      )}
      {repeat && section.description && <Typography variant="body2">{section.description}</Typography>}
      {instances.map((instance) => (
        <Paper
          key={instance.path}
          variant="outlined"
          sx={{ p: 2 }}
          role="group"
          aria-label={instance.title}
          data-section={section.id}
        >
          <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
            <Typography variant={repeat ? 'subtitle1' : 'h6'} component={repeat ? 'h4' : 'h3'} sx={{ flexGrow: 1 }}>
              {instance.title}
            </Typography>
            {repeat && instance.index !== undefined && instances.length > repeat.min && (
              <Button
                color="error"
                startIcon={<DeleteOutlineIcon />}
                disabled={disabled}
                onClick={() => onRemove(instance.index as number)}
                aria-label={`Remove ${instance.title}`}
              >
                Remove
              </Button>
            )}
          </Stack>
          {!repeat && section.description && (
            <Typography variant="body2" sx={{ mb: 2 }}>
              {section.description}
            </Typography>
          )}
          <Grid container spacing={2}>
            {visibleFields(instance, values).map((found) => (
              <ApplicationField
                key={found.path}
                found={found}
                control={control}
                alert={issuesAt(issues, found.path).find((issue) => issue.severity === 'alert')?.message}
                disabled={disabled}
                required={isRequired(found, values)}
              />
            ))}
          </Grid>
        </Paper>
      ))}
      {repeat && instances.length < repeat.max && (
        <div>
          <Button variant="outlined" startIcon={<AddIcon />} disabled={disabled} onClick={onAdd}>
            Add {itemNoun.toLowerCase()}
          </Button>
        </div>
      )}
    </Stack>
  );
}
