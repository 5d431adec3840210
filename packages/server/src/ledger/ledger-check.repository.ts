import { sql } from 'kysely';
import type { Executor } from '../platform/db/database';

// Result rows come back with camelCase keys (the database's CamelCasePlugin).

/**
 * The SQL of the ledger check (ledger-check.ts): one query per invariant, each answering at most
 * `examplesPerInvariantMax` offending rows.
 */

export const examplesPerInvariantMax = 20;

type Row = Record<string, unknown>;

async function rows(db: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  return (await query.execute(db)).rows as Row[];
}

interface Invariant {
  name: string;
  query: ReturnType<typeof sql>;
  describe(row: Row): string;
}

const limit = sql.raw(String(examplesPerInvariantMax));

const invariants: Invariant[] = [
  {
    name: 'every entry sums to zero with at least two postings',
    query: sql`
      select e.id, coalesce(sum(p.amount), 0)::text as total, count(p.id)::int as postings
      from ledger_entries e left join ledger_postings p on p.entry_id = e.id
      group by e.id having coalesce(sum(p.amount), 0) <> 0 or count(p.id) < 2
      order by e.id limit ${limit}`,
    describe: (r) => `entry ${r.id}: ${r.postings} postings summing to ${r.total}`,
  },
  {
    name: 'the whole ledger sums to zero',
    query: sql`
      select coalesce(sum(current_balance), 0)::text as current,
             coalesce(sum(pending_credits) - sum(pending_debits), 0)::text as pending
      from ledger_account_balances
      having coalesce(sum(current_balance), 0) <> 0 or coalesce(sum(pending_credits) - sum(pending_debits), 0) <> 0`,
    describe: (r) => `finalised balances sum to ${r.current}, pending postings to ${r.pending}`,
  },
  {
    name: 'every cached balance equals its postings',
    query: sql`
      with s as (
        select p.ledger_account_id,
          sum(case when e.finalised_at is not null then p.amount else 0 end) as current,
          sum(case when e.finalised_at is null and e.voided_at is null and p.amount < 0 then -p.amount else 0 end) as debits,
          sum(case when e.finalised_at is null and e.voided_at is null and p.amount > 0 then p.amount else 0 end) as credits
        from ledger_postings p join ledger_entries e on e.id = p.entry_id
        group by p.ledger_account_id)
      select a.id, a.kind, a.name,
        a.current_balance::text as cached_current, coalesce(s.current, 0)::text as current,
        a.pending_debits::text as cached_debits, coalesce(s.debits, 0)::text as debits,
        a.pending_credits::text as cached_credits, coalesce(s.credits, 0)::text as credits
      from ledger_account_balances a left join s on s.ledger_account_id = a.id
      where a.current_balance <> coalesce(s.current, 0)
         or a.pending_debits <> coalesce(s.debits, 0)
         or a.pending_credits <> coalesce(s.credits, 0)
      order by a.id limit ${limit}`,
    describe: (r) =>
      `ledger account ${r.id} (${r.kind}, ${r.name}): cached current ${r.cachedCurrent} / postings ${r.current}, ` +
      `pending debits ${r.cachedDebits} / ${r.debits}, pending credits ${r.cachedCredits} / ${r.credits}`,
  },
  {
    name: "no investment account's available balance is negative",
    query: sql`
      select ia.id, la.available_balance::text as available
      from investment_accounts ia join ledger_accounts la on la.id = ia.ledger_account_id
      where la.available_balance < 0
      order by ia.id limit ${limit}`,
    describe: (r) => `investment account ${r.id}: available balance ${r.available}`,
  },
  {
    name: "a loan's funded amount never exceeds its amount",
    query: sql`
      select id, amount::text as amount, funded_amount::text as funded from loans
      where funded_amount > amount or funded_amount < 0
      order by id limit ${limit}`,
    describe: (r) => `loan ${r.id}: funded ${r.funded} of ${r.amount}`,
  },
  {
    name: 'a reversal reverses a finalised entry with exactly the opposite postings',
    query: sql`
      select r.id, r.reverses_entry_id as original from ledger_entries r
      join ledger_entries o on o.id = r.reverses_entry_id
      where o.finalised_at is null or r.finalised_at is null
        or exists (
          select 1 from ledger_postings p where p.entry_id in (r.id, o.id)
          group by p.ledger_account_id having sum(p.amount) <> 0)
      order by r.id limit ${limit}`,
    describe: (r) => `reversal entry ${r.id} of entry ${r.original}`,
  },
  {
    name: "an investment account's rows sum to its ledger balances",
    query: sql`
      with r as (
        select investment_account_id,
          sum(case when status = 'PAID' then amount else 0 end) as paid,
          sum(case when status = 'PENDING' then amount else 0 end) as pending
        from account_transactions group by investment_account_id)
      select ia.id, la.current_balance::text as current, coalesce(r.paid, 0)::text as paid,
        (la.pending_credits - la.pending_debits)::text as pending_postings, coalesce(r.pending, 0)::text as pending
      from investment_accounts ia join ledger_accounts la on la.id = ia.ledger_account_id
      left join r on r.investment_account_id = ia.id
      where la.current_balance <> coalesce(r.paid, 0) or la.pending_credits - la.pending_debits <> coalesce(r.pending, 0)
      order by ia.id limit ${limit}`,
    describe: (r) =>
      `investment account ${r.id}: current balance ${r.current} but paid rows ${r.paid}; ` +
      `pending postings ${r.pendingPostings} but pending rows ${r.pending}`,
  },
  {
    name: "a row's status matches its entry",
    query: sql`
      select t.id, t.status, t.ledger_entry_id as entry, e.finalised_at is not null as finalised, e.voided_at is not null as voided
      from account_transactions t left join ledger_entries e on e.id = t.ledger_entry_id
      where case when t.ledger_entry_id is null
        -- an informational row (a write-off's share of a loss) moves no cash and needs no entry
        then not (t.amount = 0 and t.status = 'PAID' and t.finalised_date is not null)
        else e.id is null
          or (t.status = 'PAID') <> (e.finalised_at is not null)
          or (t.status = 'CANCELLED') <> (e.voided_at is not null)
          or (t.status = 'PENDING') <> (t.finalised_date is null)
        end
      order by t.id limit ${limit}`,
    describe: (r) =>
      `transaction ${r.id} (${r.status}): entry ${r.entry ?? 'missing'} finalised ${r.finalised}, voided ${r.voided}`,
  },
  {
    name: 'every running balance equals the sum of its account up to it',
    query: sql`
      select id, investment_account_id as account, running_balance::text as cached, expected::text as expected from (
        select t.id, t.investment_account_id, t.running_balance,
          sum(case when t.status = 'CANCELLED' then 0 else t.amount end)
            over (partition by t.investment_account_id order by t.finalised_date, t.id) as expected
        from account_transactions t where t.finalised_date is not null) x
      where running_balance is distinct from expected
      order by id limit ${limit}`,
    describe: (r) => `transaction ${r.id} of account ${r.account}: running balance ${r.cached}, expected ${r.expected}`,
  },
  {
    name: "a withdrawal request's status matches its transaction",
    query: sql`
      select w.id, w.status, t.id as transaction, t.status as transaction_status
      from withdrawal_requests w left join account_transactions t on t.id = w.account_transaction_id
      where t.id is null
         or (w.status in ('UNVERIFIED', 'VERIFIED')) <> (t.status = 'PENDING')
         or (w.status = 'PAID') <> (t.status = 'PAID')
         or (w.status = 'CANCELLED') <> (t.status = 'CANCELLED')
         or t.amount <> -w.amount
      order by w.id limit ${limit}`,
    describe: (r) =>
      `withdrawal request ${r.id} (${r.status}): transaction ${r.transaction ?? 'missing'} ${r.transactionStatus ?? ''}`,
  },
  // the money amounts kept beside the ledger, each against its sources (docs/domain.md "Ledger check")
  {
    name: "a loan's funded amount equals its investments",
    query: sql`
      select l.id, l.funded_amount::text as kept, coalesce(i.invested, 0)::text as sources
      from loans l left join (
        select loan_id, sum(invested_amount) as invested from investments
        where reversed_date is null and original_investment_id is null group by loan_id) i on i.loan_id = l.id
      where l.funded_amount <> coalesce(i.invested, 0)
      order by l.id limit ${limit}`,
    describe: (r) =>
      `loans.funded_amount of loan ${r.id} is ${r.kept}; its investments not reversed add up to ${r.sources}`,
  },
  {
    name: "a repayment's paid amounts equal the receipts applied to it",
    query: sql`
      with applied as (
        select repayment_id, sum(principal_amount) as principal, sum(interest_amount) as interest
        from loan_transactions
        where repayment_id is not null and type = 'REPAYMENT' and status = 'PAID'
          and reverses_transaction_id is null and reversal_transaction_id is null
        group by repayment_id),
      compared as (
        select r.id, r.loan_id, 'principal_paid' as column_name, r.principal_paid as kept, coalesce(a.principal, 0) as sources
        from repayments r left join applied a on a.repayment_id = r.id
        union all
        select r.id, r.loan_id, 'interest_paid', r.interest_paid, coalesce(a.interest, 0)
        from repayments r left join applied a on a.repayment_id = r.id)
      select id, loan_id, column_name, kept::text as kept, sources::text as sources from compared
      where kept <> sources
      order by id, column_name limit ${limit}`,
    describe: (r) =>
      `repayments.${r.columnName} of repayment ${r.id} (loan ${r.loanId}) is ${r.kept}; the receipts applied to it add up to ${r.sources}`,
  },
  {
    name: "an investment's repaid and written-off amounts equal its rows",
    query: sql`
      with rows_of as (
        select investment_id,
          sum(principal_amount) filter (where type = 'REPAYMENT') as principal_repaid,
          sum(interest_amount) filter (where type = 'REPAYMENT') as interest_repaid,
          sum(principal_amount) filter (where type = 'WRITE_OFF') as principal_written_off
        from account_transactions
        where investment_id is not null and type in ('REPAYMENT', 'WRITE_OFF') and status = 'PAID'
          and reverses_transaction_id is null and reversal_transaction_id is null
        group by investment_id),
      compared as (
        select i.id, 'principal_repaid' as column_name, i.principal_repaid as kept, coalesce(t.principal_repaid, 0) as sources
        from investments i left join rows_of t on t.investment_id = i.id
        union all
        select i.id, 'interest_repaid', i.interest_repaid, coalesce(t.interest_repaid, 0)
        from investments i left join rows_of t on t.investment_id = i.id
        union all
        select i.id, 'principal_written_off', i.principal_written_off, coalesce(t.principal_written_off, 0)
        from investments i left join rows_of t on t.investment_id = i.id)
      select id, column_name, kept::text as kept, sources::text as sources from compared
      where kept <> sources
      order by id, column_name limit ${limit}`,
    describe: (r) =>
      `investments.${r.columnName} of investment ${r.id} is ${r.kept}; its account rows add up to ${r.sources}`,
  },
  {
    name: "a loan's principal written off equals what its holders bore",
    query: sql`
      with repayments_of as (
        select loan_id, sum(principal_written_off) as written_off from repayments group by loan_id),
      holders_of as (
        select loan_id, sum(principal_written_off) as written_off from investments group by loan_id)
      select l.id, coalesce(r.written_off, 0)::text as kept, coalesce(h.written_off, 0)::text as sources
      from loans l
      left join repayments_of r on r.loan_id = l.id
      left join holders_of h on h.loan_id = l.id
      where coalesce(r.written_off, 0) <> coalesce(h.written_off, 0)
      order by l.id limit ${limit}`,
    describe: (r) =>
      `repayments.principal_written_off of loan ${r.id} add up to ${r.kept}; its investments' principal_written_off to ${r.sources}`,
  },
];

export const invariantNames = invariants.map((i) => i.name);

/** Every invariant's offending rows (at most examplesPerInvariantMax each), described. */
export async function selectInvariantViolations(db: Executor): Promise<{ invariant: string; detail: string }[]> {
  const problems: { invariant: string; detail: string }[] = [];
  for (const invariant of invariants) {
    for (const row of await rows(db, invariant.query)) {
      problems.push({ invariant: invariant.name, detail: invariant.describe(row) });
    }
  }
  return problems;
}

/** How much the check covered. */
export async function selectLedgerCounts(db: Executor) {
  const [counts] = await rows(
    db,
    sql`select (select count(*) from ledger_entries)::int as entries,
               (select count(*) from ledger_postings)::int as postings,
               (select count(*) from ledger_accounts)::int as ledger_accounts,
               (select count(*) from account_transactions)::int as account_transactions`,
  );
  return {
    entries: Number(counts?.entries ?? 0),
    postings: Number(counts?.postings ?? 0),
    ledgerAccounts: Number(counts?.ledgerAccounts ?? 0),
    accountTransactions: Number(counts?.accountTransactions ?? 0),
  };
}
