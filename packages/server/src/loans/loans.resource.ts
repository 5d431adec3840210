import {
  activeLoanStatuses,
  houseAccountId,
  type ListRow,
  liveRepaymentStatuses,
  loanListShape,
  loanMessages,
  marketplaceLoanListShape,
  notFound,
} from '@lm/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../platform/db/database';
import { bindListResource, type FieldSql, runTypedList } from '../platform/list-query';
import { effectiveStatusSql } from './loans.repository';

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

/** The marketplace fields everyone sees. */
const publicLoanSql = {
  id: 'l.id',
  name: 'l.name',
  thirdPartyId: 'l.third_party_id',
  amount: 'l.amount',
  fundedAmount: 'l.funded_amount',
  fundedProgress: fundedProgressSql,
  fundingRemaining: 'greatest(l.amount - l.funded_amount, 0)',
  baseInterestRate: 'l.base_interest_rate',
  marketplaceRate: 'l.marketplace_rate',
  marketplaceStatus: 'l.marketplace_status',
  marketplaceStartDate: 'l.marketplace_start_date',
  marketplaceExpiryDate: 'l.marketplace_expiry_date',
  disbursementDate: 'l.disbursement_date',
  startDate: 'l.start_date',
  fundedDate: 'l.funded_date',
  status: 'l.status',
  interestType: 'l.interest_type',
  interestCalculationMethod: 'l.interest_calculation_method',
  term: 'l.term',
  termPeriod: 'l.term_period',
  termPeriodUnit: 'l.term_period_unit',
} satisfies Record<string, FieldSql>;

const detailSql = (alias: string) => ({
  loanId: `${alias}.loan_id`,
  loanPurpose: `${alias}.loan_purpose`,
  industryType: `${alias}.industry_type`,
  businessAge: `${alias}.business_age`,
  directorCount: `${alias}.director_count`,
  employeeCount: `${alias}.employee_count`,
  companyRevenue: `${alias}.company_revenue`,
  companyState: `${alias}.company_state`,
  bankruptciesLegalActionsCollections: `${alias}.bankruptcies_legal_actions_collections`,
  securityType: `${alias}.security_type`,
  financialAccountsType: `${alias}.financial_accounts_type`,
  financialAccountsDate: `${alias}.financial_accounts_date`,
  loanStory: `${alias}.loan_story`,
});

/** GET api/loans (and api/loans/active, a client's loans): default sort id descending (spec core §9). */
/** The loan list resource; with `now`, a loan's status is the one time gives it at that instant. */
export function loansResource(now?: Date) {
  return bindListResource(loanListShape, {
    name: 'loans',
    from: 'loans l',
    fields: {
      ...publicLoanSql,
      status: now ? effectiveStatusSql(now) : 'l.status',
      clientId: 'l.client_id',
      principalRepaid: repaymentSum('r.principal_paid', false),
      interestRepaid: repaymentSum('r.interest_paid', false),
      principalRemaining: repaymentSum('r.principal_due - r.principal_paid - r.principal_written_off', true),
      interestRemaining: repaymentSum('r.interest_due - r.interest_paid - r.interest_written_off', true),
      // the due date of the repayment a payout closed (Payout Loan is then disabled with its reason)
      payoutDate: `(select max(r.due_date) from repayments r where r.loan_id = l.id and not r.is_archived
      and r.status = 'PAYOUT')`,
      repaymentCount: '(select count(*) from repayments r where r.loan_id = l.id and not r.is_archived)',
      // average investment rate weighted by amount over unsold investments (spec core §3), to 10 places
      fundedRate: `(select round(sum(i.invested_amount * i.investment_interest_rate) / nullif(sum(i.invested_amount), 0), 10)
      from investments i where i.loan_id = l.id and i.sale_date is null and i.reversed_date is null)`,
      // what the house account holds unsold in the loan (Invest 1% and its warning banner)
      houseInvestedAmount: `(select coalesce(sum(i.invested_amount), 0) from investments i where i.loan_id = l.id
      and i.investment_account_id = ${houseAccountId} and i.sale_date is null and i.reversed_date is null)`,
      // investments by accounts other than the house account (the Delete rule)
      otherInvestmentCount: `(select count(*) from investments i where i.loan_id = l.id
      and i.investment_account_id <> ${houseAccountId} and i.sale_date is null and i.reversed_date is null)`,
      gracePeriodDays: 'l.grace_period_days',
      subStatus: 'l.sub_status',
      setupStatus: 'l.setup_status',
      rescheduledLoanId: 'l.rescheduled_loan_id',
      notes: 'l.notes',
      principalWrittenOff: repaymentSum('r.principal_written_off', false),
      interestWrittenOff: repaymentSum('r.interest_written_off', false),
      createdAt: 'l.created_at',
      updatedAt: 'l.updated_at',
    },
    relations: {
      loanDetails: {
        join: 'left join loan_details ld on ld.loan_id = l.id',
        fields: { ...detailSql('ld'), underwriterComment: 'ld.underwriter_comment' },
      },
      client: { join: 'left join clients c on c.id = l.client_id', fields: { id: 'c.id', name: 'c.name' } },
    },
    defaultOrderBy: 'id desc',
  });
}

export type LoanListRow = ListRow<typeof loanListShape>;

export const notDeleted: RawBuilder<unknown> = sql`l.status <> 'DELETED'`;
export const activeOnly: RawBuilder<unknown> = sql`l.status in (${sql.join([...activeLoanStatuses])})`;

/** A page of loans (never deleted ones), optionally only the active ones. */
export function listLoans(db: Executor, query: unknown, now: Date, scope: 'all' | 'active' = 'all') {
  return runTypedList(db, loansResource(now), query, {
    where: scope === 'active' ? sql`${notDeleted} and ${activeOnly}` : notDeleted,
  });
}

/** One loan as GET api/loans shows it, with its details and client (what create and edit answer). */
export async function loanView(db: Executor, id: number, now?: Date): Promise<LoanListRow> {
  const result = await runTypedList(
    db,
    loansResource(now),
    { $expand: 'loanDetails,client' },
    { where: sql`${notDeleted} and l.id = ${id}` },
  );
  const row = result.rows[0];
  if (!row) throw notFound(loanMessages.loanNotFound);
  return row;
}

/** The marketplace: loans open for funding, by expiry ascending (spec core §9). */
export function marketplaceResource(now: Date) {
  return bindListResource(marketplaceLoanListShape, {
    name: 'marketplace loans',
    from: 'loans l',
    fields: { ...publicLoanSql, status: effectiveStatusSql(now) },
    relations: {
      loanDetails: { join: 'left join loan_details ld on ld.loan_id = l.id', fields: detailSql('ld') },
    },
    defaultOrderBy: 'marketplaceExpiryDate asc',
  });
}

export type MarketplaceLoanRow = ListRow<typeof marketplaceLoanListShape>;

/**
 * Shown on the marketplace now (the SQL of the domain's isOnMarketplace). The status is the one
 * time gives the loan now (a loan whose window has closed is not listed even before the daily job
 * has moved it), so a read never needs to write.
 */
export function onMarketplace(now: Date): RawBuilder<unknown> {
  return sql`${sql.raw(effectiveStatusSql(now))} = 'FUNDING'
    and l.marketplace_status <> 'HIDDEN'
    and l.marketplace_start_date <= ${now}::timestamptz
    and (l.marketplace_expiry_date is null or ${now}::timestamptz <= l.marketplace_expiry_date)
    and l.funded_amount < l.amount`;
}

export function listMarketplaceLoans(db: Executor, query: unknown, now: Date) {
  return runTypedList(db, marketplaceResource(now), query, { where: onMarketplace(now) });
}

/** One marketplace loan with its details, or null when it is not on the marketplace now. */
export async function findMarketplaceLoan(db: Executor, id: number, now: Date): Promise<MarketplaceLoanRow | null> {
  const result = await runTypedList(
    db,
    marketplaceResource(now),
    { $expand: 'loanDetails' },
    { where: sql`${onMarketplace(now)} and l.id = ${id}` },
  );
  return result.rows[0] ?? null;
}
