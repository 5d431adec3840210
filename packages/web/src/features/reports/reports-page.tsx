import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountChoiceLabel,
  closedFinancialYears,
  displayMessages,
  financialYearName,
  formatDateTime,
  type ReportComponent,
  type ReportDefinition,
  type ReportFormat,
  type ReportRequestBody,
  Role,
  reportFormatLabels,
  reportFormSchema,
  reportMessages,
} from '@lm/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type Control, Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { messageOf } from '../../shared/api/api-error';
import { serverToday } from '../../shared/api/server-today';
import { AccountField } from '../../shared/forms/account-field';
import { DateField } from '../../shared/forms/date-field';
import { SelectField } from '../../shared/forms/text-fields';
import type { PickedAccount } from '../../shared/inputs/account-picker';
import { LoanPicker, type PickedLoan } from '../../shared/inputs/loan-picker';
import { PageTitle } from '../../shared/layout/page-title';
import { useUser } from '../../shared/session/session-store';
import { ownAccountsQuery } from '../accounts';
import {
  type GeneratedReport,
  type ReportProgress,
  useAvailableStatements,
  useDownloadStatement,
  useGenerateReport,
  useReportDefinitions,
} from './reports-api';

/**
 * /reports (investor-and-admin §2 "Reports"): the report types the user's role is offered, one
 * parameter card per component of the chosen report (the form kit's fields), validated with the
 * domain's rules, and Generate Report, made as a job whose progress the bar shows before the file
 * downloads; for the tax statement, the account's Available Statements. Investors report on their
 * own accounts only, up to the investor end-date limit, which the screen states.
 */

type ReportFormValues = {
  format: ReportFormat;
  accountId?: number | null;
  loanId?: number | null;
  startDate?: string | null;
  endDate?: string | null;
  date?: string | null;
  financialYear?: number | null;
};
type ReportControl = Control<ReportFormValues, unknown, ReportRequestBody>;

export default function ReportsPage() {
  const user = useUser();
  const investor = user.type === Role.INVESTOR;
  const definitions = useReportDefinitions();
  const [chosenId, setChosenId] = useState<string>('');
  const reports = definitions.data?.reports ?? [];
  const chosen = reports.find((r) => r.id === chosenId) ?? null;
  const endDateMax = definitions.data?.investorEndDateMax;

  return (
    <>
      <PageTitle title="Reports" />
      <Stack spacing={3} sx={{ maxWidth: 1100 }}>
        {investor && endDateMax && <Alert severity="info">{reportMessages.investorEndDateLimit(endDateMax)}</Alert>}
        {definitions.isPending ? (
          <Skeleton variant="rectangular" height={56} aria-label="Loading reports" />
        ) : definitions.isError ? (
          <Alert severity="error">{messageOf(definitions.error)}</Alert>
        ) : reports.length === 0 ? (
          <Typography color="text.secondary">{displayMessages.noData}</Typography>
        ) : (
          <TextField
            select
            label="Report Type"
            value={chosenId}
            onChange={(event) => setChosenId(event.target.value)}
            sx={{ maxWidth: 480 }}
          >
            {reports.map((r) => (
              <MenuItem key={r.id} value={r.id} disabled={!r.available}>
                {r.label}
                {r.available ? '' : ' (coming soon)'}
              </MenuItem>
            ))}
          </TextField>
        )}
        {chosen && <ReportForm key={chosen.id} definition={chosen} investor={investor} endDateMax={endDateMax ?? ''} />}
      </Stack>
    </>
  );
}

function ReportForm({
  definition,
  investor,
  endDateMax,
}: {
  definition: ReportDefinition;
  investor: boolean;
  endDateMax: string;
}) {
  const schema = useMemo(
    () =>
      reportFormSchema(definition, {
        role: investor ? Role.INVESTOR : Role.MANAGEMENT,
        investorEndDateMax: endDateMax,
      }),
    [definition, investor, endDateMax],
  );
  const form = useForm<ReportFormValues, unknown, ReportRequestBody>({
    resolver: zodResolver(schema as never) as unknown as Resolver<ReportFormValues, unknown, ReportRequestBody>,
    defaultValues: { format: definition.defaultFormat },
  });
  const [progress, setProgress] = useState<ReportProgress | null>(null);
  const [done, setDone] = useState<GeneratedReport | null>(null);
  const generate = useGenerateReport(investor, setProgress);
  const submit = form.handleSubmit((body) => {
    setDone(null);
    setProgress(null);
    generate.mutate({ definition, body }, { onSuccess: setDone });
  });
  const accountId = useWatch({ control: form.control, name: 'accountId' }) ?? undefined;
  const formatOptions = definition.formats.map((f) => ({ value: f, label: reportFormatLabels[f] }));

  return (
    <>
      <Card
        variant="outlined"
        component="form"
        noValidate
        onSubmit={submit}
        aria-label={`${definition.label} parameters`}
      >
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {definition.label}
          </Typography>
          <Grid container spacing={2}>
            {definition.components.map((component) => (
              <Grid key={component.key} size={cardSize}>
                <Stack>
                  <ParameterCard component={component} control={form.control} investor={investor} />
                </Stack>
              </Grid>
            ))}
            <Grid size={cardSize}>
              <Stack>
                <SelectField control={form.control} name="format" label="Format" options={formatOptions} />
              </Stack>
            </Grid>
          </Grid>
          <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
            <Button type="submit" variant="contained" disabled={generate.isPending}>
              Generate Report
            </Button>
            {generate.isPending && (
              <Typography role="status" color="text.secondary">
                {progress === null
                  ? 'Generating report...'
                  : progress.downloading
                    ? progress.message
                    : `${progress.message} (${progress.percent}%)`}
              </Typography>
            )}
          </Stack>
          {generate.isPending && (
            <LinearProgress
              sx={{ mt: 2 }}
              aria-label="Report progress"
              {...(progress ? { variant: 'determinate' as const, value: progress.percent } : {})}
            />
          )}
          {generate.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {messageOf(generate.error)}
            </Alert>
          )}
          {done && !generate.isPending && (
            <Alert severity="success" sx={{ mt: 2 }}>
              {reportMessages.generated}: {done.fileName}
            </Alert>
          )}
        </CardContent>
      </Card>
      {definition.id === 'account-tax-statement' && (
        <AvailableStatements investor={investor} reportType={definition.id} accountId={accountId} />
      )}
    </>
  );
}

const cardSize = { xs: 12, sm: 12, md: 6, lg: 4 } as const;

function ParameterCard({
  component,
  control,
  investor,
}: {
  component: ReportComponent;
  control: ReportControl;
  investor: boolean;
}) {
  switch (component.kind) {
    case 'date':
      return (
        <DateField
          control={control}
          name={component.key as 'startDate' | 'endDate' | 'date'}
          label={component.label}
          required={component.required}
          {...(component.min ? { minDate: component.min } : {})}
          {...(component.max ? { maxDate: component.max } : {})}
        />
      );
    case 'account':
      return investor ? (
        <OwnAccountField control={control} component={component} />
      ) : (
        <StaffAccountField control={control} component={component} />
      );
    case 'loan':
      return <LoanField control={control} component={component} />;
    default:
      return <FinancialYearField control={control} component={component} investor={investor} />;
  }
}

/** An investor's own accounts (GET api/user/investmentAccounts). */
function OwnAccountField({ control, component }: { control: ReportControl; component: ReportComponent }) {
  const accounts = useQuery(ownAccountsQuery);
  const options = (accounts.data ?? []).map((a) => ({
    value: a.id,
    label: accountChoiceLabel(a),
  }));
  return (
    <SelectField
      control={control}
      name="accountId"
      label={component.label}
      required={component.required}
      options={options}
    />
  );
}

/** Any account, searched by id or name; optional on some management reports (All Accounts). */
function StaffAccountField({ control, component }: { control: ReportControl; component: ReportComponent }) {
  const [account, setAccount] = useState<PickedAccount | null>(null);
  return (
    <AccountField
      control={control}
      name="accountId"
      label={component.label}
      account={account}
      onPick={setAccount}
      {...(component.allLabel ? { hint: `Type a name or an account id; empty for ${component.allLabel}` } : {})}
    />
  );
}

function LoanField({ control, component }: { control: ReportControl; component: ReportComponent }) {
  const [loan, setLoan] = useState<PickedLoan | null>(null);
  return (
    <Controller
      control={control}
      name="loanId"
      render={({ field, fieldState }) => (
        <LoanPicker
          label={component.label}
          value={loan}
          onChange={(picked) => {
            setLoan(picked);
            field.onChange(picked ? picked.id : null);
          }}
          required={component.required}
          error={Boolean(fieldState.error)}
          {...(component.allLabel ? { emptyLabel: component.allLabel } : {})}
          {...(fieldState.error?.message ? { helperText: fieldState.error.message } : {})}
        />
      )}
    />
  );
}

/** How many financial years a tax statement offers. */
const financialYearsOffered = 10;

/** A closed financial year (1 July to 30 June), newest first; an investor's within the end-date limit. */
function FinancialYearField({
  control,
  component,
  investor,
}: {
  control: ReportControl;
  component: ReportComponent;
  investor: boolean;
}) {
  const definitions = useReportDefinitions();
  const endDateMax = investor ? definitions.data?.investorEndDateMax : undefined;
  const options = closedFinancialYears(serverToday(), financialYearsOffered, endDateMax).map((year) => ({
    value: year,
    label: financialYearName(year),
  }));
  return (
    <SelectField
      control={control}
      name="financialYear"
      label={component.label}
      required={component.required}
      options={options}
      hint="A closed financial year, 1 July to 30 June"
    />
  );
}

/**
 * Available Statements (investor-and-admin §2 "Account Tax Statement (a file link chosen from
 * Available Statements)"): the account's stored tax statements, each version with the date it was
 * generated and its download. Generating a closed year's statement adds it here.
 */
function AvailableStatements({
  investor,
  reportType,
  accountId,
}: {
  investor: boolean;
  reportType: string;
  accountId: number | undefined;
}) {
  const statements = useAvailableStatements(investor, reportType, accountId);
  const download = useDownloadStatement(investor);
  const rows = statements.data ?? [];
  return (
    <Card variant="outlined" component="section" aria-label="Available Statements">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Available Statements
        </Typography>
        {accountId === undefined ? (
          <Typography color="text.secondary">{statementMessages.chooseAccount}</Typography>
        ) : statements.isPending ? (
          <Skeleton variant="rectangular" height={56} aria-label="Loading statements" />
        ) : statements.isError ? (
          <Alert severity="error">{messageOf(statements.error)}</Alert>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary">{statementMessages.none}</Typography>
        ) : (
          <Table size="small" aria-label="Available Statements">
            <TableHead>
              <TableRow>
                <TableCell>Financial Year</TableCell>
                <TableCell>Version</TableCell>
                <TableCell>Generated</TableCell>
                <TableCell align="right">File</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((statement) => (
                <TableRow key={statement.statementId}>
                  <TableCell>{financialYearName(statement.financialYear)}</TableCell>
                  <TableCell>{statement.version}</TableCell>
                  <TableCell>{formatDateTime(statement.generatedAt)}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      disabled={download.isPending}
                      aria-label={`Download ${financialYearName(statement.financialYear)} version ${statement.version}`}
                      onClick={() => download.mutate({ ...statement, accountId })}
                    >
                      Download
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {download.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {messageOf(download.error)}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

const statementMessages = {
  chooseAccount: 'Choose an account to see its statements.',
  none: 'No statements yet. Generate the statement of a closed financial year and it is kept here.',
} as const;
