import {
  futureDatedReceipts,
  missingReceiptProperties,
  receiptUploadTexts,
  repaymentMessages,
  type StagedReceipt,
  sydneyDate,
} from '@lm/domain';
import DeleteOutlineIcon from '@mui/icons-material/Delete';
import PublishIcon from '@mui/icons-material/Publish';
import RestoreIcon from '@mui/icons-material/Restore';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useReducer, useRef, useState } from 'react';
import { messageOf } from '../../shared/api/api-error';
import { nextOperationKey, type OperationKey } from '../../shared/api/idempotency-key';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { FileField, fileTooLarge } from '../../shared/forms/file-field';
import { PageTitle } from '../../shared/layout/page-title';
import { pageSizesWithAll } from '../../shared/list/list-types';
import { DataTable } from '../../shared/table/data-table';
import { toast } from '../../shared/toast/toast-store';
import { moneyMoveTexts, totalAmount } from './money-move-texts';
import { processReceiptFile, receiptFileBytesMax, receiptFileTypes, usePublishReceipts } from './receipts-api';
import { stagedReceiptColumns } from './staged-receipt-columns';
import { canFinish, initialUploadState, selectedRows, type UploadState, uploadReducer } from './staged-receipts';

const stepIndex: Record<UploadState['step'], number> = { upload: 0, repayments: 1, finished: 2 };

/** Step one: a single receipts file, processed on Next. */
function UploadReceiptsStep({ onProcessed }: { onProcessed: (rows: StagedReceipt[]) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const tooLarge = fileTooLarge(file, receiptFileBytesMax);
  const next = async () => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      const processed = await processReceiptFile(file);
      toast.success(processed.userMessage || repaymentMessages.uploaded);
      onProcessed(processed.rows);
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
        <Typography>
          Choose the receipts file (CSV or XLSX with the columns thirdPartyLoanId, receiptId, receiptDate, netAmount,
          grossAmount, batchNumber), then Next to process it.
        </Typography>
        <FileField
          file={file}
          onChange={(chosen) => {
            setFile(chosen);
            setProblem(null);
          }}
          accept={receiptFileTypes}
          label="Receipts file"
          maxBytes={receiptFileBytesMax}
          disabled={busy}
          nameTestId="receipts-file-name"
        />
        {problem && <Alert severity="error">{problem}</Alert>}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button variant="contained" onClick={() => void next()} disabled={!file || busy || tooLarge}>
            Next
          </Button>
          {busy && <CircularProgress size={24} aria-label="Processing the receipts file" />}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** Rows shown at most in the list of receipts that cannot be published as they stand. */
const issuesShownMax = 5;

/** The staged receipts that cannot be published as they stand (unknown loan, not active, published before). */
function StagedIssues({ rows }: { rows: readonly StagedReceipt[] }) {
  const flagged = rows.filter((row) => row.issue);
  if (flagged.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 1 }}>
      {flagged.length === 1 ? '1 receipt' : `${flagged.length} receipts`} cannot be published as staged:
      <Box component="ul" sx={{ my: 0, pl: 3 }}>
        {flagged.slice(0, issuesShownMax).map((row) => (
          <li key={row.id}>
            Line {row.line}: {row.issue}
          </li>
        ))}
        {flagged.length > issuesShownMax && <li>and {flagged.length - issuesShownMax} more (see the Issue column)</li>}
      </Box>
    </Alert>
  );
}

/** Staged receipts dated after today: an alert (they can still be published once checked), not a block. */
function FutureDatedReceipts({ rows }: { rows: readonly StagedReceipt[] }) {
  const alerts = futureDatedReceipts(rows, sydneyDate(new Date()));
  if (alerts.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 1 }} data-testid="future-dated-receipts">
      {alerts.length === 1 ? '1 receipt is' : `${alerts.length} receipts are`} dated in the future; they can be
      published, but check their dates first:
      <Box component="ul" sx={{ my: 0, pl: 3 }}>
        {alerts.slice(0, issuesShownMax).map(({ row, alert }) => (
          <li key={row.id}>
            Line {row.line}: {alert}
          </li>
        ))}
        {alerts.length > issuesShownMax && <li>and {alerts.length - issuesShownMax} more (see the Issue column)</li>}
      </Box>
    </Alert>
  );
}

/** The warning dialog of investor-and-admin §5 "Receipt publishing", with the rows that lack a property. */
function MissingPropertiesDialog({ missing, onClose }: { missing: string[]; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{repaymentMessages.receiptValidationTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{repaymentMessages.requiredPropertyMissing}</DialogContentText>
        <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
          {missing.map((text) => (
            <li key={text}>
              <Typography variant="body2">{text}</Typography>
            </li>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * /transactions/repayments/upload (management; investor-and-admin §2 Upload Repayments): the
 * two-step wizard 'Upload Receipts' then 'Repayments'. The wizard's rules are the reducer in
 * staged-receipts.ts.
 */
export default function UploadRepaymentsPage() {
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  const [missing, setMissing] = useState<string[] | null>(null);
  const [publishProblem, setPublishProblem] = useState<string | null>(null);
  const [confirmingPublish, setConfirmingPublish] = useState<readonly StagedReceipt[] | null>(null);
  const selected = selectedRows(state);
  const busy = state.inFlight !== null;

  // the publish's Idempotency-Key: kept while the same rows are published again after a failure
  const publishKey = useRef<OperationKey | null>(null);
  const publish = usePublishReceipts({
    onSuccess: () => {
      publishKey.current = null;
      dispatch({ type: 'publishSucceeded' });
      setPublishProblem(null);
    },
    onError: (error) => {
      dispatch({ type: 'publishFailed' });
      setPublishProblem(messageOf(error));
    },
  });

  const startPublish = () => {
    const rows = selectedRows(state);
    if (rows.length === 0 || busy) return;
    const lacking = missingReceiptProperties(rows);
    if (lacking.length > 0) {
      setMissing(
        lacking.map(({ index, property }) => {
          const row = rows[index];
          return `Line ${row?.line ?? index + 1} (receipt ${row?.thirdPartyId || '-'}): ${property}`;
        }),
      );
      return;
    }
    // money moves on publish: confirm how many and what total first
    setConfirmingPublish(rows);
  };

  const finishDisabledReason = busy
    ? 'Publishing is in progress'
    : state.failed
      ? 'The last publish failed: publish or delete its repayments first'
      : state.rows.length > 0
        ? 'Publish or delete every repayment to finish'
        : null;

  return (
    <>
      <PageTitle title="Upload Repayments" />
      <Stepper activeStep={stepIndex[state.step]} sx={{ mb: 3 }} aria-label="Upload Repayments steps">
        {receiptUploadTexts.steps.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>

      {state.step === 'upload' && <UploadReceiptsStep onProcessed={(rows) => dispatch({ type: 'processed', rows })} />}

      {state.step === 'repayments' && (
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
              <Typography variant="h6" component="h2">
                Repayments
              </Typography>
              <Chip size="small" label={state.rows.length} aria-label={`${state.rows.length} repayments staged`} />
              {selected.length > 0 && <Chip size="small" variant="outlined" label={`${selected.length} selected`} />}
              <Box sx={{ flexGrow: 1 }} />
              <Button
                startIcon={<DeleteOutlineIcon />}
                onClick={() => dispatch({ type: 'deleteSelected' })}
                disabled={busy || selected.length === 0}
              >
                Delete
              </Button>
              <Button
                startIcon={<RestoreIcon />}
                onClick={() => dispatch({ type: 'restore' })}
                disabled={busy || state.deleted.length === 0}
              >
                Restore
              </Button>
              <Button startIcon={<UndoIcon />} onClick={() => dispatch({ type: 'clearAll' })} disabled={busy}>
                Clear All Changes
              </Button>
              <Button
                variant="contained"
                startIcon={<PublishIcon />}
                onClick={startPublish}
                disabled={busy || selected.length === 0}
              >
                Publish
              </Button>
            </Stack>
            {busy && (
              <Box sx={{ mb: 1 }}>
                <LinearProgress aria-label={`Publishing ${state.inFlight?.length ?? 0} repayments`} />
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  Publishing {state.inFlight?.length} {state.inFlight?.length === 1 ? 'repayment' : 'repayments'}…
                </Typography>
              </Box>
            )}
            <StagedIssues rows={state.rows} />
            <FutureDatedReceipts rows={state.rows} />
            {state.failed && publishProblem && (
              <Alert severity="error" sx={{ mb: 1 }}>
                {publishProblem} The repayments sent are back in the list.
              </Alert>
            )}
            <DataTable
              label="Staged repayments"
              rows={state.rows}
              columns={stagedReceiptColumns}
              autoRowHeight
              getRowId={(row) => row.id}
              defaultSort={{ field: 'dueDate', direction: 'asc' }}
              pageSizes={pageSizesWithAll}
              selection={{
                selected: state.selected,
                onChange: (ids) => dispatch({ type: 'select', ids: ids.map(Number) }),
              }}
            />
          </Paper>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
            <Button onClick={() => dispatch({ type: 'back' })} disabled={busy}>
              Back
            </Button>
            <Tooltip title={finishDisabledReason ?? ''}>
              <span>
                <Button variant="contained" onClick={() => dispatch({ type: 'finish' })} disabled={!canFinish(state)}>
                  Finish
                </Button>
              </span>
            </Tooltip>
          </Stack>
        </Stack>
      )}

      {state.step === 'finished' && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography role="status">{receiptUploadTexts.finished}</Typography>
            <Button variant="outlined" onClick={() => dispatch({ type: 'reset' })}>
              Reset
            </Button>
          </Stack>
        </Paper>
      )}

      {missing && <MissingPropertiesDialog missing={missing} onClose={() => setMissing(null)} />}
      {confirmingPublish && (
        <ConfirmDialog
          open
          title={moneyMoveTexts.publishTitle}
          message={moneyMoveTexts.publishQuestion(
            confirmingPublish.length,
            totalAmount(confirmingPublish, (row) => row.netAmount),
          )}
          confirmLabel="Publish"
          onConfirm={() => {
            const rows = confirmingPublish;
            setConfirmingPublish(null);
            if (busy) return;
            dispatch({ type: 'publishStarted' });
            publishKey.current = nextOperationKey(publishKey.current, rows);
            publish.mutate({ rows, key: publishKey.current?.key ?? '' });
          }}
          onClose={() => setConfirmingPublish(null)}
        />
      )}
    </>
  );
}
