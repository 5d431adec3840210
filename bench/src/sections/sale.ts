import { addDays } from '@lm/domain';
import { describe, isMissingRoute } from '../api-client';
import { type BenchContext, endpointMissing, type SectionResult, skipped } from '../bench-context';
import { median, percentile, timed } from '../measure';
import { round } from './list-query';

/** The sale's loan: this many investments of this many dollars, each sold once to five buyers. */
const saleLoanInvestments = 100;
const saleInvestmentDollars = 20;
const saleBuyers = 5;
const saleRate = 10;

/** A small loan in Funding from today, disbursed today, one repayment a month on. */
function saleLoanBody(today: string, runId: string) {
  const amount = saleLoanInvestments * saleInvestmentDollars;
  return {
    loan: {
      name: `Benchmark sale loan ${runId}`,
      thirdPartyId: `BENCH-SALE-${runId}`,
      amount,
      baseInterestRate: 12.5,
      marketplaceRate: saleRate,
      gracePeriodDays: 10,
      interestType: 'IN_ARREARS',
      interestCalculationMethod: 'STRUCTURED_PAYMENT',
      term: 1,
      termPeriod: 1,
      termPeriodUnit: 'MONTHS',
      marketplaceStartDate: today,
      marketplaceExpiryDate: addDays(today, 30),
      disbursementDate: today,
      setupStatus: 'DONE',
      marketplaceStatus: 'VISIBLE',
    },
    repayments: [{ dueDate: addDays(today, 30), principalDue: amount, interestDue: 20 }],
    investmentTopups: [],
    clientDetails: { name: 'Benchmark Sale Borrower Pty Ltd' },
  };
}

/**
 * The secondary sale with five buyers (issue 13: p95 under 150 ms each): a loan of 100 x $20 is
 * funded from the book's accounts and deployed, then each investment is quoted and sold, one after
 * the other, 10% to each of five other accounts with the rest kept by the seller (Fill & Preview):
 * the quote reads the loan's repayments and balances; the sell locks the loan and investment,
 * writes six investments and one ledger entry of seven postings.
 */
export async function saleSection(ctx: BenchContext, repetitions: number, runId: string): Promise<SectionResult> {
  const id = 'sale';
  const title = 'POST /api/investments/actions/sell/quote and /sell: 5 buyers';
  const accounts = ctx.prepared.accounts;
  if (accounts.length < saleBuyers + 1) return skipped(id, title, 'skipped: fewer than six investor accounts');
  const token = await ctx.adminToken();
  const created = await ctx.api.call('POST', '/api/loans', { token, body: saleLoanBody(ctx.today, runId) });
  if (isMissingRoute(created)) return skipped(id, title, `${endpointMissing} (POST /api/loans)`);
  if (created.status !== 200)
    return { ...skipped(id, title, `loan creation refused: ${describe(created)}`), status: 'failed' };
  const loanId = (created.body.data as { id: number }).id;
  const investments: Array<{ id: number; accountId: number }> = [];
  // accounts an investing rule refuses (an expired certificate, say) are passed over
  const investors = [...accounts];
  let lastRefusal = '';
  for (let i = 0; investments.length < saleLoanInvestments && investors.length > 0; i++) {
    const accountId = investors[i % investors.length]!;
    const res = await ctx.api.call('POST', `/api/loans/${loanId}/invest`, {
      token: await ctx.adminToken(),
      idempotent: true,
      body: { investmentAccountId: accountId, amount: saleInvestmentDollars, rate: saleRate },
    });
    if (res.status === 200) investments.push({ id: (res.body.data as { id: number }).id, accountId });
    else {
      lastRefusal = describe(res);
      investors.splice(investors.indexOf(accountId), 1);
    }
  }
  if (investments.length < saleLoanInvestments)
    return { ...skipped(id, title, `investing refused: ${lastRefusal}`), status: 'failed' };
  const deployed = await ctx.api.call('POST', `/api/loans/${loanId}/actions/deploy`, { token, idempotent: true });
  if (deployed.status !== 200)
    return { ...skipped(id, title, `deploy refused: ${describe(deployed)}`), status: 'failed' };

  const quoteMs: number[] = [];
  const sellMs: number[] = [];
  for (let n = 0; n < Math.min(repetitions, investments.length); n++) {
    const seller = investments[n]!;
    const buyers = accounts.filter((a) => a !== seller.accountId).slice(n % 7, (n % 7) + saleBuyers);
    const rows = [
      ...buyers.map((b) => ({ investmentAccountId: b, interestRate: saleRate, purchasedFraction: 10 })),
      { investmentAccountId: seller.accountId, interestRate: saleRate, purchasedFraction: 50 },
    ];
    const request = { investmentId: seller.id, saleDate: ctx.today, purchaserDetailsRequests: rows };
    const fresh = await ctx.adminToken();
    const quote = await timed(() =>
      ctx.api.call('POST', '/api/investments/actions/sell/quote', { token: fresh, body: request }),
    );
    if (isMissingRoute(quote.value)) return skipped(id, title, endpointMissing);
    if (quote.value.status !== 200)
      return { ...skipped(id, title, `quote refused: ${describe(quote.value)}`), status: 'failed' };
    const quoteId = (quote.value.body.data as { quoteId: string }).quoteId;
    const sold = await timed(() =>
      ctx.api.call('POST', '/api/investments/actions/sell', {
        token: fresh,
        idempotent: true,
        body: { ...request, quoteId },
      }),
    );
    if (sold.value.status !== 200)
      return { ...skipped(id, title, `sale refused: ${describe(sold.value)}`), status: 'failed' };
    quoteMs.push(quote.ms);
    sellMs.push(sold.ms);
  }
  const p95Limit = 150;
  const quoteP95 = percentile(quoteMs, 95);
  const sellP95 = percentile(sellMs, 95);
  return {
    id,
    title,
    status: 'measured',
    figures: [
      { name: 'quote p50', value: round(median(quoteMs)), unit: 'ms' },
      { name: 'quote p95', value: round(quoteP95), unit: 'ms' },
      { name: 'sell p50', value: round(median(sellMs)), unit: 'ms' },
      { name: 'sell p95', value: round(sellP95), unit: 'ms' },
    ],
    details: {
      loanId,
      sales: sellMs.length,
      buyersPerSale: saleBuyers,
      p95LimitMs: p95Limit,
      withinLimit: quoteP95 < p95Limit && sellP95 < p95Limit,
    },
  };
}
