-- The references of account rows, checked once per statement instead of once per row
-- (docs/decisions/005-ledger-throughput.md, 2026-11-26).
--
-- A foreign key is checked by PostgreSQL row by row: for each inserted row one query per key that
-- looks up the referenced row and locks it (key share). An account row carries six references
-- that are set when it is written (its investment account, ledger entry, loan, loan transaction,
-- investment and the user who wrote it), so fractionalising one repayment across 1,000
-- investments ran 6,000 of those queries, most of them for the same entry, loan, loan transaction
-- and user; on the scale-1 book they were about half of the time of inserting the rows.
--
-- Those six foreign keys become one statement-level trigger: after each insert, for each
-- referenced table, one statement locks every distinct referenced row (key share, in id order, as
-- the foreign key did) and compares their number with the number of distinct ids. An update of one
-- of the six columns (nothing updates them today) is checked row by row, as before. The other side
-- of a foreign key stays too: deleting, truncating or changing the id of a referenced row is
-- refused while an account row references it. Under READ COMMITTED (the server's only isolation
-- level) the check of a delete sees every committed account row, and an insert's key-share lock
-- makes a concurrent delete wait for it, as with a foreign key.
--
-- The other four references of an account row (reversal, reversed row, withdrawal request,
-- counterpart account) are null on almost every row, which a foreign key skips at no cost, so
-- they stay foreign keys.

alter table account_transactions
  drop constraint account_transactions_investment_account_id_fkey,
  drop constraint account_transactions_ledger_entry_id_fkey,
  drop constraint account_transactions_loan_id_fkey,
  drop constraint account_transactions_loan_transaction_id_fkey,
  drop constraint account_transactions_investment_id_fkey,
  drop constraint account_transactions_created_by_fkey;

-- refuses when fewer referenced rows were found (and locked) than distinct ids were referenced
create function account_rows_references_missing(referenced bigint, existing bigint, what text) returns void
  language plpgsql as $$
begin
  if referenced <> existing then
    raise foreign_key_violation using
      message = format('insert or update on table "account_transactions" references a %s that does not exist', what);
  end if;
end $$;

-- after insert: every reference of the statement's rows exists, and is locked (key share)
create function account_rows_check_references() returns trigger language plpgsql as $$
begin
  perform account_rows_references_missing(
    (select count(distinct n.investment_account_id) from new_rows n where n.investment_account_id is not null),
    (select count(*) from (select 1 from investment_accounts p
       where p.id in (select n.investment_account_id from new_rows n) order by p.id for key share) locked),
    'investment account');
  perform account_rows_references_missing(
    (select count(distinct n.ledger_entry_id) from new_rows n where n.ledger_entry_id is not null),
    (select count(*) from (select 1 from ledger_entries p
       where p.id in (select n.ledger_entry_id from new_rows n) order by p.id for key share) locked),
    'ledger entry');
  perform account_rows_references_missing(
    (select count(distinct n.loan_id) from new_rows n where n.loan_id is not null),
    (select count(*) from (select 1 from loans p
       where p.id in (select n.loan_id from new_rows n) order by p.id for key share) locked),
    'loan');
  perform account_rows_references_missing(
    (select count(distinct n.loan_transaction_id) from new_rows n where n.loan_transaction_id is not null),
    (select count(*) from (select 1 from loan_transactions p
       where p.id in (select n.loan_transaction_id from new_rows n) order by p.id for key share) locked),
    'loan transaction');
  perform account_rows_references_missing(
    (select count(distinct n.investment_id) from new_rows n where n.investment_id is not null),
    (select count(*) from (select 1 from investments p
       where p.id in (select n.investment_id from new_rows n) order by p.id for key share) locked),
    'investment');
  perform account_rows_references_missing(
    (select count(distinct n.created_by) from new_rows n where n.created_by is not null),
    (select count(*) from (select 1 from users p
       where p.id in (select n.created_by from new_rows n) order by p.id for key share) locked),
    'user');
  return null;
end $$;

create trigger account_transactions_references after insert on account_transactions
  referencing new table as new_rows for each statement execute function account_rows_check_references();

-- an update naming one of the six columns: that row's references, as a foreign key checks them
create function account_row_check_references() returns trigger language plpgsql as $$
begin
  perform account_rows_references_missing(1,
    (select count(*) from (select 1 from investment_accounts p where p.id = new.investment_account_id for key share) l),
    'investment account');
  perform account_rows_references_missing(case when new.ledger_entry_id is null then 0 else 1 end,
    (select count(*) from (select 1 from ledger_entries p where p.id = new.ledger_entry_id for key share) l),
    'ledger entry');
  perform account_rows_references_missing(case when new.loan_id is null then 0 else 1 end,
    (select count(*) from (select 1 from loans p where p.id = new.loan_id for key share) l), 'loan');
  perform account_rows_references_missing(case when new.loan_transaction_id is null then 0 else 1 end,
    (select count(*) from (select 1 from loan_transactions p where p.id = new.loan_transaction_id for key share) l),
    'loan transaction');
  perform account_rows_references_missing(case when new.investment_id is null then 0 else 1 end,
    (select count(*) from (select 1 from investments p where p.id = new.investment_id for key share) l), 'investment');
  perform account_rows_references_missing(case when new.created_by is null then 0 else 1 end,
    (select count(*) from (select 1 from users p where p.id = new.created_by for key share) l), 'user');
  return new;
end $$;

create trigger account_transactions_references_update
  before update of investment_account_id, ledger_entry_id, loan_id, loan_transaction_id, investment_id, created_by
  on account_transactions for each row execute function account_row_check_references();

-- the referenced side: a row account rows reference is neither deleted, truncated nor renumbered
create function account_rows_referenced_deleted() returns trigger language plpgsql as $$
declare
  referenced boolean;
begin
  execute format('select exists (select 1 from account_transactions t join old_rows o on t.%I = o.id)', tg_argv[0])
    into referenced;
  if referenced then
    raise foreign_key_violation using
      message = format('delete on table "%s" removes a row that account transactions reference (%s)', tg_table_name, tg_argv[0]);
  end if;
  return null;
end $$;

create function account_rows_referenced_renumbered() returns trigger language plpgsql as $$
declare
  referenced boolean;
begin
  if new.id is distinct from old.id then
    execute format('select exists (select 1 from account_transactions t where t.%I = $1)', tg_argv[0])
      into referenced using old.id;
    if referenced then
      raise foreign_key_violation using
        message = format('update on table "%s" changes the id of a row that account transactions reference (%s)', tg_table_name, tg_argv[0]);
    end if;
  end if;
  return new;
end $$;

create function account_rows_referenced_truncated() returns trigger language plpgsql as $$
declare
  referenced boolean;
begin
  execute format('select exists (select 1 from account_transactions t where t.%I is not null)', tg_argv[0])
    into referenced;
  if referenced then
    raise foreign_key_violation using
      message = format('truncate of table "%s" would remove rows that account transactions reference (%s)', tg_table_name, tg_argv[0]);
  end if;
  return null;
end $$;

create trigger investment_accounts_referenced_by_account_rows after delete on investment_accounts
  referencing old table as old_rows for each statement execute function account_rows_referenced_deleted('investment_account_id');
create trigger investment_accounts_renumbered_under_account_rows before update of id on investment_accounts
  for each row execute function account_rows_referenced_renumbered('investment_account_id');
create trigger investment_accounts_truncated_under_account_rows before truncate on investment_accounts
  for each statement execute function account_rows_referenced_truncated('investment_account_id');

create trigger ledger_entries_referenced_by_account_rows after delete on ledger_entries
  referencing old table as old_rows for each statement execute function account_rows_referenced_deleted('ledger_entry_id');
create trigger ledger_entries_renumbered_under_account_rows before update of id on ledger_entries
  for each row execute function account_rows_referenced_renumbered('ledger_entry_id');
create trigger ledger_entries_truncated_under_account_rows before truncate on ledger_entries
  for each statement execute function account_rows_referenced_truncated('ledger_entry_id');

create trigger loans_referenced_by_account_rows after delete on loans
  referencing old table as old_rows for each statement execute function account_rows_referenced_deleted('loan_id');
create trigger loans_renumbered_under_account_rows before update of id on loans
  for each row execute function account_rows_referenced_renumbered('loan_id');
create trigger loans_truncated_under_account_rows before truncate on loans
  for each statement execute function account_rows_referenced_truncated('loan_id');

create trigger loan_transactions_referenced_by_account_rows after delete on loan_transactions
  referencing old table as old_rows for each statement execute function account_rows_referenced_deleted('loan_transaction_id');
create trigger loan_transactions_renumbered_under_account_rows before update of id on loan_transactions
  for each row execute function account_rows_referenced_renumbered('loan_transaction_id');
create trigger loan_transactions_truncated_under_account_rows before truncate on loan_transactions
  for each statement execute function account_rows_referenced_truncated('loan_transaction_id');

create trigger investments_referenced_by_account_rows after delete on investments
  referencing old table as old_rows for each statement execute function account_rows_referenced_deleted('investment_id');
create trigger investments_renumbered_under_account_rows before update of id on investments
  for each row execute function account_rows_referenced_renumbered('investment_id');
create trigger investments_truncated_under_account_rows before truncate on investments
  for each statement execute function account_rows_referenced_truncated('investment_id');

create trigger users_referenced_by_account_rows after delete on users
  referencing old table as old_rows for each statement execute function account_rows_referenced_deleted('created_by');
create trigger users_renumbered_under_account_rows before update of id on users
  for each row execute function account_rows_referenced_renumbered('created_by');
create trigger users_truncated_under_account_rows before truncate on users
  for each statement execute function account_rows_referenced_truncated('created_by');

-- One reversal per row stays unique; only the few rows that reverse another are indexed for it.
alter table account_transactions drop constraint account_transactions_reverses_transaction_id_key;
create unique index account_transactions_reverses_transaction
  on account_transactions (reverses_transaction_id) where reverses_transaction_id is not null;
