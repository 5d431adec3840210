import {
  type ApplicationSubmitted,
  conditionsHold,
  type FormDefinition,
  type FormIssue,
  type FormValues,
  getValue,
  hasCriticalIssue,
  onboardingMessages,
  type StepState,
  stepState,
  sydneyDate,
  validateForm,
  visibleFields,
  visibleSections,
  visibleSteps,
} from '@lm/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../shared/toast/toast-store';
import { addRepeatItem, applicationMultipart, engineResolver, removeRepeatItem } from './application-form';
import { ApplicationSection } from './application-section';
import { ApplicationSummary } from './application-summary';
import { submitApplication } from './submit-application';

/** The form alert of investor-and-admin §5: the warnings of a step, in a dialog with Close. */
function FormAlertDialog({ issues, onClose }: { issues: readonly FormIssue[]; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Please check</DialogTitle>
      <DialogContent>
        <Stack spacing={1}>
          {issues.map((issue) => (
            <Alert key={`${issue.path}:${issue.message}`} severity="warning">
              {issue.message}
            </Alert>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface ApplicationStepperProps {
  definition: FormDefinition;
  /** The step that asks for the consents and submits (its button reads 'I accept'). */
  finalStepId: string;
  /** Extra controls under the form (development builds: test data and debug). */
  tools?: (form: { values: FormValues; issues: readonly FormIssue[]; fill: (values: FormValues) => void }) => ReactNode;
}

/**
 * The public investor application (investor-and-admin §2 "Public investor application", §5):
 * the stepper rendered from the form definition with Back and Next; each step complete, in
 * progress, error or disabled; a step's critical issues keep the applicant on it, its alerts show
 * in the form alert dialog; the last step's 'I accept' sends the application, and the form is then
 * locked with its applicationId.
 */
export function ApplicationStepper({ definition, finalStepId, tools }: ApplicationStepperProps) {
  const context = useMemo(() => ({ today: sydneyDate(new Date()) }), []);
  const resolver = useMemo(() => engineResolver(definition, context), [definition, context]);
  // errors show once a field is left, or for every field of a step when Next checks it
  const form = useForm<Record<string, unknown>>({ defaultValues: {}, resolver, mode: 'onTouched' });
  const values = (useWatch({ control: form.control }) ?? {}) as FormValues;
  const issues = useMemo(() => validateForm(definition, values, context), [definition, values, context]);
  const steps = visibleSteps(definition, values);
  const [currentId, setCurrentId] = useState<string>(definition.steps[0]?.id ?? '');
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [alerts, setAlerts] = useState<{ issues: readonly FormIssue[]; proceed: () => void } | null>(null);
  const [submitted, setSubmitted] = useState<ApplicationSubmitted | null>(null);
  const submit = useMutation({
    mutationFn: () => submitApplication(applicationMultipart(definition, form.getValues() as FormValues)),
    meta: { silent: true },
    onSuccess: (result) => setSubmitted(result),
    onError: () => toast.error(onboardingMessages.submitFailed),
  });

  const currentIndex = Math.max(
    0,
    steps.findIndex((step) => step.id === currentId),
  );
  const current = steps[currentIndex];
  if (!current) return null;
  const locked = submitted !== null;
  const isFinal = current.id === finalStepId;
  const stepIssues = issues.filter((issue) => issue.stepId === current.id);
  const otherCritical = hasCriticalIssue(issues.filter((issue) => issue.stepId !== finalStepId));

  const touch = (id: string) => setTouched((before) => new Set(before).add(id));
  const goTo = (id: string) => {
    touch(current.id);
    setCurrentId(id);
    window.scrollTo({ top: 0 });
  };
  const stepPaths = () =>
    visibleSections(current, values).flatMap((instance) => visibleFields(instance, values).map((found) => found.path));
  const next = async () => {
    touch(current.id);
    await form.trigger(stepPaths());
    if (hasCriticalIssue(stepIssues)) return;
    const target = steps[currentIndex + 1];
    if (!target) return;
    const warnings = stepIssues.filter((issue) => issue.severity === 'alert');
    if (warnings.length > 0) setAlerts({ issues: warnings, proceed: () => goTo(target.id) });
    else goTo(target.id);
  };
  const accept = async () => {
    touch(current.id);
    await form.trigger(stepPaths());
    if (hasCriticalIssue(issues)) return;
    // the other steps' warnings were shown as the applicant left them
    const warnings = stepIssues.filter((issue) => issue.severity === 'alert');
    if (warnings.length > 0) setAlerts({ issues: warnings, proceed: () => submit.mutate() });
    else submit.mutate();
  };
  const fill = (sample: FormValues) => {
    form.reset(sample);
    setTouched(new Set(definition.steps.map((step) => step.id)));
  };

  const stateOf = (id: string): StepState => {
    const step = steps.find((s) => s.id === id);
    if (!step) return 'disabled';
    if (locked) return 'complete';
    return stepState(step, values, context, { current: step.id === current.id, touched: touched.has(step.id) });
  };
  const sections = current.sections.filter((section) => conditionsHold(section.when, values));
  const instances = visibleSections(current, values);
  const setPath = (path: string, value: unknown) => form.setValue(path, value, { shouldDirty: true });

  return (
    <Stack spacing={3}>
      <Stepper nonLinear activeStep={currentIndex} alternativeLabel aria-label="Application steps">
        {steps.map((step, index) => {
          const state = stateOf(step.id);
          const reachable = !locked && (index < currentIndex || touched.has(step.id));
          // the caption: the step's subtitle ('Account Setup'), or its state; an error always says so
          const caption = (
            <Typography variant="caption" color={state === 'error' ? 'error' : 'text.secondary'}>
              {state === 'error' ? stepStateLabels.error : (step.subtitle ?? stepStateLabels[state])}
            </Typography>
          );
          const label = (
            <StepLabel error={state === 'error'} optional={caption}>
              {step.title}
            </StepLabel>
          );
          // every step is a tab of the stepper (a tablist): the ones not reachable yet are disabled
          return (
            <Step key={step.id} completed={state === 'complete'} disabled={!reachable && index !== currentIndex}>
              <StepButton
                onClick={() => {
                  if (step.id !== current.id) goTo(step.id);
                }}
                optional={caption}
                aria-label={`${step.title}: ${stepStateLabels[state]}`}
                data-step-state={state}
              >
                {label}
              </StepButton>
            </Step>
          );
        })}
      </Stepper>

      {locked ? (
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            <AlertTitle>Application submitted</AlertTitle>
            {onboardingMessages.submitted}
            <Box sx={{ mt: 1 }}>
              Application ID: <strong data-testid="application-id">{submitted.applicationId}</strong>
            </Box>
          </Alert>
          <ApplicationSummary definition={definition} values={form.getValues() as FormValues} />
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => event.preventDefault()} aria-label={current.title}>
          <Stack spacing={3}>
            <Typography variant="h5" component="h2">
              {current.title}
            </Typography>
            {isFinal && <ApplicationSummary definition={definition} values={values} skipStepIds={[finalStepId]} />}
            {sections.map((section) => (
              <ApplicationSection
                key={section.id}
                section={section}
                instances={instances.filter((instance) => instance.section === section)}
                values={values}
                issues={issues}
                control={form.control}
                disabled={locked || submit.isPending}
                onAdd={() => {
                  const countField = section.repeat?.countField;
                  if (countField) setPath(countField, getValue(addRepeatItem(section, values), countField));
                }}
                onRemove={(index) => {
                  const removed = removeRepeatItem(section, form.getValues() as FormValues, index);
                  setPath(section.path, getValue(removed, section.path));
                  if (section.repeat) setPath(section.repeat.countField, getValue(removed, section.repeat.countField));
                }}
              />
            ))}
            {isFinal && otherCritical && (
              <Alert severity="error" role="alert">
                {onboardingMessages.formIncomplete}
              </Alert>
            )}
            {isFinal && submit.isError && (
              <Alert severity="error" role="alert">
                <AlertTitle>{onboardingMessages.submitFailed}</AlertTitle>
                {(submit.error as Error).message}
              </Alert>
            )}
          </Stack>
        </Box>
      )}

      {!locked && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Button
            disabled={currentIndex === 0 || submit.isPending}
            onClick={() => goTo(steps[currentIndex - 1]?.id ?? '')}
          >
            Back
          </Button>
          {isFinal ? (
            <Button variant="contained" onClick={accept} disabled={hasCriticalIssue(issues) || submit.isPending}>
              I accept
            </Button>
          ) : (
            <Button variant="contained" onClick={next}>
              Next
            </Button>
          )}
        </Stack>
      )}
      {tools?.({ values, issues, fill })}
      {alerts && (
        <FormAlertDialog
          issues={alerts.issues}
          onClose={() => {
            const proceed = alerts.proceed;
            setAlerts(null);
            proceed();
          }}
        />
      )}
    </Stack>
  );
}

const stepStateLabels: Record<StepState, string> = {
  complete: 'Complete',
  inProgress: 'In progress',
  error: 'Error',
  disabled: 'Not started',
};
