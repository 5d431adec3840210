import { activeLoanStatuses, houseAccountId, liveRepaymentStatuses } from '@lm/domain';
import { type RawBuilder, sql } from 'kysely';
import type { FieldDef, ListResource, RelationDef } from '../platform/list-query';

/**
 * Loans as lists (spec core §3 "Loan" with its computed fields). The computed fields are
 * correlated subqueries: the database evaluates them only for the rows of the page unless a
 * filter or sort names them. Deleted loans are never listed.
 */

const live = liveRepaymentStatuses.map((s) => `'${s}'`).join(', ');
const repaymentSum = (expression: string, onlyLive: boolean) =>
  `(select coalesce(sum(${expression}), 0) from repayments r where r.loan_id = l.id and not r.is_archived${
    onlyLive ? ` and r.status in (${live})` : ''
  })`;

/** Funded over amount in percent, capped at 99.99 when it would only round up to 100 (domain fundedProgress). */
export const fundedProgressSql =
  '(case when l.funded_amount >= l.amount then 100 else least(round(l.funded_amount * 100 / l.amount, 2), 99.99) end)';

/** Fields the marketplace shows to everyone. */
const publicLoanFields: Record<string, FieldDef> = {
  id: { sql: 'l.id', type: 'integer' },
  name: { sql: 'l.name', type: 'string' },
  thirdPartyId: { sql: 'l.third_party_id', type: 'string' },
  amount: { sql: 'l.amount', type: 'money' },
  fundedAmount: { sql: 'l.funded_amount', type: 'money' },
  fundedProgress: { sql: fundedProgressSql, type: 'decimal' },
  fundingRemaining: { sql: 'greatest(l.amount - l.funded_amount, 0)', type: 'money' },
  baseInterestRate: { sql: 'l.base_interest_rate', type: 'decimal' },
  marketplaceRate: { sql: 'l.marketplace_rate', type: 'decimal' },
  marketplaceStatus: { sql: 'l.marketplace_status', type: 'string' },
  marketplaceStartDate: { sql: 'l.marketplace_start_date', type: 'datetime' },
  marketplaceExpiryDate: { sql: 'l.marketplace_expiry_date', type: 'datetime' },
  disbursementDate: { sql: 'l.disbursement_date', type: 'date' },
  startDate: { sql: 'l.start_date', type: 'date' },
  fundedDate: { sql: 'l.funded_date', type: 'datetime' },
  status: { sql: 'l.status', type: 'string' },
  interestType: { sql: 'l.interest_type', type: 'string' },
  interestCalculationMethod: { sql: 'l.interest_calculation_method', type: 'string' },
  term: { sql: 'l.term', type: 'integer' },
  termPeriod: { sql: 'l.term_period', type: 'integer' },
  termPeriodUnit: { sql: 'l.term_period_unit', type: 'string' },
};

/** Every loan field of spec core §3, for staff. */
export const loanFields: Record<string, FieldDef> = {
  ...publicLoanFields,
  clientId: { sql: 'l.client_id', type: 'integer' },
  principalRepaid: { sql: repaymentSum('r.principal_paid', false), type: 'money' },
  interestRepaid: { sql: repaymentSum('r.interest_paid', false), type: 'money' },
  principalRemaining: { sql: repaymentSum('r.principal_due - r.principal_paid', true), type: 'money' },
  interestRemaining: { sql: repaymentSum('r.interest_due - r.interest_paid', true), type: 'money' },
  repaymentCount: {
    sql: '(select count(*) from repayments r where r.loan_id = l.id and not r.is_archived)',
    type: 'integer',
  },
  /** Average investment rate weighted by amount over unsold investments (spec core §3), to 10 places. */
  fundedRate: {
    sql: `(select round(sum(i.invested_amount * i.investment_interest_rate) / nullif(sum(i.invested_amount), 0), 10)
      from investments i where i.loan_id = l.id and i.sale_date is null and i.reversed_date is null)`,
    type: 'decimal',
  },
  /** What the house account holds unsold in the loan (Invest 1% and its warning banner). */
  houseInvestedAmount: {
    sql: `(select coalesce(sum(i.invested_amount), 0) from investments i where i.loan_id = l.id
      and i.investment_account_id = ${houseAccountId} and i.sale_date is null and i.reversed_date is null)`,
    type: 'money',
  },
  /** Investments by accounts other than the house account (the Delete rule). */
  otherInvestmentCount: {
    sql: `(select count(*) from investments i where i.loan_id = l.id
      and i.investment_account_id <> ${houseAccountId} and i.sale_date is null and i.reversed_date is null)`,
    type: 'integer',
  },
  gracePeriodDays: { sql: 'l.grace_period_days', type: 'integer' },
  subStatus: { sql: 'l.sub_status', type: 'string' },
  setupStatus: { sql: 'l.setup_status', type: 'string' },
  rescheduledLoanId: { sql: 'l.rescheduled_loan_id', type: 'integer' },
  notes: { sql: 'l.notes', type: 'string' },
  principalWrittenOff: { sql: 'l.principal_written_off', type: 'money' },
  interestWrittenOff: { sql: 'l.interest_written_off', type: 'money' },
  createdAt: { sql: 'l.created_at', type: 'datetime' },
  updatedAt: { sql: 'l.updated_at', type: 'datetime' },
};

const detailFields = (alias: string, withInternal: boolean): Record<string, FieldDef> => ({
  loanId: { sql: `${alias}.loan_id`, type: 'integer' },
  loanPurpose: { sql: `${alias}.loan_purpose`, type: 'string' },
  industryType: { sql: `${alias}.industry_type`, type: 'string' },
  businessAge: { sql: `${alias}.business_age`, type: 'string' },
  directorCount: { sql: `${alias}.director_count`, type: 'integer' },
  employeeCount: { sql: `${alias}.employee_count`, type: 'integer' },
  companyRevenue: { sql: `${alias}.company_revenue`, type: 'money' },
  companyState: { sql: `${alias}.company_state`, type: 'string' },
  bankruptciesLegalActionsCollections: { sql: `${alias}.bankruptcies_legal_actions_collections`, type: 'string' },
  securityType: { sql: `${alias}.security_type`, type: 'string' },
  financialAccountsType: { sql: `${alias}.financial_accounts_type`, type: 'string' },
  financialAccountsDate: { sql: `${alias}.financial_accounts_date`, type: 'date' },
  loanStory: { sql: `${alias}.loan_story`, type: 'string' },
  ...(withInternal ? { underwriterComment: { sql: `${alias}.underwriter_comment`, type: 'string' as const } } : {}),
});

const loanDetails: RelationDef = {
  join: 'left join loan_details ld on ld.loan_id = l.id',
  fields: detailFields('ld', true),
};

const client: RelationDef = {
  join: 'left join clients c on c.id = l.client_id',
  fields: { id: { sql: 'c.id', type: 'integer' }, name: { sql: 'c.name', type: 'string' } },
};

/** GET api/loans (and api/loans/active, a client's loans): default sort id descending (spec core §9). */
export const loansResource: ListResource = {
  name: 'loans',
  from: 'loans l',
  fields: loanFields,
  relations: { loanDetails, client },
  defaultOrderBy: 'id desc',
};

export const notDeleted: RawBuilder<unknown> = sql`l.status <> 'DELETED'`;
export const activeOnly: RawBuilder<unknown> = sql`l.status in (${sql.join([...activeLoanStatuses])})`;

/** The marketplace: loans open for funding, by expiry ascending (spec core §9). */
export const marketplaceResource: ListResource = {
  name: 'marketplace loans',
  from: 'loans l',
  fields: publicLoanFields,
  relations: {
    loanDetails: { join: 'left join loan_details ld on ld.loan_id = l.id', fields: detailFields('ld', false) },
  },
  defaultOrderBy: 'marketplaceExpiryDate asc',
};

/** Shown on the marketplace now (the SQL of the domain's isOnMarketplace). */
export function onMarketplace(now: Date): RawBuilder<unknown> {
  return sql`l.status = 'FUNDING' and l.marketplace_status <> 'HIDDEN'
    and l.marketplace_start_date <= ${now}::timestamptz
    and (l.marketplace_expiry_date is null or ${now}::timestamptz <= l.marketplace_expiry_date)
    and l.funded_amount < l.amount`;
}

/** A loan by id, as the loan list shows it (with its details). */
export function byId(id: number): RawBuilder<unknown> {
  return sql`l.id = ${id}`;
}
