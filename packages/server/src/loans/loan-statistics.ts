import {
  AppError,
  type LoanStatisticsRow,
  liveRepaymentStatuses,
  loanStatisticsAccessMessage,
  loanStatisticsFieldOpenTo,
  type Role,
} from '@lm/domain';
import type { Executor } from '../platform/db/database';
import { type FieldDef, type ListResource, runList } from '../platform/list-query';
import { effectiveStatusSql } from './loans.repository';

/**
 * GET api/loans/statistics (spec core §3 "Statistics rows", the dashboards): loans grouped by the
 * fields named in `groupBy` (default status), each row with its `key` (the group's values) and the
 * totals count, totalLoanAmount, averageLoanAmount, totalInvestedAmount (funded), averageRate (mean
 * maximum rate), and from the repayments totalGrossAmount, totalPrincipalAmount and
 * totalInterestAmount (paid), totalPrincipalDue (still owed) and totalInvestorsInterestDue.
 * `$filter`, `$orderby`, `$select`, `$top`, `$skip` and `$count` work on the grouped rows: a filter
 * names group fields or totals (status eq 'ACTIVE_IN_ARREARS' with groupBy=id,name,status lists the
 * loans in arrears). Deleted loans are left out. A role groups, selects, filters and orders only
 * by the fields its screens show (`loanStatisticsFieldsOpenTo`): SUPPORT and AUDITOR by the reduced
 * staff dashboard's; a group field or `$select` name outside them is 403 naming it, a total in
 * `$filter` or `$orderby` a 400 naming it as unknown (the totals are not there for them).
 */

const groupable: Record<string, { sql: string; type: FieldDef['type'] }> = {
  id: { sql: 'l.id', type: 'integer' },
  name: { sql: 'l.name', type: 'string' },
  thirdPartyId: { sql: 'l.third_party_id', type: 'string' },
  clientId: { sql: 'l.client_id', type: 'integer' },
  status: { sql: 'l.status', type: 'string' },
  subStatus: { sql: 'l.sub_status', type: 'string' },
  setupStatus: { sql: 'l.setup_status', type: 'string' },
  marketplaceStatus: { sql: 'l.marketplace_status', type: 'string' },
  interestType: { sql: 'l.interest_type', type: 'string' },
  interestCalculationMethod: { sql: 'l.interest_calculation_method', type: 'string' },
  termPeriodUnit: { sql: 'l.term_period_unit', type: 'string' },
  gracePeriodDays: { sql: 'l.grace_period_days', type: 'integer' },
  marketplaceStartDate: { sql: 'l.marketplace_start_date', type: 'datetime' },
  marketplaceExpiryDate: { sql: 'l.marketplace_expiry_date', type: 'datetime' },
  fundedDate: { sql: 'l.funded_date', type: 'datetime' },
  disbursementDate: { sql: 'l.disbursement_date', type: 'date' },
  amount: { sql: 'l.amount', type: 'money' },
  baseInterestRate: { sql: 'l.base_interest_rate', type: 'decimal' },
  industryType: { sql: 'ld.industry_type', type: 'string' },
  companyState: { sql: 'ld.company_state', type: 'string' },
};

const totals: Record<string, { sql: string; type: FieldDef['type']; repayments?: true }> = {
  count: { sql: 'count(*)', type: 'integer' },
  totalLoanAmount: { sql: 'coalesce(sum(l.amount), 0)', type: 'money' },
  averageLoanAmount: { sql: 'round(avg(l.amount), 2)', type: 'money' },
  totalInvestedAmount: { sql: 'coalesce(sum(l.funded_amount), 0)', type: 'money' },
  averageRate: { sql: 'round(avg(l.base_interest_rate), 6)', type: 'decimal' },
  totalGrossAmount: { sql: 'coalesce(sum(ra.gross_paid), 0)', type: 'money', repayments: true },
  totalPrincipalAmount: { sql: 'coalesce(sum(ra.principal_paid), 0)', type: 'money', repayments: true },
  totalInterestAmount: { sql: 'coalesce(sum(ra.interest_paid), 0)', type: 'money', repayments: true },
  totalPrincipalDue: { sql: 'coalesce(sum(ra.principal_owed), 0)', type: 'money', repayments: true },
  totalInvestorsInterestDue: { sql: 'coalesce(sum(ra.investors_interest_due), 0)', type: 'money', repayments: true },
};

export const groupByFieldsMax = 8;

const live = liveRepaymentStatuses.map((s) => `'${s}'`).join(', ');
const repaymentTotals = `left join (
    select r.loan_id,
      sum(r.principal_paid + r.interest_paid) as gross_paid,
      sum(r.principal_paid) as principal_paid,
      sum(r.interest_paid) as interest_paid,
      sum(r.principal_due - r.principal_paid) filter (where r.status in (${live})) as principal_owed,
      sum(r.investors_interest_due) filter (where r.status in (${live})) as investors_interest_due
    from repayments r where not r.is_archived group by r.loan_id
  ) ra on ra.loan_id = l.id`;

function readGroupBy(query: Record<string, unknown>): string[] {
  const raw = query.groupBy ?? query.groupby ?? query.$groupBy ?? query.$groupby;
  if (raw === undefined || raw === null || raw === '') return ['status'];
  if (typeof raw !== 'string') throw new AppError('INVALID_QUERY', 'groupBy is given more than once');
  const names = raw
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  if (names.length === 0) return ['status'];
  if (names.length > groupByFieldsMax)
    throw new AppError('INVALID_QUERY', `groupBy names at most ${groupByFieldsMax} fields`);
  for (const name of names) {
    if (!Object.hasOwn(groupable, name)) {
      throw new AppError('INVALID_QUERY', `Unknown groupBy field '${name}' (use ${Object.keys(groupable).join(', ')})`);
    }
  }
  return [...new Set(names)];
}

/** Whether the request reads a repayment total (only then are repayments summed). */
function needsRepayments(query: Record<string, unknown>): boolean {
  const text = ['$select', 'select', '$filter', 'filter', '$orderby', 'orderby', 'orderBy']
    .map((k) => query[k])
    .filter((v): v is string => typeof v === 'string');
  const select = query.$select ?? query.select;
  if (select === undefined) return true;
  return Object.entries(totals).some(([name, t]) => t.repayments && text.some((s) => s.includes(name)));
}

/** Refuses a group field or a selected field the role may not see, naming it. */
function assertFieldsOpen(role: Role, groupBy: readonly string[], query: Record<string, unknown>): void {
  const select = query.$select ?? query.select;
  const selected = typeof select === 'string' ? select.split(',').map((n) => n.trim()) : [];
  const named: [string, string][] = [
    ...groupBy.map((name): [string, string] => ['groupBy', name]),
    ...selected.map((name): [string, string] => ['$select', name]),
  ];
  for (const [parameter, name] of named) {
    if (name && !loanStatisticsFieldOpenTo(role, name)) {
      const message = loanStatisticsAccessMessage(name);
      throw new AppError('FORBIDDEN', message, [{ field: parameter, message }]);
    }
  }
}

export async function loanStatistics(
  db: Executor,
  query: unknown,
  now: Date,
  role: Role,
): Promise<{ rows: LoanStatisticsRow[]; count?: number }> {
  // a loan counts under the status time gives it now, whether or not the daily job has moved it yet
  const groupSql = (name: string) => (name === 'status' ? effectiveStatusSql(now) : groupable[name]!.sql);
  const q = (query ?? {}) as Record<string, unknown>;
  const groupBy = readGroupBy(q);
  assertFieldsOpen(role, groupBy, q);
  const openTotals = Object.fromEntries(
    Object.entries(totals).filter(([name]) => loanStatisticsFieldOpenTo(role, name)),
  );
  const withRepayments = Object.values(openTotals).some((t) => t.repayments) && needsRepayments(q);
  const groupColumns = groupBy.map((name, i) => `${groupSql(name)} as g${i}`);
  const totalColumns = Object.entries(openTotals)
    .filter(([, t]) => withRepayments || !t.repayments)
    .map(([name, t]) => `${t.sql} as t_${name}`);
  const from = `(select ${[...groupColumns, ...totalColumns].join(', ')},
      json_build_array(${groupBy.map(groupSql).join(', ')})::text as group_key
    from loans l
    left join loan_details ld on ld.loan_id = l.id
    ${withRepayments ? repaymentTotals : ''}
    where l.status <> 'DELETED'
    group by ${groupBy.map(groupSql).join(', ')}) s`;
  const fields: Record<string, FieldDef> = {
    groupKey: { sql: 's.group_key', type: 'string', filter: false, sort: false },
  };
  groupBy.forEach((name, i) => {
    fields[name] = { sql: `s.g${i}`, type: groupable[name]!.type };
  });
  for (const [name, t] of Object.entries(openTotals)) {
    if (withRepayments || !t.repayments) fields[name] = { sql: `s.t_${name}`, type: t.type };
  }
  const resource: ListResource = {
    name: 'loan statistics',
    from,
    fields,
    defaultOrderBy: `${groupBy[0]} asc`,
    defaultTop: 1000,
    idField: 'groupKey',
  };
  const { groupBy: _g, groupby: _h, $groupBy: _i, $groupby: _j, ...listQuery } = q;
  const result = await runList(db, resource, listQuery);
  const rows = result.rows.map((row) => {
    const { groupKey: _key, ...rest } = row;
    return { key: Object.fromEntries(groupBy.map((name) => [name, row[name] ?? null])), ...rest } as LoanStatisticsRow;
  });
  return result.count === undefined ? { rows } : { rows, count: result.count };
}
