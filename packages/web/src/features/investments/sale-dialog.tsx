import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatDate,
  formatMoney,
  formatPercent,
  type PurchaserDetail,
  type SalePreview,
  type SaleReceiver,
  type SaleRepayment,
  type SaleRequestInput,
  saleFractionTotal,
  saleReceiverLabels,
} from '@lm/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
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
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { ApiError, messageOf } from '../../shared/api/api-error';
import { useIdempotencyKey } from '../../shared/api/idempotency-key';
import { serverNow, serverToday } from '../../shared/api/server-today';
import { ConfirmDialog } from '../../shared/dialogs/confirm-dialog';
import { AccountField } from '../../shared/forms/account-field';
import { DateField } from '../../shared/forms/date-field';
import { NumberField, RateField } from '../../shared/forms/number-field';
import type { PickedAccount } from '../../shared/inputs/account-picker';
import type { InvestmentDetailRow } from './investments-api';
import { saleRepaymentDatesQuery, useSaleQuote, useSellInvestment } from './sale-api';
import {
  canAddBuyer,
  currentPreview,
  emptyBuyer,
  fillRemainder,
  isSellerRow,
  percentageTotal,
  type QuotedSale,
  requestSignature,
  type SaleFacts,
  type SaleFormOutput,
  type SaleFormValues,
  saleForm,
  saleInstantFor,
  saleRequestOf,
  sellButtonReason,
} from './sale-form';
import { percentText, saleMoneyLines, saleWhen } from './sale-texts';

/** `purchaserDetailsRequests.1.interestRate` of a refusal as the form's field. */
function formFieldOf(
  field: string | undefined,
): `buyers.${number}.${'investmentAccountId' | 'interestRate' | 'purchasedFraction'}` | 'saleDate' | null {
  if (!field) return null;
  if (field === 'saleDate') return 'saleDate';
  const match = /^purchaserDetailsRequests\.(\d+)\.(investmentAccountId|interestRate|purchasedFraction)$/.exec(field);
  return match ? (`buyers.${Number(match[1])}.${match[2] as 'interestRate'}` as const) : null;
}

/** One repayment of the loan as the sale sees it: before or after the sale, and who receives it. */
function RepaymentCard({ repayment }: { repayment: SaleRepayment }) {
  const labelId = useId();
  const after = repayment.afterSale;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={labelId}
      data-testid="sale-repayment"
      data-after-sale={after}
      sx={{
        p: 1.5,
        listStyle: 'none',
        borderLeftWidth: 6,
        borderLeftColor: after ? 'success.main' : 'grey.500',
        bgcolor: after ? 'success.50' : 'action.hover',
      }}
    >
      <Typography id={labelId} variant="subtitle2" component="h4">
        {formatDate(repayment.dueDate)}
      </Typography>
      <Typography variant="body2">
        {formatMoney(repayment.grossAmount)} ({formatMoney(repayment.principalDue)} principal,{' '}
        {formatMoney(repayment.interestDue)} interest)
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {after ? 'After the sale' : 'Before the sale'}: received by the {saleReceiverLabels[repayment.receiver]}
      </Typography>
      {repayment.onSaleDate && <Chip size="small" sx={{ mt: 1 }} label="Due on the sale date" />}
    </Paper>
  );
}

function FundsChip({ hasFunds }: { hasFunds: boolean }) {
  return hasFunds ? (
    <Chip size="small" variant="outlined" color="success" label="Has funds" />
  ) : (
    <Chip size="small" variant="outlined" color="error" label="Not enough funds" />
  );
}

/** The preview: each row's money and funds, the seller's and the organisation's side. */
function PreviewSummary({ preview, stale }: { preview: SalePreview; stale: boolean }) {
  return (
    <Box data-testid="sale-preview" sx={{ opacity: stale ? 0.55 : 1 }}>
      <Typography variant="h6" component="h3" gutterBottom>
        Preview
      </Typography>
      {stale && (
        <Alert severity="info" role="status" sx={{ mb: 1 }}>
          The sale has changed since this preview: preview it again.
        </Alert>
      )}
      <Typography variant="body2" gutterBottom>
        {`Sale on ${saleWhen(preview)}. Principal outstanding ${formatMoney(
          preview.principalOutstanding,
        )}, interest accrued from ${formatDate(preview.accruedFromDate)} (${preview.accruedDays} days) at ${formatPercent(
          preview.interestRate,
        )}.`}
      </Typography>
      <Table size="small" aria-label="Sale preview">
        <TableHead>
          <TableRow>
            <TableCell>Account</TableCell>
            <TableCell align="right">Percentage</TableCell>
            <TableCell align="right">Rate</TableCell>
            <TableCell align="right">Principal</TableCell>
            <TableCell align="right">Interest Payout</TableCell>
            <TableCell align="right">Funds Required</TableCell>
            <TableCell>Funds</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {preview.purchaserDetails.map((row: PurchaserDetail) => (
            <TableRow key={`${row.investmentAccountId}-${row.interestRate}-${row.purchasedFraction}`}>
              <TableCell>
                {row.investmentAccountName} ({row.investmentAccountId}){row.isSeller ? ', keeps' : ''}
              </TableCell>
              <TableCell align="right">{percentText(row.purchasedFraction)}</TableCell>
              <TableCell align="right">{formatPercent(row.interestRate)}</TableCell>
              <TableCell align="right">{formatMoney(row.principalAmount)}</TableCell>
              <TableCell align="right">{row.isSeller ? '' : formatMoney(row.interestPayout)}</TableCell>
              <TableCell align="right">{row.isSeller ? '' : formatMoney(row.totalFundsRequired)}</TableCell>
              <TableCell>{row.isSeller ? '' : <FundsChip hasFunds={row.hasFunds} />}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell>
              Seller: {preview.investmentAccountName} ({preview.investmentAccountId}) receives
            </TableCell>
            <TableCell colSpan={4} align="right">
              {formatMoney(preview.sellerNetAmount)}
              {preview.taxWithheldAmount > 0 ? ` (tax withheld ${formatMoney(preview.taxWithheldAmount)})` : ''}
              {preview.interestPayoutFee > 0 ? ` (sale fee ${formatMoney(preview.interestPayoutFee)})` : ''}
            </TableCell>
            <TableCell align="right">
              {preview.sellerFundsRequired > 0 ? formatMoney(preview.sellerFundsRequired) : ''}
            </TableCell>
            <TableCell>
              <FundsChip hasFunds={preview.sellerHasFunds} />
            </TableCell>
          </TableRow>
          <TableRow>
            <TableCell>Organisation (house account 555)</TableCell>
            <TableCell colSpan={4} align="right">
              top-up {formatMoney(preview.interestTopUpAmount)}, fee {formatMoney(preview.orgInterestFee)}
            </TableCell>
            <TableCell align="right">{formatMoney(preview.orgFundsRequired)}</TableCell>
            <TableCell>
              <FundsChip hasFunds={preview.orgHasFunds} />
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * The sale dialog of /investments/{id} (management; spec core §4 sale flow, §5 sale rules): a sale
 * date, buyers (account, percentage, rate; added and removed), Preview or Fill & Preview (the part
 * no buyer takes stays with the seller at the original rate), the loan's repayment cards before or
 * after the sale with their receiver (toggled on a repayment date), and Sell Investment after a
 * confirmation stating who pays whom what. Sell is enabled only by a current preview in which
 * every party has the funds.
 */
export default function SaleDialog({ investment, onClose }: { investment: InvestmentDetailRow; onClose: () => void }) {
  const titleId = useId();
  const formId = useId();
  const receiverLabelId = useId();
  const today = useMemo(() => serverToday(), []);
  const seller = investment.investmentAccount;
  const maximumRate = investment.loan?.baseInterestRate ?? investment.investmentInterestRate;
  const facts: SaleFacts = useMemo(
    () => ({
      investmentId: investment.id,
      sellerAccountId: investment.investmentAccountId,
      sellerRate: investment.investmentInterestRate,
      maximumRate,
    }),
    [investment.id, investment.investmentAccountId, investment.investmentInterestRate, maximumRate],
  );
  const schema = useMemo(() => saleForm(facts), [facts]);
  const form = useForm<SaleFormValues, unknown, SaleFormOutput>({
    resolver: zodResolver(schema) as unknown as Resolver<SaleFormValues, unknown, SaleFormOutput>,
    defaultValues: { saleDate: today, buyers: [emptyBuyer()] },
    mode: 'onChange',
  });
  const buyers = useFieldArray({ control: form.control, name: 'buyers' });
  const values = useWatch({ control: form.control }) as SaleFormValues;
  // the accounts picked, by id, so that each row's picker shows its account (the seller's from the start)
  const [accounts, setAccounts] = useState<Map<number, PickedAccount>>(
    () => new Map(seller ? [[seller.id, seller]] : []),
  );
  // the receiver toggle's sale instant; a new date drops it
  const [saleInstant, setSaleInstant] = useState<string | null>(null);
  const [receiver, setReceiver] = useState<SaleReceiver | null>(null);
  // a new sale date drops the toggled instant
  const saleDate = values.saleDate;
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs when the date changes, and only then
  useEffect(() => {
    setSaleInstant(null);
    setReceiver(null);
  }, [saleDate]);
  const [quoted, setQuoted] = useState<QuotedSale | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{
    preview: SalePreview;
    request: SaleRequestInput;
    signature: string;
  } | null>(null);
  const quote = useSaleQuote();
  const key = useIdempotencyKey(confirming && { sell: confirming.signature, quoteId: confirming.preview.quoteId });
  const sell = useSellInvestment(investment.id, investment.loanId, key);

  const request = saleRequestOf(values, facts, saleInstant);
  const preview = currentPreview(quoted, request);
  // who receives the repayment due on the sale date, as the current preview has it
  const receiverOnSaleDate = preview?.repayments.find((r) => r.onSaleDate)?.receiver ?? null;
  const busy = quote.isPending || sell.isPending;
  const reason = sellButtonReason({ loading: busy, preview, buyers: values.buyers ?? [], facts });
  const { errors } = form.formState;

  const runQuote = async (output: SaleFormOutput, instant: string | null) => {
    const body = saleRequestOf(output as unknown as SaleFormValues, facts, instant);
    if (!body) return;
    setQuoteError(null);
    try {
      const answer = await quote.mutateAsync(body);
      setQuoted({ signature: requestSignature(body), preview: answer });
    } catch (error) {
      setQuoteError(messageOf(error));
      if (error instanceof ApiError) {
        for (const detail of error.details ?? []) {
          const field = formFieldOf(detail.field);
          if (field) form.setError(field, { type: 'server', message: detail.message });
        }
      }
    }
  };
  const previewSale = form.handleSubmit((output) => runQuote(output, saleInstant));
  const fillAndPreview = () => {
    buyers.replace(fillRemainder(form.getValues('buyers'), facts));
    void previewSale();
  };
  // the receiver toggle: shown when the sale date is one of the loan's repayment dates
  const repaymentDates = useQuery(saleRepaymentDatesQuery(investment.id));
  const onRepaymentDate = values.saleDate !== null && (repaymentDates.data ?? []).includes(values.saleDate);
  const chooseReceiver = (next: SaleReceiver) => {
    const date = form.getValues('saleDate');
    if (!date) return;
    const instant = saleInstantFor(date, next, serverNow());
    setReceiver(next);
    setSaleInstant(instant);
    void form.handleSubmit((output) => runQuote(output, instant))();
  };
  const total = percentageTotal(values.buyers ?? []);

  return (
    <>
      <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
        <DialogTitle id={titleId}>Sell Investment</DialogTitle>
        {busy && <LinearProgress aria-label={quote.isPending ? 'Previewing the sale' : 'Selling the investment'} />}
        <DialogContent>
          <DialogContentText>
            Investment {investment.id} of{' '}
            {seller ? `${seller.name} (${seller.id})` : `account ${investment.investmentAccountId}`} in loan{' '}
            {investment.loanId}: {formatMoney(investment.principalOutstanding)} outstanding at{' '}
            {formatPercent(investment.investmentInterestRate)}; the loan's maximum interest rate is{' '}
            {formatPercent(facts.maximumRate)}.
          </DialogContentText>
          <Stack
            component="form"
            id={formId}
            noValidate
            spacing={2}
            sx={{ mt: 2 }}
            onSubmit={(event) => {
              event.preventDefault();
              void previewSale();
            }}
          >
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
              <Box sx={{ width: 280 }}>
                <DateField
                  control={form.control}
                  name="saleDate"
                  label="Sale Date"
                  hint={`At most ${formatDate(today)}`}
                  maxDate={today}
                  required
                />
              </Box>
              {onRepaymentDate && values.saleDate && (
                <Box>
                  <Typography variant="body2" id={receiverLabelId} gutterBottom>
                    A repayment is due on {formatDate(values.saleDate)}: who receives it?
                  </Typography>
                  <ToggleButtonGroup
                    size="small"
                    exclusive
                    value={receiver ?? receiverOnSaleDate ?? 'BUYER'}
                    disabled={busy}
                    onChange={(_event, value: SaleReceiver | null) => value && chooseReceiver(value)}
                    aria-labelledby={receiverLabelId}
                  >
                    <ToggleButton value="SELLER">{saleReceiverLabels.SELLER}</ToggleButton>
                    <ToggleButton value="BUYER">{saleReceiverLabels.BUYER}</ToggleButton>
                  </ToggleButtonGroup>
                </Box>
              )}
            </Stack>
            <Typography variant="h6" component="h3">
              Buyers
            </Typography>
            {buyers.fields.map((row, index) => {
              const rowValues = values.buyers?.[index];
              const accountId = rowValues?.investmentAccountId ?? null;
              const sellerRow = rowValues ? isSellerRow(rowValues, facts) : false;
              const number = index + 1;
              return (
                <Box
                  key={row.id}
                  role="group"
                  aria-label={`Buyer ${number}`}
                  sx={{
                    display: 'grid',
                    gap: 1.5,
                    gridTemplateColumns: { xs: '1fr', md: '2.2fr 1fr 1fr auto' },
                    alignItems: 'start',
                  }}
                >
                  <AccountField
                    control={form.control}
                    name={`buyers.${index}.investmentAccountId`}
                    label={`Buyer ${number} Account`}
                    {...(sellerRow ? { hint: 'The seller keeps this part' } : {})}
                    account={accountId === null ? null : (accounts.get(accountId) ?? null)}
                    onPick={(account) => {
                      if (account) setAccounts((current) => new Map(current).set(account.id, account));
                    }}
                  />
                  <NumberField
                    kind="percentage"
                    control={form.control}
                    name={`buyers.${index}.purchasedFraction`}
                    label={`Buyer ${number} Percentage`}
                    hint="Of the investment"
                    required
                  />
                  <RateField
                    control={form.control}
                    name={`buyers.${index}.interestRate`}
                    label={`Buyer ${number} Rate`}
                    hint="Per annum"
                    required
                  />
                  <IconButton
                    aria-label={`Remove buyer ${number}`}
                    onClick={() => buyers.remove(index)}
                    disabled={busy || buyers.fields.length === 1}
                    sx={{ mt: 1 }}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Box>
              );
            })}
            {errors.buyers?.root?.message || errors.buyers?.message ? (
              <Alert severity="error">{errors.buyers?.root?.message ?? errors.buyers?.message}</Alert>
            ) : null}
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Button
                startIcon={<AddIcon />}
                onClick={() => buyers.append(emptyBuyer())}
                disabled={busy || !canAddBuyer(values, facts)}
              >
                Add Buyer
              </Button>
              <Typography variant="body2" color="text.secondary" data-testid="sale-percentage-total">
                {`Total ${total.toDecimalPlaces(10).toString()}% of the investment`}
              </Typography>
            </Stack>
          </Stack>
          {quoteError && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert" data-testid="sale-quote-error">
              {quoteError}
            </Alert>
          )}
          {quoted && (
            <Stack spacing={2} sx={{ mt: 3 }}>
              <PreviewSummary preview={quoted.preview} stale={preview === null} />
              <Box>
                <Typography variant="h6" component="h3" gutterBottom>
                  Repayments
                </Typography>
                <Typography variant="body2" color="text.secondary" gutterBottom>
                  Grey: before the sale, received by the seller. Green: after the sale, received by the new holders.
                </Typography>
                <Box
                  component="ul"
                  aria-label="Repayments before and after the sale"
                  sx={{
                    m: 0,
                    p: 0,
                    display: 'grid',
                    gap: 1,
                    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
                  }}
                >
                  {quoted.preview.repayments.map((repayment) => (
                    <RepaymentCard key={repayment.repaymentId} repayment={repayment} />
                  ))}
                </Box>
              </Box>
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="outlined" disabled={busy}>
            Preview
          </Button>
          <Button variant="outlined" onClick={fillAndPreview} disabled={busy}>
            Fill &amp; Preview
          </Button>
          <Tooltip title={reason ?? ''}>
            <span>
              <Button
                variant="contained"
                disabled={reason !== null}
                onClick={() =>
                  preview && request && setConfirming({ preview, request, signature: requestSignature(request) })
                }
                startIcon={sell.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
              >
                Sell Investment
              </Button>
            </span>
          </Tooltip>
        </DialogActions>
        {reason && quoted && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ px: 3, pb: 2, textAlign: 'right' }}
            data-testid="sell-disabled-reason"
          >
            {reason}
          </Typography>
        )}
      </Dialog>
      {confirming && (
        <ConfirmDialog
          open
          title="Confirm Sale"
          message={
            <>
              <Typography gutterBottom>
                Sell{' '}
                {percentText(
                  saleFractionTotal(confirming.preview.purchaserDetails.filter((row) => !row.isSeller)).toNumber(),
                )}{' '}
                of investment {investment.id} on {saleWhen(confirming.preview)}?
              </Typography>
              <Box component="ul" sx={{ pl: 3, my: 0 }} data-testid="sale-confirm-lines">
                {saleMoneyLines(confirming.preview).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </Box>
            </>
          }
          confirmLabel="Sell Investment"
          onConfirm={async () => {
            await sell.mutateAsync({ ...confirming.request, quoteId: confirming.preview.quoteId });
            onClose();
          }}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
