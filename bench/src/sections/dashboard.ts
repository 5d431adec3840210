import { addDays, financialYearStart } from '@lm/domain';
import { describe, isMissingRoute } from '../api-client';
import { type BenchContext, endpointMissing, type SectionResult, skipped } from '../bench-context';
import { percentile, sequentialLatencies } from '../measure';

const id = 'dashboard';
const title = 'dashboard statistics (p95 per call; the investor dashboard whole from login)';
const warmUpRuns = 2;
/** The bench's generated investors (book-generator.ts). */
const generatedPassword = 'Bench-Passw0rd!';
const demoInvestor = { email: 'investor@example.com', password: 'Demo-Passw0rd!' };

function addMonths(isoDate: string, months: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/**
 * The calls the investor dashboard makes on opening (packages/web/src/features/dashboard): the
 * accounts, the header tiles, the four interval graphs in their default views, the radar, the map
 * and the arrears strip.
 */
function investorCalls(today: string): Array<[string, string]> {
  const fy = financialYearStart(today);
  const month = `${today.slice(0, 7)}-01`;
  return [
    ['accounts', '/api/user/investmentAccounts?$orderby=id%20asc&$top=1000'],
    ['portfolio tiles', `/api/accounts/portfolio?startDate=${fy}&endDate=${today}`],
    [
      'Repayments Paid (5 FYs)',
      `/api/user/transactions/statistics?groupBy=financialYear&type=REPAYMENT&startDate=${addMonths(fy, -48)}&endDate=${addDays(addMonths(fy, 12), -1)}`,
    ],
    [
      'Loans Funded (6 months)',
      `/api/user/transactions/statistics?groupBy=month&type=INVESTMENT&startDate=${addMonths(month, -5)}&endDate=${addDays(addMonths(month, 1), -1)}`,
    ],
    [
      'Repayments Due (this FY)',
      `/api/user/repayments/statistics?groupBy=month&startDate=${fy}&endDate=${addDays(addMonths(fy, 12), -1)}`,
    ],
    [
      'Next FY Repayments',
      `/api/user/repayments/statistics?groupBy=month&startDate=${addMonths(fy, 12)}&endDate=${addDays(addMonths(fy, 24), -1)}`,
    ],
    ['radar (industryType)', '/api/user/investments/statistics?groupBy=industryType'],
    ['map (companyState)', '/api/user/investments/statistics?groupBy=companyState'],
    ['radar, whole book (industryType)', '/api/user/investments/bookShares?groupBy=industryType'],
    ['map, whole book (companyState)', '/api/user/investments/bookShares?groupBy=companyState'],
    ['arrears strip (loanStatus)', '/api/user/investments/statistics?groupBy=loanStatus'],
  ];
}

/** A click on a bar: the rows behind this financial year's Repayments Paid and its Repayments Due. */
function barRowCalls(today: string): Array<[string, string]> {
  const fy = financialYearStart(today);
  return [
    [
      'rows of a bar (Repayments Paid, this FY)',
      `/api/user/statistics/rows?graph=repaymentsPaid&groupBy=financialYear&key=${fy}`,
    ],
    [
      'rows of a bar (Repayments Due, this FY)',
      `/api/user/statistics/rows?graph=repaymentsDue&groupBy=financialYear&key=${fy}`,
    ],
  ];
}

/** The calls of the administrator's dashboard (tiles, live counts, the four tables). */
function administratorCalls(today: string): Array<[string, string]> {
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  return [
    ['account totals', '/api/investmentAccounts/statistics'],
    ['active investors', '/api/investors/statistics?groupBy=status'],
    [
      'pending withdrawals count',
      `/api/transactions?${q({ $filter: "type eq 'WITHDRAWAL' and finalisedDate eq null", $top: '1', $count: 'true', $select: 'id' })}`,
    ],
    [
      'excess pending count',
      `/api/loanTransactions?${q({
        $filter: "status eq 'PAID' and type eq 'REPAYMENT' and reversalTransactionId eq null and excessPending gt 0",
        $top: '1',
        $count: 'true',
        $select: 'id',
      })}`,
    ],
    // the tables select only what they show (staffTableQuery in the web's dashboard-api.ts)
    [
      'Loans Status',
      `/api/loans/statistics?${q({ groupBy: 'status', $select: 'status,count', $orderby: 'status asc' })}`,
    ],
    [
      'Loans in Arrears',
      `/api/loans/statistics?${q({ groupBy: 'id,name,gracePeriodDays,status', $select: 'id,name,gracePeriodDays,status,count', $filter: "status eq 'ACTIVE_IN_ARREARS'", $orderby: 'id desc' })}`,
    ],
    [
      'MarketPlace Expired Loans',
      `/api/loans/statistics?${q({ groupBy: 'id,name,marketplaceExpiryDate,status', $select: 'id,name,marketplaceExpiryDate,status,count', $filter: "status eq 'MARKETPLACE_FUNDING_EXPIRED'", $orderby: 'marketplaceExpiryDate desc' })}`,
    ],
    [
      'Loans Funded Last 30 Days',
      `/api/loans/statistics?${q({ groupBy: 'id,name,fundedDate,status', $select: 'id,name,fundedDate,status,count', $filter: `fundedDate ge ${addDays(today, -30)}`, $orderby: 'fundedDate desc' })}`,
    ],
  ];
}

/** A generated investor holding investments (the busiest of a few), or the demo investor. */
async function investorLogin(ctx: BenchContext): Promise<{ email: string; password: string }> {
  const admin = await ctx.adminToken();
  const res = await ctx.api.call(
    'GET',
    `/api/investors?${new URLSearchParams({ $expand: 'user', $filter: "endswith(user/email,'@bench.example.com')", $top: '1' })}`,
    { token: admin },
  );
  const email = (res.body.data as Array<{ user?: { email?: string } }> | undefined)?.[0]?.user?.email;
  return email ? { email, password: generatedPassword } : demoInvestor;
}

/**
 * Each statistics endpoint the dashboards call, one after the other `runs` times (p95 and
 * median); then the investor dashboard as a browser opens it: login, then every call at once.
 */
export async function dashboardSection(ctx: BenchContext, runs: number): Promise<SectionResult> {
  const investor = await investorLogin(ctx);
  const investorToken = await ctx.api.login(investor.email, investor.password);
  const adminToken = await ctx.adminToken();
  const figures: SectionResult['figures'] = [];
  const calls: Array<[string, string, string]> = [
    ...investorCalls(ctx.today).map(([name, path]): [string, string, string] => [name, path, investorToken]),
    ...barRowCalls(ctx.today).map(([name, path]): [string, string, string] => [name, path, investorToken]),
    ...administratorCalls(ctx.today).map(([name, path]): [string, string, string] => [name, path, adminToken]),
  ];
  for (const [name, path, token] of calls) {
    const probe = await ctx.api.call('GET', path, { token });
    if (isMissingRoute(probe)) return skipped(id, title, `${endpointMissing}: ${path}`);
    if (probe.status !== 200) throw new Error(`${name}: ${describe(probe)}`);
    for (let i = 0; i < warmUpRuns; i++) await ctx.api.call('GET', path, { token });
    const latencies = await sequentialLatencies(runs, async () => {
      const res = await ctx.api.call('GET', path, { token });
      if (res.status !== 200) throw new Error(`${name}: ${describe(res)}`);
    });
    figures.push({ name: `${name} p95`, value: Math.round(percentile(latencies, 95) * 10) / 10, unit: 'ms' });
  }
  const whole = await sequentialLatencies(Math.max(3, Math.ceil(runs / 5)), async () => {
    const token = await ctx.api.login(investor.email, investor.password);
    const answers = await Promise.all(investorCalls(ctx.today).map(([, path]) => ctx.api.call('GET', path, { token })));
    const failed = answers.find((res) => res.status !== 200);
    if (failed) throw new Error(describe(failed));
  });
  figures.push({
    name: 'investor dashboard from login (login + all calls at once) p95',
    value: Math.round(percentile(whole, 95)),
    unit: 'ms',
  });
  return {
    id,
    title,
    status: 'measured',
    figures,
    details: { investor: investor.email, runs, calls: calls.map(([name, path]) => ({ name, path })) },
  };
}
