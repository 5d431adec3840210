import {
  formatMoney,
  industryTypes,
  interestCalculationMethodLabels,
  interestTypeLabels,
  marketplaceStatusLabels,
  securityTypeLabels,
  setupStatusLabels,
  termPeriodUnitLabels,
} from '@lm/domain';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldErrors } from 'react-hook-form';
import { AppDatePicker } from '../../shared/inputs/date-picker';
import { NumberInput, type NumberKind } from '../../shared/inputs/number-input';
import type { LoanDetailFormField, LoanFormFields } from './loan-form';

/** The loan part of a form: every field under `loan.` (the create and edit forms share it). */
export interface LoanFieldsForm {
  loan: LoanFormFields;
}

type Field = keyof LoanFormFields;

const labels: Record<Exclude<Field, 'loanDetails'>, string> = {
  name: 'Name',
  thirdPartyId: 'Third Party ID',
  subStatus: 'Sub Status',
  notes: 'Notes',
  baseInterestRate: 'Maximum Interest Rate',
  marketplaceRate: 'Marketplace Rate',
  gracePeriodDays: 'Grace Period Days',
  interestType: 'Interest Type',
  interestCalculationMethod: 'Loan Type',
  term: 'Term',
  termPeriod: 'Term Period',
  termPeriodUnit: 'Term Period Unit',
  marketplaceStartDate: 'Marketplace Start Date',
  marketplaceExpiryDate: 'Marketplace Expiry Date',
  disbursementDate: 'Disbursement Date',
  startDate: 'Start Date',
  setupStatus: 'Setup Status',
  marketplaceStatus: 'Marketplace Status',
};

const detailLabels: Record<LoanDetailFormField, string> = {
  loanPurpose: 'Loan Purpose',
  industryType: 'Industry',
  companyState: 'Company State',
  securityType: 'Security Type',
  businessAge: 'Business Age',
  loanStory: 'Loan Story',
};

export const loanFieldLabel = (field: string): string =>
  (labels as Record<string, string>)[field] ?? (detailLabels as Record<string, string>)[field] ?? field;

const stateOptions = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'];
const cell = { xs: 12, sm: 12, md: 6, lg: 4 } as const;

export interface LoanFieldsProps {
  control: Control<LoanFieldsForm>;
  errors: FieldErrors<LoanFieldsForm>;
  /** Fields that cannot change for this loan (funding terms once funded). */
  locked?: (field: Field) => boolean;
  /** The amount, read-only (it comes from the schedule's principal). */
  amount?: number;
  /** The marketplace status choice (edit only: on creation it follows the setup status). */
  withMarketplaceStatus?: boolean;
}

/** The loan's fields (spec core §3 "Loan" and "loanDetails"), laid out xs12/sm12/md6/lg4 (investor-and-admin §9). */
export function LoanFields({ control, errors, locked = () => false, amount, withMarketplaceStatus }: LoanFieldsProps) {
  const loanErrors = errors.loan;
  const helper = (field: Field, hint = ' ') => {
    const error = loanErrors?.[field];
    return { error: Boolean(error), helperText: (error?.message as string | undefined) ?? hint };
  };

  const text = (field: 'name' | 'thirdPartyId' | 'subStatus' | 'notes', options: { multiline?: boolean } = {}) => (
    <Controller
      control={control}
      name={`loan.${field}`}
      render={({ field: f }) => (
        <TextField
          label={labels[field]}
          value={f.value}
          onChange={f.onChange}
          onBlur={f.onBlur}
          inputRef={f.ref}
          fullWidth
          required={field === 'name'}
          disabled={locked(field)}
          {...helper(field)}
          {...(options.multiline ? { multiline: true, minRows: 2 } : {})}
        />
      )}
    />
  );

  const number = (
    field: 'baseInterestRate' | 'marketplaceRate' | 'gracePeriodDays' | 'term' | 'termPeriod',
    kind: NumberKind,
  ) => (
    <Controller
      control={control}
      name={`loan.${field}`}
      render={({ field: f }) => (
        <NumberInput
          kind={kind}
          label={labels[field]}
          value={f.value}
          onChange={f.onChange}
          onBlur={f.onBlur}
          inputRef={f.ref}
          fullWidth
          required
          disabled={locked(field)}
          {...helper(field)}
        />
      )}
    />
  );

  const select = (
    field: 'interestType' | 'interestCalculationMethod' | 'termPeriodUnit' | 'setupStatus' | 'marketplaceStatus',
    options: Readonly<Record<string, string>>,
    required = true,
  ) => (
    <Controller
      control={control}
      name={`loan.${field}`}
      render={({ field: f }) => (
        <TextField
          select
          label={labels[field]}
          value={f.value}
          onChange={f.onChange}
          onBlur={f.onBlur}
          inputRef={f.ref}
          fullWidth
          required={required}
          disabled={locked(field)}
          {...helper(field)}
        >
          {Object.entries(options).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  const date = (field: 'marketplaceStartDate' | 'marketplaceExpiryDate' | 'disbursementDate' | 'startDate') => (
    <Controller
      control={control}
      name={`loan.${field}`}
      render={({ field: f }) => {
        const shown = helper(field);
        return (
          <AppDatePicker
            label={labels[field]}
            value={f.value}
            onChange={(value) => {
              f.onChange(value);
              f.onBlur();
            }}
            disabled={locked(field)}
            error={shown.error}
            helperText={shown.helperText}
          />
        );
      }}
    />
  );

  const detail = (field: LoanDetailFormField): ReactNode => {
    const listed: readonly (readonly [string, string])[] | null =
      field === 'industryType'
        ? industryTypes.map((i) => [i, i] as const)
        : field === 'companyState'
          ? stateOptions.map((s) => [s, s] as const)
          : field === 'securityType'
            ? Object.entries(securityTypeLabels)
            : null;
    return (
      <Controller
        control={control}
        name={`loan.loanDetails.${field}`}
        render={({ field: f }) => {
          // a value written differently in the schedule (an industry of its own) stays a choice
          const choices =
            listed && f.value !== '' && !listed.some(([value]) => value === f.value)
              ? [...listed, [f.value, f.value] as const]
              : listed;
          return (
            <TextField
              label={detailLabels[field]}
              value={f.value}
              onChange={f.onChange}
              onBlur={f.onBlur}
              inputRef={f.ref}
              fullWidth
              error={Boolean(loanErrors?.loanDetails?.[field])}
              helperText={(loanErrors?.loanDetails?.[field]?.message as string | undefined) ?? ' '}
              {...(choices ? { select: true } : {})}
              {...(field === 'loanStory' ? { multiline: true, minRows: 2 } : {})}
            >
              {choices && [
                <MenuItem key="" value="">
                  <em>None</em>
                </MenuItem>,
                ...choices.map(([value, label]) => (
                  <MenuItem key={value} value={value}>
                    {label}
                  </MenuItem>
                )),
              ]}
            </TextField>
          );
        }}
      />
    );
  };

  return (
    <Grid container columnSpacing={2} rowSpacing={1.5}>
      <Grid size={cell}>{text('name')}</Grid>
      <Grid size={cell}>{text('thirdPartyId')}</Grid>
      {amount !== undefined && (
        <Grid size={cell}>
          <TextField
            label="Amount"
            value={formatMoney(amount)}
            fullWidth
            slotProps={{ input: { readOnly: true } }}
            helperText="The principal of the schedule"
          />
        </Grid>
      )}
      <Grid size={cell}>{select('interestCalculationMethod', interestCalculationMethodLabels)}</Grid>
      <Grid size={cell}>{select('interestType', interestTypeLabels)}</Grid>
      <Grid size={cell}>{number('baseInterestRate', 'percentage')}</Grid>
      <Grid size={cell}>{number('marketplaceRate', 'percentage')}</Grid>
      <Grid size={cell}>{number('gracePeriodDays', 'termDays')}</Grid>
      <Grid size={cell}>{number('term', 'termMonths')}</Grid>
      <Grid size={cell}>{number('termPeriod', 'termMonths')}</Grid>
      <Grid size={cell}>{select('termPeriodUnit', termPeriodUnitLabels)}</Grid>
      <Grid size={cell}>{date('marketplaceStartDate')}</Grid>
      <Grid size={cell}>{date('marketplaceExpiryDate')}</Grid>
      <Grid size={cell}>{date('disbursementDate')}</Grid>
      <Grid size={cell}>{date('startDate')}</Grid>
      <Grid size={cell}>{select('setupStatus', setupStatusLabels)}</Grid>
      {withMarketplaceStatus && <Grid size={cell}>{select('marketplaceStatus', marketplaceStatusLabels)}</Grid>}
      <Grid size={cell}>{text('subStatus')}</Grid>
      <Grid size={12}>{text('notes', { multiline: true })}</Grid>
      <Grid size={12}>
        <Typography variant="subtitle1" component="h3" sx={{ mt: 1, mb: 1 }}>
          Loan Details
        </Typography>
      </Grid>
      <Grid size={cell}>{detail('loanPurpose')}</Grid>
      <Grid size={cell}>{detail('industryType')}</Grid>
      <Grid size={cell}>{detail('companyState')}</Grid>
      <Grid size={cell}>{detail('securityType')}</Grid>
      <Grid size={cell}>{detail('businessAge')}</Grid>
      <Grid size={12}>{detail('loanStory')}</Grid>
    </Grid>
  );
}
