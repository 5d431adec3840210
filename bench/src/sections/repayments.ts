import { centsFromString, centsToNumber, receiptsPerBatchMax, repaymentsPerFractionaliseMax } from '@lm/domain';
import { type ApiResponse, describe, isMissingRoute } from '../api-client';
import { type BenchContext, endpointMissing, type SectionResult, skipped } from '../bench-context';
import { median, timed } from '../measure';
import { round } from './list-query';

interface PublishedReceipt {
  loanTransactionId: number;
  alreadyPublished: boolean;
}

async function publish(ctx: BenchContext, token: string, receipts: unknown[]): Promise<ApiResponse> {
  return ctx.api.call('POST', '/api/repayments/receipts/batch', { token, idempotent: true, body: receipts });
}

function publishedIds(res: ApiResponse): number[] {
  const data = res.body.data as { receipts?: PublishedReceipt[] } | undefined;
  return (data?.receipts ?? []).filter((r) => !r.alreadyPublished).map((r) => r.loanTransactionId);
}

/**
 * Fractionalising one repayment across 1,000 investments: the loan the investing section filled
 * is deployed (every investment entry finalised, the disbursement posted), then each of its first
 * repayments is published as a receipt and fractionalised on its own; the figure is the
 * fractionalise call (1,000 holder rows, the commission, one ledger entry of ~1,002 postings).
 */
export async function fractionaliseOneSection(
  ctx: BenchContext,
  repetitions: number,
  runId: string,
): Promise<SectionResult> {
  const id = 'fractionalise-one';
  const title = 'POST /api/repayments/fractionalise: one repayment across 1,000 investments';
  const loan = ctx.state.bigLoan;
  if (!loan)
    return skipped(id, title, 'skipped: no loan with 1,000 investments (the investing section did not fill one)');
  const token = await ctx.adminToken();
  const deploy = await timed(() =>
    ctx.api.call('POST', `/api/loans/${loan.id}/actions/deploy`, { token, idempotent: true }),
  );
  if (isMissingRoute(deploy.value)) return skipped(id, title, `${endpointMissing} (deploy)`);
  if (deploy.value.status !== 200)
    return { ...skipped(id, title, `deploy refused: ${describe(deploy.value)}`), status: 'failed' };
  const repayments = await ctx.api.call(
    'GET',
    `/api/repayments?${new URLSearchParams({ $filter: `loanId eq ${loan.id}`, $orderby: 'dueDate', $top: String(repetitions) })}`,
    { token },
  );
  if (repayments.status !== 200)
    return { ...skipped(id, title, `repayments unreadable: ${describe(repayments)}`), status: 'failed' };
  const due = repayments.body.data as Array<{ dueDate: string; netAmount: number }>;
  const fractionaliseMs: number[] = [];
  for (const [n, repayment] of due.entries()) {
    // netAmount is principal plus interest due, exact to the cent (what the borrower owes)
    const amount = repayment.netAmount;
    const published = await publish(ctx, token, [
      {
        loanId: loan.id,
        thirdPartyLoanId: `BENCH-${runId}`,
        thirdPartyId: `BENCH-${runId}-R${n + 1}`,
        dueDate: repayment.dueDate,
        netAmount: amount,
        grossAmount: amount,
        batchNumber: `BENCH-${runId}`,
      },
    ]);
    if (isMissingRoute(published)) return skipped(id, title, `${endpointMissing} (receipts batch)`);
    if (published.status !== 200)
      return { ...skipped(id, title, `publishing refused: ${describe(published)}`), status: 'failed' };
    const ids = publishedIds(published);
    const split = await timed(() =>
      ctx.api.call('POST', '/api/repayments/fractionalise', { token, idempotent: true, body: ids }),
    );
    if (isMissingRoute(split.value)) return skipped(id, title, endpointMissing);
    if (split.value.status !== 200) {
      return { ...skipped(id, title, `fractionalising refused: ${describe(split.value)}`), status: 'failed' };
    }
    fractionaliseMs.push(split.ms);
  }
  return {
    id,
    title,
    status: 'measured',
    figures: [
      { name: 'deploy, finalising 1,000 investments', value: round(deploy.ms), unit: 'ms' },
      {
        name: `fractionalise one repayment (median of ${fractionaliseMs.length})`,
        value: round(median(fractionaliseMs)),
        unit: 'ms',
      },
    ],
    details: { loanId: loan.id, investments: loan.investments, fractionaliseMs: fractionaliseMs.map(round) },
  };
}

/**
 * Publishing and fractionalising a batch of receipts against the book's active loans (their next
 * unpaid repayments, exactly what is owed): the batch in calls of at most 5,000 receipts (the
 * publishing limit), then fractionalised in calls of at most 1,000 (the fractionalising limit).
 */
export async function receiptsBatchSection(ctx: BenchContext, runId: string): Promise<SectionResult> {
  const receipts = ctx.prepared.receipts;
  const id = 'receipts-batch';
  const title = `publish + fractionalise a ${receipts.length.toLocaleString('en-AU')}-receipt batch`;
  if (receipts.length === 0) return skipped(id, title, 'skipped: no active loan owes a repayment');
  const rows = receipts.map((r, n) => ({
    loanId: r.loanId,
    thirdPartyLoanId: r.thirdPartyLoanId,
    thirdPartyId: `BENCH-${runId}-B${n + 1}`,
    dueDate: r.dueDate,
    netAmount: centsToNumber(centsFromString(r.owed)),
    grossAmount: centsToNumber(centsFromString(r.owed)),
    batchNumber: `BENCH-${runId}`,
  }));
  const ids: number[] = [];
  const publishing = await timed(async () => {
    for (let start = 0; start < rows.length; start += receiptsPerBatchMax) {
      const res = await publish(ctx, await ctx.adminToken(), rows.slice(start, start + receiptsPerBatchMax));
      if (res.status !== 200) return res;
      ids.push(...publishedIds(res));
    }
    return null;
  });
  if (publishing.value) {
    if (isMissingRoute(publishing.value)) return skipped(id, title, endpointMissing);
    return { ...skipped(id, title, `publishing refused: ${describe(publishing.value)}`), status: 'failed' };
  }
  const fractionalising = await timed(async () => {
    for (let start = 0; start < ids.length; start += repaymentsPerFractionaliseMax) {
      const res = await ctx.api.call('POST', '/api/repayments/fractionalise', {
        token: await ctx.adminToken(),
        idempotent: true,
        body: ids.slice(start, start + repaymentsPerFractionaliseMax),
      });
      if (res.status !== 200) return res;
    }
    return null;
  });
  if (fractionalising.value) {
    if (isMissingRoute(fractionalising.value)) return skipped(id, title, endpointMissing);
    return { ...skipped(id, title, `fractionalising refused: ${describe(fractionalising.value)}`), status: 'failed' };
  }
  return {
    id,
    title,
    status: 'measured',
    figures: [
      { name: 'publish', value: round(publishing.ms / 1000), unit: 's' },
      { name: 'publish rate', value: round((rows.length / publishing.ms) * 1000), unit: 'receipts/s' },
      { name: 'fractionalise', value: round(fractionalising.ms / 1000), unit: 's' },
      { name: 'fractionalise rate', value: round((ids.length / fractionalising.ms) * 1000), unit: 'repayments/s' },
      { name: 'publish + fractionalise', value: round((publishing.ms + fractionalising.ms) / 1000), unit: 's' },
    ],
    details: { receipts: rows.length, published: ids.length, loans: new Set(rows.map((r) => r.loanId)).size },
  };
}

/** The arrears check: one set-based statement over every loan (POST api/loans/actions/arrearsCheck). */
export async function arrearsSection(ctx: BenchContext, repetitions: number): Promise<SectionResult> {
  const id = 'arrears';
  const title = `POST /api/loans/actions/arrearsCheck over ${ctx.prepared.book.loans.toLocaleString('en-AU')} loans`;
  const token = await ctx.adminToken();
  const runs: number[] = [];
  for (let i = 0; i < repetitions; i++) {
    const res = await timed(() => ctx.api.call('POST', '/api/loans/actions/arrearsCheck', { token }));
    if (isMissingRoute(res.value)) return skipped(id, title, endpointMissing);
    if (res.value.status !== 200) return { ...skipped(id, title, describe(res.value)), status: 'failed' };
    runs.push(res.ms);
  }
  return {
    id,
    title,
    status: 'measured',
    figures: [
      { name: `arrears check (median of ${runs.length})`, value: round(median(runs)), unit: 'ms' },
      {
        name: 'loans checked per second',
        value: Math.round((ctx.prepared.book.loans / median(runs)) * 1000),
        unit: '/s',
      },
    ],
    details: { runsMs: runs.map(round) },
  };
}
