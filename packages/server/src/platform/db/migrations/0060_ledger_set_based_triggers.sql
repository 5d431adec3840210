-- The ledger's triggers, set-based: an entry of many postings (a repayment split across 1,000
-- investments) costs one statement's work, not work per posting squared.

-- Each entry's zero sum is checked once, at commit, by the trigger of its first posting; the
-- others find an earlier posting of their entry through (entry_id, id) and stop.
create index ledger_postings_entry_id on ledger_postings (entry_id, id);
drop index ledger_postings_entry;

create or replace function ledger_entry_balanced() returns trigger language plpgsql as $$
declare total numeric;
begin
  if exists (select 1 from ledger_postings where entry_id = new.entry_id and id < new.id) then
    return null;
  end if;
  select coalesce(sum(amount), 0) into total from ledger_postings where entry_id = new.entry_id;
  if total <> 0 then
    raise exception 'ledger entry % does not balance (sum %)', new.entry_id, total using errcode = '23514';
  end if;
  return null;
end $$;

-- Cached balances follow the postings: one update per ledger account an insert touches, with
-- the sums of that statement's postings (callers hold the accounts' locks, taken in id order).
drop trigger ledger_postings_cache on ledger_postings;
drop function ledger_posting_cache();

create function ledger_postings_cache() returns trigger language plpgsql as $$
begin
  if exists (select 1 from new_postings n join ledger_entries e on e.id = n.entry_id where e.voided_at is not null) then
    raise exception 'cannot post to a voided entry' using errcode = '23514';
  end if;
  update ledger_accounts a set
    current_balance = a.current_balance + s.finalised,
    pending_debits = a.pending_debits + s.debits,
    pending_credits = a.pending_credits + s.credits
  from (
    select n.ledger_account_id,
           sum(case when e.finalised_at is not null then n.amount else 0 end) as finalised,
           sum(case when e.finalised_at is null and n.amount < 0 then -n.amount else 0 end) as debits,
           sum(case when e.finalised_at is null and n.amount > 0 then n.amount else 0 end) as credits
    from new_postings n join ledger_entries e on e.id = n.entry_id
    group by n.ledger_account_id
  ) s
  where a.id = s.ledger_account_id;
  return null;
end $$;
create trigger ledger_postings_cache after insert on ledger_postings
  referencing new table as new_postings
  for each statement execute function ledger_postings_cache();
