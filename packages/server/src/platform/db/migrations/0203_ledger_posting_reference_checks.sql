-- The references of ledger postings, checked once per statement instead of once per row (issue 19,
-- 2026-11-26), as 0191 did for account rows.
--
-- A posting names its entry and its ledger account by foreign key, which PostgreSQL checks row by
-- row: one query per key per posting that finds and locks (key share) the referenced row.
-- Fractionalising one repayment across 1,000 investments writes about 1,002 postings of one entry,
-- so 2,004 of those queries for one entry and a thousand accounts; 10,000 receipts fractionalised
-- write about 100,000 postings.
--
-- The two foreign keys become one statement-level trigger: after each insert, for the entries and
-- for the ledger accounts, one statement locks every distinct referenced row (key share, in id
-- order, as the foreign keys did) and compares their number with the number of distinct ids.
-- Postings are never updated or deleted (ledger_forbid_change). The other side of the keys stays:
-- a ledger account that postings name is neither deleted, renumbered nor truncated away; a ledger
-- entry is never deleted nor renumbered (ledger_entry_guard), and truncating the entries while
-- postings exist is refused. Under READ COMMITTED an insert's key-share lock makes a concurrent
-- delete of the account wait for it, and the delete's check then sees the committed postings.

alter table ledger_postings
  drop constraint ledger_postings_entry_id_fkey,
  drop constraint ledger_postings_ledger_account_id_fkey;

create function ledger_postings_check_references() returns trigger language plpgsql as $$
begin
  if (select count(distinct n.entry_id) from new_postings n)
     <> (select count(*) from (select 1 from ledger_entries e
           where e.id in (select n.entry_id from new_postings n) order by e.id for key share) locked) then
    raise foreign_key_violation using
      message = 'insert on table "ledger_postings" references a ledger entry that does not exist';
  end if;
  if (select count(distinct n.ledger_account_id) from new_postings n)
     <> (select count(*) from (select 1 from ledger_accounts a
           where a.id in (select n.ledger_account_id from new_postings n) order by a.id for key share) locked) then
    raise foreign_key_violation using
      message = 'insert on table "ledger_postings" references a ledger account that does not exist';
  end if;
  return null;
end $$;

create trigger ledger_postings_references after insert on ledger_postings
  referencing new table as new_postings for each statement execute function ledger_postings_check_references();

-- the referenced side: a ledger account postings name stays, and so do the entries
create function ledger_accounts_referenced_deleted() returns trigger language plpgsql as $$
begin
  if exists (select 1 from ledger_postings p join old_rows o on p.ledger_account_id = o.id) then
    raise foreign_key_violation using
      message = 'delete on table "ledger_accounts" removes an account that ledger postings name';
  end if;
  return null;
end $$;

create function ledger_accounts_referenced_renumbered() returns trigger language plpgsql as $$
begin
  if new.id is distinct from old.id and exists (select 1 from ledger_postings p where p.ledger_account_id = old.id) then
    raise foreign_key_violation using
      message = 'update on table "ledger_accounts" changes the id of an account that ledger postings name';
  end if;
  return new;
end $$;

create function ledger_postings_referenced_truncated() returns trigger language plpgsql as $$
begin
  if exists (select 1 from ledger_postings) then
    raise foreign_key_violation using
      message = format('truncate of table "%s" would remove rows that ledger postings name', tg_table_name);
  end if;
  return null;
end $$;

create trigger ledger_accounts_referenced_by_postings after delete on ledger_accounts
  referencing old table as old_rows for each statement execute function ledger_accounts_referenced_deleted();
create trigger ledger_accounts_renumbered_under_postings before update of id on ledger_accounts
  for each row execute function ledger_accounts_referenced_renumbered();
create trigger ledger_accounts_truncated_under_postings before truncate on ledger_accounts
  for each statement execute function ledger_postings_referenced_truncated();
create trigger ledger_entries_truncated_under_postings before truncate on ledger_entries
  for each statement execute function ledger_postings_referenced_truncated();
