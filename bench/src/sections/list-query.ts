import { addDays } from '@lm/domain';
import { sql } from 'kysely';
import type { Database } from '../../../packages/server/src/platform/db/database';
import { readListQuery } from '../../../packages/server/src/platform/list-query/query-options';
import { planList } from '../../../packages/server/src/platform/list-query/translate';
import { staffTransactionsResource } from '../../../packages/server/src/transactions/transactions.resource';
import { describe, isMissingRoute } from '../api-client';
import { type BenchContext, endpointMissing, type SectionResult, skipped } from '../bench-context';
import { median, percentile, sequentialLatencies } from '../measure';

const id = 'list';
const title = 'GET /api/transactions ($filter, $orderby, $top=25, $count=true)';
const warmUpRuns = 3;

/**
 * The staff transactions screen's question over the whole book: the latest repayments of at
 * least $100 in the last 90 days, newest first, one page of 25 with the total count.
 */
export function listQueryParameters(today: string): Record<string, string> {
  return {
    $filter: `type eq 'REPAYMENT' and finalisedDate ge ${addDays(today, -90)}T00:00:00+10:00 and grossAmount ge 100`,
    $orderby: 'finalisedDate desc',
    $top: '25',
    $count: 'true',
  };
}

/**
 * The same SQL, written by hand: what the list-query engine produces for the parameters above
 * (staffTransactionsResource: every staff field of account_transactions t, no joins because
 * nothing is expanded or filtered through a relation; the filter's values as parameters; the id
 * appended as the last sort key) and what GET /api/transactions adds itself (withdrawals still
 * awaiting verification are left out). The page query, then the count, on one connection: the
 * two statements runList sends (the engine sends them at once, on two of the pool's connections on
 * PostgreSQL). The run checks the equivalence: same page ids, same count.
 */
function directQueries(today: string) {
  const since = `${addDays(today, -90)}T00:00:00+10:00`;
  const where = sql`t.type = ${'REPAYMENT'}::text and t.finalised_date >= ${since}::timestamptz
    and t.gross_amount >= ${'100'}::numeric
    and (not exists (select 1 from withdrawal_requests uw
                     where uw.id = t.withdrawal_request_id and uw.status = 'UNVERIFIED'))`;
  const page = sql<{ id: number }>`
    select t.id, t.investment_account_id, t.type, t.status, t.investor_comment, t.amount, t.gross_amount,
      t.principal_amount, t.interest_amount, t.fees_amount, t.tax_withheld_amount, t.running_balance,
      t.finalised_date, t.created_date, t.effective_date, t.reversal_transaction_id, t.reverses_transaction_id,
      t.loan_id, t.investment_id, t.withdrawal_request_id, t.comment, t.loan_transaction_id,
      t.counterpart_account_id, t.ledger_entry_id, t.created_by
    from account_transactions t
    where ${where}
    order by t.finalised_date desc, t.id desc
    limit 25 offset 0`;
  const count = sql<{ total: number | string }>`select count(*) as total from account_transactions t where ${where}`;
  return { page, count };
}

/** The direct half, run before the server starts (the embedded database allows one process). */
export async function directListQuery(database: Database, today: string, runs: number) {
  const query = listQueryParameters(today);
  const { page, count } = directQueries(today);
  let pageIds: number[] = [];
  let total = 0;
  const once = async () => {
    pageIds = (await page.execute(database.db)).rows.map((r) => Number(r.id));
    total = Number((await count.execute(database.db)).rows[0]?.total ?? 0);
  };
  for (let i = 0; i < warmUpRuns; i++) await once();
  const directMs = await sequentialLatencies(runs, once);
  // the engine's own SQL for the same request, recorded beside ours
  const plan = planList(staffTransactionsResource, readListQuery(query), {
    where: sql`(not exists (select 1 from withdrawal_requests uw where uw.id = t.withdrawal_request_id and uw.status = 'UNVERIFIED'))`,
  });
  return {
    query,
    directMs,
    count: total,
    pageIds,
    engineSql: [plan.listQuery.compile(database.db).sql, plan.countQuery?.compile(database.db).sql ?? ''].join(';\n'),
    directSql: [page.compile(database.db).sql, count.compile(database.db).sql].join(';\n'),
  };
}

export async function listQuerySection(ctx: BenchContext, runs: number): Promise<SectionResult> {
  const direct = ctx.prepared.listQuery;
  if (!direct) return skipped(id, title, 'the direct query was not prepared');
  const token = await ctx.adminToken();
  const path = `/api/transactions?${new URLSearchParams(direct.query).toString()}`;
  const first = await ctx.api.call('GET', path, { token });
  if (isMissingRoute(first)) return skipped(id, title, endpointMissing);
  if (first.status !== 200) return { ...skipped(id, title, describe(first)), status: 'failed' };
  const ids = (first.body.data as Array<{ id: number }>).map((r) => r.id);
  const same = first.body.count === direct.count && JSON.stringify(ids) === JSON.stringify(direct.pageIds);
  for (let i = 1; i < warmUpRuns; i++) await ctx.api.call('GET', path, { token });
  const httpMs = await sequentialLatencies(runs, async () => {
    const res = await ctx.api.call('GET', path, { token });
    if (res.status !== 200) throw new Error(describe(res));
  });
  // the same page with $count=estimate: counted up to 10,000 rows, the planner's estimate above
  const estimatePath = `/api/transactions?${new URLSearchParams({ ...direct.query, $count: 'estimate' }).toString()}`;
  const estimated = await ctx.api.call('GET', estimatePath, { token });
  const estimateMs = await sequentialLatencies(runs, async () => {
    const res = await ctx.api.call('GET', estimatePath, { token });
    if (res.status !== 200) throw new Error(describe(res));
  });
  const httpP50 = median(httpMs);
  const httpP95 = percentile(httpMs, 95);
  const directP50 = median(direct.directMs);
  const directP95 = percentile(direct.directMs, 95);
  return {
    id,
    title,
    status: same ? 'measured' : 'failed',
    ...(same
      ? {}
      : {
          reason: `the API and the direct SQL disagree: count ${first.body.count} vs ${direct.count}, page ${ids.slice(0, 5)}... vs ${direct.pageIds.slice(0, 5)}...`,
        }),
    figures: [
      { name: 'matching rows ($count)', value: direct.count, unit: 'rows' },
      { name: 'HTTP p50', value: round(httpP50), unit: 'ms' },
      { name: 'HTTP p95', value: round(httpP95), unit: 'ms' },
      { name: 'same SQL direct p50', value: round(directP50), unit: 'ms' },
      { name: 'same SQL direct p95', value: round(directP95), unit: 'ms' },
      { name: 'HTTP / direct (p50)', value: round(httpP50 / directP50), unit: 'x' },
      { name: 'HTTP / direct (p95)', value: round(httpP95 / directP95), unit: 'x' },
      { name: 'HTTP p50 with $count=estimate', value: round(median(estimateMs)), unit: 'ms' },
      { name: '$count=estimate answered', value: Number(estimated.body.count ?? -1), unit: 'rows' },
    ],
    details: {
      path,
      runs,
      httpMs: httpMs.map(round),
      estimateMs: estimateMs.map(round),
      directMs: direct.directMs.map(round),
      engineSql: direct.engineSql,
      directSql: direct.directSql,
      equivalence: 'the first HTTP page and count equal the direct page ids and count',
    },
  };
}

export const round = (n: number) => Math.round(n * 100) / 100;
