-- The references of a statement's account rows (0191) gathered in one pass (issue 19, 2026-11-27).
--
-- 0191's statement-level check read the statement's new rows twice for each of the six references
-- (a count of the distinct ids, then a semi-join of the referenced table with them): twelve scans
-- and six hash tables for 1,000 rows, 8 to 10 ms, as long as inserting the rows themselves. The
-- distinct ids of all six are now gathered in one scan, and each referenced table is read by key
-- for them (`id = any(...)`, an index condition) and locked (key share, in id order) as before.
-- What is checked, the locks taken and the messages are 0191's.

create or replace function account_rows_check_references() returns trigger language plpgsql as $$
declare
  v_accounts bigint[];
  v_entries bigint[];
  v_loans bigint[];
  v_loan_transactions bigint[];
  v_investments bigint[];
  v_users bigint[];
begin
  select coalesce(array_agg(distinct n.investment_account_id) filter (where n.investment_account_id is not null), '{}'),
         coalesce(array_agg(distinct n.ledger_entry_id) filter (where n.ledger_entry_id is not null), '{}'),
         coalesce(array_agg(distinct n.loan_id) filter (where n.loan_id is not null), '{}'),
         coalesce(array_agg(distinct n.loan_transaction_id) filter (where n.loan_transaction_id is not null), '{}'),
         coalesce(array_agg(distinct n.investment_id) filter (where n.investment_id is not null), '{}'),
         coalesce(array_agg(distinct n.created_by) filter (where n.created_by is not null), '{}')
  into v_accounts, v_entries, v_loans, v_loan_transactions, v_investments, v_users
  from new_rows n;

  perform account_rows_references_missing(cardinality(v_accounts),
    (select count(*) from (select 1 from investment_accounts p
       where p.id = any(v_accounts) order by p.id for key share) locked),
    'investment account');
  if cardinality(v_entries) > 0 then
    perform account_rows_references_missing(cardinality(v_entries),
      (select count(*) from (select 1 from ledger_entries p
         where p.id = any(v_entries) order by p.id for key share) locked),
      'ledger entry');
  end if;
  if cardinality(v_loans) > 0 then
    perform account_rows_references_missing(cardinality(v_loans),
      (select count(*) from (select 1 from loans p
         where p.id = any(v_loans) order by p.id for key share) locked),
      'loan');
  end if;
  if cardinality(v_loan_transactions) > 0 then
    perform account_rows_references_missing(cardinality(v_loan_transactions),
      (select count(*) from (select 1 from loan_transactions p
         where p.id = any(v_loan_transactions) order by p.id for key share) locked),
      'loan transaction');
  end if;
  if cardinality(v_investments) > 0 then
    perform account_rows_references_missing(cardinality(v_investments),
      (select count(*) from (select 1 from investments p
         where p.id = any(v_investments) order by p.id for key share) locked),
      'investment');
  end if;
  if cardinality(v_users) > 0 then
    perform account_rows_references_missing(cardinality(v_users),
      (select count(*) from (select 1 from users p
         where p.id = any(v_users) order by p.id for key share) locked),
      'user');
  end if;
  return null;
end $$;
