import {
  type FormIssue,
  type FormValues,
  type InvestorType,
  investorApplication,
  investorTypeLabels,
  investorTypes,
} from '@lm/domain';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PageTitle } from '../../shared/layout/page-title';
import { ApplicationStepper } from './application-stepper';

/** The step whose 'I accept' submits (investor-and-admin §2: 'Final Verification'). */
const finalStepId = 'finalVerification';

/**
 * Development builds only (investor-and-admin §2: test-data and debug buttons exist only in
 * non-production builds): fill the form with a sample application, and show the values and issues.
 * Behind import.meta.env.DEV, so a production build leaves the samples out.
 */
function DevelopmentTools({
  values,
  issues,
  fill,
}: {
  values: FormValues;
  issues: readonly FormIssue[];
  fill: (values: FormValues) => void;
}) {
  const [debug, setDebug] = useState(false);
  const [type, setType] = useState<InvestorType>('INDIVIDUAL');
  return (
    <Paper variant="outlined" sx={{ p: 2, borderStyle: 'dashed' }} aria-label="Development tools">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="caption" sx={{ flexGrow: 1 }}>
          Development build
        </Typography>
        <TextField
          select
          size="small"
          label="Test data type"
          value={type}
          onChange={(event) => setType(event.target.value as InvestorType)}
          sx={{ minWidth: 200 }}
        >
          {investorTypes.map((value) => (
            <MenuItem key={value} value={value}>
              {investorTypeLabels[value]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          size="small"
          onClick={async () => {
            const { developmentSampleApplication } = await import('./development-sample');
            fill(developmentSampleApplication(investorApplication, type));
          }}
        >
          Fill test data
        </Button>
        <Button size="small" onClick={() => setDebug((shown) => !shown)}>
          {debug ? 'Hide debug' : 'Debug'}
        </Button>
      </Stack>
      {debug && (
        <Typography component="pre" variant="caption" sx={{ overflow: 'auto', maxHeight: 400 }}>
          {JSON.stringify(
            { values, issues },
            (_key, value) => (value instanceof File ? `File(${value.name})` : value),
            2,
          )}
        </Typography>
      )}
    </Paper>
  );
}

/**
 * /invest (public; a signed-in user is sent to /): the investor application of
 * investor-and-admin §2 "Public investor application", rendered from the domain's definition.
 */
export default function InvestPage() {
  return (
    <>
      <PageTitle title="Apply to invest" />
      <ApplicationStepper
        definition={investorApplication}
        finalStepId={finalStepId}
        {...(import.meta.env.DEV ? { tools: (form) => <DevelopmentTools {...form} /> } : {})}
      />
    </>
  );
}
