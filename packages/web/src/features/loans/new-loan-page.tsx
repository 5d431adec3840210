import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreateLoanBody,
  centsFromNumber,
  formatCents,
  formatPercent,
  loanMessages,
  type ProcessedSchedule,
  scheduleBytesMax,
} from '@lm/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { type Control, Controller, type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { messageOf } from '../../shared/api/api-error';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { FileField, fileTooLarge } from '../../shared/forms/file-field';
import { PageTitle } from '../../shared/layout/page-title';
import { DataTable } from '../../shared/table/data-table';
import { toast } from '../../shared/toast/toast-store';
import { LoanFields, type LoanFieldsForm } from './loan-fields';
import {
  type CreateLoanForm,
  createLoanFormSchema,
  draftToForm,
  type MandateOptionField,
  mandateOptionsCheck,
  requiredNumberMessage,
} from './loan-form';
import { loanTexts } from './loan-texts';
import { type LoanRow, processScheduleFile, useCreateLoan } from './loans-api';

const steps = ['Upload Schedule', 'Review Loan'] as const;
const scheduleFileTypes = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Empty required numbers and choices get our own words; the schemas' own messages stay as they are. */
const resolver: Resolver<CreateLoanForm, unknown, CreateLoanBody> = (values, context, options) =>
  zodResolver(createLoanFormSchema as never, { error: requiredNumberMessage } as never)(
    values as never,
    context,
    options as never,
  ) as never;

function UploadStep({ onProcessed }: { onProcessed: (draft: ProcessedSchedule) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const tooLarge = fileTooLarge(file, scheduleBytesMax);
  const next = async () => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      onProcessed(await processScheduleFile(file));
    } catch (error) {
      const message = messageOf(error);
      setProblem(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography>{loanTexts.uploadHint}</Typography>
        <FileField
          file={file}
          onChange={(chosen) => {
            setFile(chosen);
            setProblem(null);
          }}
          accept={scheduleFileTypes}
          label="Repayment schedule file"
          maxBytes={scheduleBytesMax}
          noFileText={loanTexts.noFileChosen}
          nameTestId="schedule-file-name"
        />
        {problem && <Alert severity="error">{problem}</Alert>}
        <Stack direction="row" spacing={1}>
          <Button component={Link} to="/loans">
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void next()} disabled={!file || busy || tooLarge}>
            Next
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

function MandateOptions({
  control,
  options,
  offered,
}: {
  control: Control<CreateLoanForm>;
  options: MandateOptionField[];
  offered: readonly boolean[];
}) {
  if (options.length === 0) return <Typography color="text.secondary">{loanTexts.noMandateOptions}</Typography>;
  return (
    <Stack>
      {options.map((option, index) => (
        <Controller
          key={option.investmentAccountId}
          control={control}
          name={`investmentTopups.${index}.isActive`}
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value}
                  // an option not above the maximum rate can only be unticked (core §5)
                  disabled={offered[index] === false && !field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                />
              }
              label={`${option.accountName} (${option.investmentAccountId}): mandate rate ${formatPercent(option.mandateRate)}${offered[index] === false ? ` (${loanTexts.mandateNotAboveMaximum})` : ''}`}
            />
          )}
        />
      ))}
    </Stack>
  );
}

function ReviewStep({
  draft,
  onBack,
  onCreated,
}: {
  draft: ProcessedSchedule;
  onBack: () => void;
  onCreated: (loan: LoanRow) => void;
}) {
  const form = useForm<CreateLoanForm, unknown, CreateLoanBody>({
    resolver,
    defaultValues: draftToForm(draft),
    mode: 'all',
  });
  const [confirming, setConfirming] = useState<CreateLoanBody | null>(null);
  const create = useCreateLoan();
  const { errors, isValid, isValidating } = form.formState;
  const options = useWatch({ control: form.control, name: 'investmentTopups' });
  const baseRate = useWatch({ control: form.control, name: 'loan.baseInterestRate' });
  const mandateCheck = mandateOptionsCheck(options ?? [], baseRate);
  // a new maximum rate re-checks what depends on it, so their messages show (not only a disabled Create)
  useEffect(() => {
    if (baseRate !== undefined) void form.trigger(['investmentTopups', 'loan.marketplaceRate']);
  }, [baseRate, form]);
  const headingId = useId();
  const loading = create.isPending || isValidating;
  const principalCents = draft.repayments.reduce((sum, r) => sum + centsFromNumber(r.principalDue, true), 0n);
  const topUpsError =
    mandateCheck.problem ?? errors.investmentTopups?.message ?? errors.investmentTopups?.root?.message;
  const repaymentsError = errors.repayments?.message ?? errors.repayments?.root?.message;
  // validate once on arrival, so a schedule without a loan type shows it at once
  useEffect(() => {
    void form.trigger();
  }, [form]);

  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      aria-labelledby={headingId}
      onSubmit={form.handleSubmit((body) => setConfirming(body))}
    >
      <Typography id={headingId} variant="h5" component="h2">
        Review Loan
      </Typography>
      <Typography color="text.secondary">{loanTexts.reviewHint}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Grid container columnSpacing={2} sx={{ mb: 1.5 }}>
          <Grid size={{ xs: 12, sm: 12, md: 6, lg: 4 }}>
            <Controller
              control={form.control}
              name="clientDetails.name"
              render={({ field }) => (
                <TextField
                  label="Client Name"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  fullWidth
                  required
                  error={Boolean(errors.clientDetails?.name)}
                  helperText={errors.clientDetails?.name?.message ?? 'An existing client of this name is used'}
                />
              )}
            />
          </Grid>
        </Grid>
        <LoanFields
          control={form.control as unknown as Control<LoanFieldsForm>}
          errors={errors as unknown as FieldErrors<LoanFieldsForm>}
          amount={draft.loan.amount}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h3" gutterBottom>
          Mandate Options
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {loanTexts.mandateOptionsHint}
        </Typography>
        <MandateOptions
          control={form.control as unknown as Control<CreateLoanForm>}
          options={options ?? []}
          offered={mandateCheck.offered}
        />
        {topUpsError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {topUpsError}
          </Alert>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', mb: 1 }}>
          <Typography variant="h6" component="h3">
            Repayment Schedule
          </Typography>
          <Typography color="text.secondary" data-testid="schedule-summary">
            {draft.repayments.length} repayments, principal {formatCents(principalCents)}
          </Typography>
        </Stack>
        {repaymentsError && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {repaymentsError}
          </Alert>
        )}
        <DataTable
          label="Repayment Schedule"
          rows={draft.repayments}
          getRowId={(row) => row.dueDate}
          defaultSort={{ field: 'dueDate', direction: 'asc' }}
          pageSizes={[25, 50, 100]}
          columns={[
            { field: 'dueDate', header: 'Due Date', kind: 'date' },
            { field: 'grossAmount', header: 'Gross Amount', kind: 'money' },
            { field: 'principalDue', header: 'Principal Due', kind: 'money' },
            { field: 'interestDue', header: 'Interest Due', kind: 'money' },
            { field: 'gstAmount', header: 'GST', kind: 'money' },
            { field: 'stampDutyAmount', header: 'Stamp Duty', kind: 'money' },
          ]}
        />
      </Paper>
      <Stack direction="row" spacing={1}>
        <Button onClick={onBack}>Back</Button>
        <Button component={Link} to="/loans">
          Cancel
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title={isValid ? loanMessages.formValid : loanMessages.formInvalid}>
          <span>
            <Button type="submit" variant="contained" disabled={!isValid || loading}>
              Create Loan
            </Button>
          </span>
        </Tooltip>
      </Stack>
      {confirming && (
        <ConfirmDialog
          open
          title="Create Loan"
          message={loanMessages.confirmCreate}
          confirmLabel="Create"
          onConfirm={async () => onCreated((await create.mutateAsync(confirming)).data)}
          onClose={() => setConfirming(null)}
        />
      )}
    </Stack>
  );
}

/**
 * /loans/new (management; spec core §2.5, §5): upload a repayment schedule, review and edit the
 * processed loan (Create is disabled with the form's validity as its tooltip), confirm, create;
 * then the new loan opens at /loans/{id}.
 */
export default function NewLoanPage() {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ProcessedSchedule | null>(null);
  const step = draft ? 1 : 0;
  return (
    <>
      <PageTitle title="New Loan" />
      <Stepper activeStep={step} sx={{ mb: 3 }}>
        {steps.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {draft ? (
        <ReviewStep draft={draft} onBack={() => setDraft(null)} onCreated={(loan) => navigate(`/loans/${loan.id}`)} />
      ) : (
        <UploadStep onProcessed={setDraft} />
      )}
    </>
  );
}
