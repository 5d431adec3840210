import {
  accountMessages,
  type BarRow,
  type BarRowsQuery,
  type BookShareChart,
  type BookShareRow,
  badRequest,
  barRowsMax,
  barRowsTooMany,
  type Cents,
  centsFromString,
  centsToNumber,
  Decimal,
  graphTransactionType,
  type InvestmentSaleTransaction,
  type InvestmentStatisticsQuery,
  intervalStart,
  type investmentDetailRoute,
  type investmentListShape,
  isStaffRole,
  type ListRow,
  loanMessages,
  malformedDataMessage,
  notFound,
  type PortfolioSummary,
  type PortfolioSummaryQuery,
  type RepaymentStatisticsQuery,
  type RouteData,
  type StatisticsInterval,
  type StatisticsRow,
  statisticsBucketsMax,
  statisticsIntervals,
  type TransactionStatisticsQuery,
} from '@lm/domain';
import { assertOwnAccount } from '../platform/access/account-access';
import type { Actor } from '../platform/auth/tokens';
import type { AppContext } from '../platform/context';
import type { TypedListResult } from '../platform/list-query';
import * as repo from './portfolio.repository';
import {
  findInvestmentRows,
  listAccountInvestments,
  listAccountPortfolio,
  listAccountRepaymentShares,
  listInvestmentRepayments,
  listInvestments as listInvestmentRows,
} from './portfolio.resource';

/**
 * Reading investments and portfolios (spec core §2.7, §3, §7; investor-and-admin §2 Portfolio, §7).
 * Investor calls are scoped to the caller's own accounts: another investor's account is "not
 * found", and nothing of it is read.
 */

const accountNotFound = accountMessages.investmentAccountNotFound;
const investmentNotFound = loanMessages.investmentNotFound;

/** The account, if the caller holds it; otherwise a 404 that says nothing about whose it is. */
async function ownAccount(ctx: AppContext, actor: Actor, accountId: number): Promise<number> {
  await assertOwnAccount(ctx.db, actor, accountId);
  return accountId;
}

export async function userInvestments(ctx: AppContext, actor: Actor, accountId: number, query: unknown) {
  await ownAccount(ctx, actor, accountId);
  return listAccountPortfolio(ctx.db, accountId, query);
}

export async function userRepayments(ctx: AppContext, actor: Actor, accountId: number, query: unknown) {
  await ownAccount(ctx, actor, accountId);
  return listAccountRepaymentShares(ctx.db, accountId, query);
}

type InvestmentRow = Partial<ListRow<typeof investmentListShape>>;

/** The sale transactions of each sold investment in a page of rows, under investmentSaleTransactions. */
async function withSaleTransactions<R extends InvestmentRow>(
  ctx: AppContext,
  result: TypedListResult<R>,
): Promise<TypedListResult<R & { investmentSaleTransactions?: InvestmentSaleTransaction[] }>> {
  const sold = result.rows.filter((r) => r.saleDate !== null && r.saleDate !== undefined && typeof r.id === 'number');
  if (sold.length === 0) return result;
  const transactions = await repo.saleTransactionsOf(
    ctx.db,
    sold.map((r) => r.id as number),
  );
  const rows = result.rows.map((row) => {
    if (!sold.includes(row)) return row;
    const own = transactions.filter(
      (t) =>
        t.soldInvestmentId === row.id ||
        (t.investmentId === row.id && !t.type.startsWith('PURCHASE')) ||
        (t.boughtFromInvestmentId === row.id && t.type.startsWith('PURCHASE')),
    );
    return {
      ...row,
      investmentSaleTransactions: own.map(({ soldInvestmentId: _sold, boughtFromInvestmentId: _from, ...t }) => t),
    };
  });
  return { ...result, rows };
}

export async function listInvestments(ctx: AppContext, query: unknown) {
  return withSaleTransactions(ctx, await listInvestmentRows(ctx.db, query));
}

export async function accountInvestments(ctx: AppContext, accountId: number, query: unknown) {
  if (!(await repo.accountExists(ctx.db, accountId))) throw notFound(accountNotFound);
  return withSaleTransactions(ctx, await listAccountInvestments(ctx.db, accountId, query));
}

/** One investment with its loan and account (spec core §2.7); exactly one record or a clear error. */
export async function investmentDetail(
  ctx: AppContext,
  investmentId: number,
): Promise<RouteData<typeof investmentDetailRoute>> {
  const result = await withSaleTransactions(ctx, await findInvestmentRows(ctx.db, investmentId));
  if (result.rows.length === 0) throw notFound(investmentNotFound);
  if (result.rows.length > 1) throw badRequest(malformedDataMessage('Investment'));
  const row = result.rows[0]!;
  return { ...row, investmentSaleTransactions: row.investmentSaleTransactions ?? [] };
}

export async function investmentRepayments(ctx: AppContext, investmentId: number, query: unknown) {
  if (!(await repo.investmentExists(ctx.db, investmentId))) throw notFound(investmentNotFound);
  return listInvestmentRepayments(ctx.db, investmentId, query);
}

// ---------------------------------------------------------------------------------------------
// Portfolio summary and statistics

/** Whose accounts: an investor's own (one of them when asked), or for staff the one account asked for. */
async function scopeOf(ctx: AppContext, actor: Actor, accountId: number | undefined): Promise<repo.AccountScope> {
  if (isStaffRole(actor.role)) {
    if (accountId === undefined) throw badRequest('accountId: please choose an investment account.');
    if (!(await repo.accountExists(ctx.db, accountId))) throw notFound(accountNotFound);
    return { accountId };
  }
  if (accountId !== undefined) return { accountId: await ownAccount(ctx, actor, accountId) };
  return { actor };
}

/** GET api/accounts/portfolio: principalOutstanding, currentCashBalance, interestRepaid per account. */
export async function portfolioSummary(
  ctx: AppContext,
  actor: Actor,
  query: PortfolioSummaryQuery,
): Promise<Partial<PortfolioSummary>[]> {
  const scope = await scopeOf(ctx, actor, query.accountId);
  const rows = await repo.portfolioSummaries(ctx.db, scope, query.startDate, query.endDate);
  return rows.map((r) => {
    const full: PortfolioSummary = {
      accountId: r.accountId,
      accountName: r.accountName,
      principalOutstanding: centsToNumber(centsFromString(r.principalOutstanding)),
      currentCashBalance: centsToNumber(centsFromString(r.currentBalance)),
      availableCashBalance: centsToNumber(centsFromString(r.availableBalance)),
      interestRepaid: centsToNumber(centsFromString(r.interestRepaid)),
    };
    if (query.select.length === 0) return full;
    return Object.fromEntries(query.select.map((name) => [name, full[name]])) as Partial<PortfolioSummary>;
  });
}

const isInterval = (groupBy: string): groupBy is StatisticsInterval =>
  (statisticsIntervals as readonly string[]).includes(groupBy);

/** Adds daily totals into interval buckets (exact cents), keyed by each interval's first day. */
function bucket<T extends { day: string; count: number }>(
  days: readonly T[],
  interval: StatisticsInterval,
  amounts: (keyof T)[],
): Array<{ key: string; count: number; sums: Cents[] }> {
  const buckets = new Map<string, { key: string; count: number; sums: Cents[] }>();
  for (const d of days) {
    const key = intervalStart(d.day, interval);
    let b = buckets.get(key);
    if (!b) {
      if (buckets.size >= statisticsBucketsMax) {
        throw badRequest(
          `Too many ${interval} periods in this date range; please choose a larger interval or fewer dates.`,
        );
      }
      b = { key, count: 0, sums: amounts.map(() => 0n) };
      buckets.set(key, b);
    }
    b.count += d.count;
    amounts.forEach((name, index) => {
      b.sums[index] = (b.sums[index] ?? 0n) + centsFromString(String(d[name] ?? '0'));
    });
  }
  return [...buckets.values()].sort((a, b) => a.key.localeCompare(b.key));
}

export async function transactionStatistics(
  ctx: AppContext,
  actor: Actor,
  query: TransactionStatisticsQuery,
): Promise<StatisticsRow[]> {
  const scope = await scopeOf(ctx, actor, query.investmentAccountId);
  const days = await repo.transactionDailyTotals(ctx.db, scope, query);
  return bucket(days, query.groupBy, ['gross', 'principal', 'interest', 'tax']).map((b) => ({
    key: b.key,
    count: b.count,
    totalGrossAmount: centsToNumber(b.sums[0]!),
    totalPrincipalAmount: centsToNumber(b.sums[1]!),
    totalInterestAmount: centsToNumber(b.sums[2]!),
    totalTaxWithheldAmount: centsToNumber(b.sums[3]!),
  }));
}

export async function repaymentStatistics(
  ctx: AppContext,
  actor: Actor,
  query: RepaymentStatisticsQuery,
): Promise<StatisticsRow[]> {
  const scope = await scopeOf(ctx, actor, query.investmentAccountId);
  const days = await repo.repaymentDueTotals(ctx.db, scope, query);
  return bucket(days, query.groupBy, ['principal', 'interest']).map((b) => ({
    key: b.key,
    count: b.count,
    totalPrincipalDue: centsToNumber(b.sums[0]!),
    totalInvestorsInterestDue: centsToNumber(b.sums[1]!),
    totalGrossAmount: centsToNumber(b.sums[0]! + b.sums[1]!),
  }));
}

export async function investmentStatistics(
  ctx: AppContext,
  actor: Actor,
  query: InvestmentStatisticsQuery,
): Promise<StatisticsRow[]> {
  const scope = await scopeOf(ctx, actor, query.investmentAccountId);
  const rows = await repo.investmentTotals(ctx.db, scope, query.groupBy, query);
  const grouped = isInterval(query.groupBy)
    ? bucket(
        rows.map((r) => ({ ...r, day: r.key ?? '' })),
        query.groupBy,
        ['invested', 'outstanding'],
      ).map((b) => {
        const weighted = rows
          .filter((r) => intervalStart(r.key ?? '', query.groupBy as StatisticsInterval) === b.key)
          .reduce((sum, r) => sum.plus(r.rateTimesInvested), new Decimal(0));
        return { key: b.key, count: b.count, invested: b.sums[0]!, outstanding: b.sums[1]!, weighted };
      })
    : rows.map((r) => ({
        key: r.key ?? 'Unknown',
        count: r.count,
        invested: centsFromString(r.invested),
        outstanding: centsFromString(r.outstanding),
        weighted: new Decimal(r.rateTimesInvested),
      }));
  return grouped.map((g) => ({
    key: g.key,
    count: g.count,
    totalInvestedAmount: centsToNumber(g.invested),
    totalPrincipalOutstanding: centsToNumber(g.outstanding),
    // the average rate weighted by amount invested (as the funded rate is), to 4 places
    averageRate:
      g.invested > 0n
        ? g.weighted.dividedBy(new Decimal(g.invested.toString()).dividedBy(100)).toDecimalPlaces(4).toNumber()
        : 0,
  }));
}

/**
 * GET api/user/statistics/rows: the rows that add up to one bar (beyond the specification, issue
 * "Dashboards"), under the same conditions as the statistics that drew it, so they sum to it.
 */
export async function barRows(ctx: AppContext, actor: Actor, query: BarRowsQuery): Promise<BarRow[]> {
  const scope = await scopeOf(ctx, actor, query.investmentAccountId);
  const range = { startDate: query.key, endDate: query.endDate, limit: barRowsMax + 1 };
  const type = graphTransactionType[query.graph];
  const records =
    type === null
      ? await repo.repaymentBarRows(ctx.db, scope, range)
      : await repo.transactionBarRows(ctx.db, scope, { ...range, type });
  if (records.length > barRowsMax) throw badRequest(barRowsTooMany);
  const money = (amount: string) => centsToNumber(centsFromString(String(amount)));
  return records.map((r) => ({
    id: r.id,
    date: r.date,
    investmentAccountId: r.investmentAccountId,
    investmentAccountName: r.investmentAccountName,
    loanId: r.loanId,
    loanName: r.loanName,
    type: r.type,
    principalAmount: money(r.principal),
    interestAmount: money(r.interest),
    taxWithheldAmount: money(r.tax),
    grossAmount: money(r.gross),
  }));
}

/** Percent of a total to 2 places, rounded half up, in exact integers. */
function percentOf(part: bigint, total: bigint): number {
  if (total <= 0n) return 0;
  return Number((part * 10_000n * 2n + total) / (total * 2n)) / 100;
}

/**
 * How long the whole book's shares are reused: adding up every current investment of the book
 * takes a few hundred milliseconds at 200,000 investments, and the shares (to 2 places) of a whole
 * book barely move in a minute, so every investor's dashboard within a minute shares one reading.
 */
export const bookSharesMaxAgeMs = 60_000;
const bookShareCache = new WeakMap<AppContext, Map<BookShareChart, { at: number; rows: Promise<BookShareRow[]> }>>();

/**
 * GET api/user/investments/bookShares: the whole book's share per industry or state, of principal
 * outstanding and of the number of current investments, at most bookSharesMaxAgeMs old. Only
 * shares leave the server: no amount, count or account of any investor.
 */
export async function bookShares(ctx: AppContext, groupBy: BookShareChart): Promise<BookShareRow[]> {
  let cache = bookShareCache.get(ctx);
  if (!cache) {
    cache = new Map();
    bookShareCache.set(ctx, cache);
  }
  const cached = cache.get(groupBy);
  if (cached && Date.now() - cached.at < bookSharesMaxAgeMs) return cached.rows;
  const rows = readBookShares(ctx, groupBy);
  cache.set(groupBy, { at: Date.now(), rows });
  // a failed reading is not kept
  rows.catch(() => cache.delete(groupBy));
  return rows;
}

async function readBookShares(ctx: AppContext, groupBy: BookShareChart): Promise<BookShareRow[]> {
  const rows = await repo.bookTotals(ctx.db, groupBy);
  const byKey = new Map<string, { cents: Cents; count: bigint }>();
  for (const row of rows) {
    const key = row.key ?? 'Unknown';
    const current = byKey.get(key) ?? { cents: 0n, count: 0n };
    byKey.set(key, {
      cents: current.cents + centsFromString(String(row.outstanding ?? '0')),
      count: current.count + BigInt(row.count),
    });
  }
  const totalCents = [...byKey.values()].reduce((sum, v) => sum + v.cents, 0n);
  const totalCount = [...byKey.values()].reduce((sum, v) => sum + v.count, 0n);
  return [...byKey.entries()].map(([key, v]) => ({
    key,
    amountShare: percentOf(v.cents, totalCents),
    countShare: percentOf(v.count, totalCount),
  }));
}
