import {
  addDays,
  allocateLargestRemainder,
  type Cents,
  centsFromNumber,
  centsToNumber,
  Decimal,
  mulRound,
} from '@lm/domain';
import { describe, isMissingRoute } from '../api-client';
import { type BenchContext, endpointMissing, type SectionResult, skipped } from '../bench-context';
import { concurrentLoad, median } from '../measure';
import { round } from './list-query';

const clients = 8;
export const bigLoanInvestments = 1_000;
const bigLoanPieceDollars = 500;
const bigLoanTermMonths = 12;
const bigLoanBaseRate = '12.5';
const bigLoanMarketplaceRate = 10;

function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/**
 * A new loan of 1,000 x $500 with twelve monthly repayments (equal principal by the largest
 * remainder, interest on the declining balance at the base rate), in Funding from today: what the
 * Create Loan screen sends after processing a schedule.
 */
export function bigLoanBody(today: string, runId: string) {
  const amountCents: Cents = BigInt(bigLoanInvestments * bigLoanPieceDollars) * 100n;
  const principal = allocateLargestRemainder(
    amountCents,
    Array.from({ length: bigLoanTermMonths }, () => '1'),
  );
  let outstanding = amountCents;
  const monthly = new Decimal(bigLoanBaseRate).dividedBy(1200);
  const repayments = principal.map((p, r) => {
    const interest = mulRound(outstanding, monthly);
    outstanding -= p;
    return { dueDate: addMonths(today, r + 1), principalDue: centsToNumber(p), interestDue: centsToNumber(interest) };
  });
  return {
    loan: {
      name: `Benchmark loan ${runId}`,
      thirdPartyId: `BENCH-${runId}`,
      amount: centsToNumber(amountCents),
      baseInterestRate: Number(bigLoanBaseRate),
      marketplaceRate: bigLoanMarketplaceRate,
      gracePeriodDays: 10,
      interestType: 'IN_ARREARS',
      interestCalculationMethod: 'STRUCTURED_PAYMENT',
      term: bigLoanTermMonths,
      termPeriod: 1,
      termPeriodUnit: 'MONTHS',
      marketplaceStartDate: today,
      marketplaceExpiryDate: addDays(today, 30),
      setupStatus: 'DONE',
      marketplaceStatus: 'VISIBLE',
    },
    repayments,
    investmentTopups: [],
    clientDetails: { name: 'Benchmark Borrower Pty Ltd' },
  };
}

/**
 * Investments per second through HTTP with 8 concurrent clients (management investing for
 * accounts, POST api/loans/{id}/invest): all into one new loan until it holds 1,000 investments
 * (every request locks that loan's row: the worst case), then across the book's loans in Funding.
 */
export async function investingSection(ctx: BenchContext, durationMs: number, runId: string): Promise<SectionResult> {
  const id = 'investing';
  const title = 'POST /api/loans/{id}/invest (8 concurrent clients)';
  const accounts = ctx.prepared.accounts;
  if (accounts.length === 0) return skipped(id, title, 'skipped: no investor account can afford an investment');
  const token = await ctx.adminToken();
  const created = await ctx.api.call('POST', '/api/loans', { token, body: bigLoanBody(ctx.today, runId) });
  if (isMissingRoute(created)) return skipped(id, title, `${endpointMissing} (POST /api/loans)`);
  if (created.status !== 200)
    return { ...skipped(id, title, `loan creation refused: ${describe(created)}`), status: 'failed' };
  const loan = created.body.data as { id: number; status: string };
  const invest = async (loanId: number, accountId: number, amount: number, rate: number) =>
    ctx.api.call('POST', `/api/loans/${loanId}/invest`, {
      token: await ctx.adminToken(),
      idempotent: true,
      body: { investmentAccountId: accountId, amount, rate },
    });
  const probe = await invest(loan.id, accounts[0]!, bigLoanPieceDollars, bigLoanMarketplaceRate);
  if (isMissingRoute(probe)) return skipped(id, title, endpointMissing);
  if (probe.status !== 200)
    return { ...skipped(id, title, `investment refused: ${describe(probe)}`), status: 'failed' };

  const oneLoan = await concurrentLoad({
    clients,
    durationMs: 30 * 60_000,
    limit: bigLoanInvestments - 1,
    operation: async (_client, index) => {
      const res = await invest(
        loan.id,
        accounts[(index + 1) % accounts.length]!,
        bigLoanPieceDollars,
        bigLoanMarketplaceRate,
      );
      return res.status === 200 ? true : describe(res);
    },
  });
  const investments = oneLoan.operations + 1;
  if (investments === bigLoanInvestments) {
    ctx.state.bigLoan = { id: loan.id, amount: bigLoanInvestments * bigLoanPieceDollars, investments };
  }

  const funding = ctx.prepared.fundingLoans;
  const manyLoans =
    funding.length === 0
      ? null
      : await concurrentLoad({
          clients,
          durationMs,
          operation: async (_client, index) => {
            const target = funding[index % funding.length]!;
            // a dollar at a time keeps every loan in Funding for the whole run
            if (target.remainingCents < centsFromNumber(1)) return 'loan fully funded';
            const res = await invest(target.id, accounts[index % accounts.length]!, 1, target.rate);
            if (res.status === 200) target.remainingCents -= 100n;
            return res.status === 200 ? true : describe(res);
          },
        });
  const failures = oneLoan.failures + (manyLoans?.failures ?? 0);
  return {
    id,
    title,
    status: failures === 0 ? 'measured' : 'failed',
    ...(failures === 0
      ? {}
      : { reason: `${failures} investments failed: ${oneLoan.firstFailure ?? manyLoans?.firstFailure}` }),
    figures: [
      { name: 'investments per second, one loan', value: round(oneLoan.perSecond), unit: '/s' },
      { name: 'investment p50, one loan', value: round(median(oneLoan.latencies)), unit: 'ms' },
      ...(manyLoans
        ? [
            {
              name: `investments per second, ${funding.length} loans in Funding`,
              value: round(manyLoans.perSecond),
              unit: '/s',
            },
            { name: 'investment p50, many loans', value: round(median(manyLoans.latencies)), unit: 'ms' },
          ]
        : []),
    ],
    details: {
      oneLoan: { loanId: loan.id, investments, amountEach: bigLoanPieceDollars },
      manyLoans: manyLoans ? { loans: funding.length, investments: manyLoans.operations } : 'no loan in Funding',
    },
  };
}
