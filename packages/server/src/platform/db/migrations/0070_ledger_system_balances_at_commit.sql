-- The platform's own ledger accounts (trust bank, revenue, tax withheld payable: one of each,
-- never checked against a limit) take a posting from almost every movement of money. Their
-- cached balances used to be updated, under a row lock, as each statement inserted postings, so
-- every deposit, receipt and withdrawal held the single trust bank row from its first posting
-- to its commit and they all queued behind each other. Their cached balances now follow their
-- postings at commit: each statement adds its sums for those accounts to a transaction-local
-- tally, and the transaction's deferred ledger trigger applies the tally in one update, locking
-- those rows (in id order) only for the moment of the commit. The cached balances of investor
-- cash and loan accounts, which decide whether money may move, still change with each statement
-- under the locks the caller took. A rolled-back transaction or savepoint leaves no tally.
-- No deadlock: nothing else locks the system rows (lockAccounts leaves them out), and at commit
-- a transaction takes them in ascending id order and then no other lock (the only other
-- deferred trigger, each entry's zero-sum check, reads postings without locking).

create function ledger_is_system_kind(kind text) returns boolean language sql immutable as $$
  select kind in ('TRUST_BANK', 'REVENUE', 'TAX_WITHHELD_PAYABLE')
$$;

-- Adds sums to the transaction's tally of the system accounts' changes:
-- {"<ledger account id>": ["<finalised>", "<pending debits>", "<pending credits>"], ...}.
create function ledger_tally_system(changes jsonb) returns void language plpgsql as $$
declare
  tally jsonb := coalesce(nullif(current_setting('ledger.system_tally', true), ''), '{}')::jsonb;
  account text;
  sums jsonb;
begin
  if changes is null or changes = '{}'::jsonb then
    return;
  end if;
  for account, sums in select * from jsonb_each(changes) loop
    tally := tally || jsonb_build_object(account, jsonb_build_array(
      (coalesce(tally -> account ->> 0, '0')::numeric + (sums ->> 0)::numeric)::text,
      (coalesce(tally -> account ->> 1, '0')::numeric + (sums ->> 1)::numeric)::text,
      (coalesce(tally -> account ->> 2, '0')::numeric + (sums ->> 2)::numeric)::text));
  end loop;
  perform set_config('ledger.system_tally', tally::text, true);
end $$;

-- Applies the transaction's tally to the system accounts' cached balances, once, at commit,
-- one account at a time in ascending id order.
create function ledger_apply_system_tally() returns void language plpgsql as $$
declare
  tally text := coalesce(current_setting('ledger.system_tally', true), '');
  account bigint;
  sums jsonb;
begin
  if tally = '' then
    return;
  end if;
  perform set_config('ledger.system_tally', '', true);
  for account, sums in select key::bigint, value from jsonb_each(tally::jsonb) order by 1 loop
    update ledger_accounts set
      current_balance = current_balance + (sums ->> 0)::numeric,
      pending_debits = pending_debits + (sums ->> 1)::numeric,
      pending_credits = pending_credits + (sums ->> 2)::numeric
    where id = account;
  end loop;
end $$;

-- Inserted postings: investor and loan accounts at once, the system accounts into the tally.
create or replace function ledger_postings_cache() returns trigger language plpgsql as $$
declare system_changes jsonb;
begin
  if exists (select 1 from new_postings n join ledger_entries e on e.id = n.entry_id where e.voided_at is not null) then
    raise exception 'cannot post to a voided entry' using errcode = '23514';
  end if;
  with s as (
    select n.ledger_account_id,
           sum(case when e.finalised_at is not null then n.amount else 0 end) as finalised,
           sum(case when e.finalised_at is null and n.amount < 0 then -n.amount else 0 end) as debits,
           sum(case when e.finalised_at is null and n.amount > 0 then n.amount else 0 end) as credits
    from new_postings n join ledger_entries e on e.id = n.entry_id
    group by n.ledger_account_id
  ), changed as (
    update ledger_accounts a set
      current_balance = a.current_balance + s.finalised,
      pending_debits = a.pending_debits + s.debits,
      pending_credits = a.pending_credits + s.credits
    from s
    where a.id = s.ledger_account_id and not ledger_is_system_kind(a.kind)
  )
  select jsonb_object_agg(s.ledger_account_id::text, jsonb_build_array(s.finalised::text, s.debits::text, s.credits::text))
    into system_changes
  from s join ledger_accounts a on a.id = s.ledger_account_id
  where ledger_is_system_kind(a.kind);
  perform ledger_tally_system(system_changes);
  return null;
end $$;

-- An entry leaving pending: its postings move out of the pending sums (into current when it is
-- finalised), investor and loan accounts at once, the system accounts into the tally.
create or replace function ledger_entry_cache() returns trigger language plpgsql as $$
declare system_changes jsonb;
begin
  if old.finalised_at is null and old.voided_at is null and (new.finalised_at is not null or new.voided_at is not null) then
    with s as (
      select ledger_account_id,
             sum(case when amount < 0 then -amount else 0 end) as debits,
             sum(case when amount > 0 then amount else 0 end) as credits,
             case when new.finalised_at is not null then sum(amount) else 0 end as finalised
      from ledger_postings where entry_id = new.id group by ledger_account_id
    ), changed as (
      update ledger_accounts a set
        pending_debits = a.pending_debits - s.debits,
        pending_credits = a.pending_credits - s.credits,
        current_balance = a.current_balance + s.finalised
      from s
      where a.id = s.ledger_account_id and not ledger_is_system_kind(a.kind)
    )
    select jsonb_object_agg(s.ledger_account_id::text, jsonb_build_array(s.finalised::text, (-s.debits)::text, (-s.credits)::text))
      into system_changes
    from s join ledger_accounts a on a.id = s.ledger_account_id
    where ledger_is_system_kind(a.kind);
    perform ledger_tally_system(system_changes);
  end if;
  return null;
end $$;

-- Every transaction that posts, finalises or voids applies its tally at commit (deferred
-- triggers; the first one applies the whole tally, the others find it empty).
create function ledger_apply_system_tally_at_commit() returns trigger language plpgsql as $$
begin
  perform ledger_apply_system_tally();
  return null;
end $$;
create constraint trigger ledger_postings_system_tally after insert on ledger_postings
  deferrable initially deferred for each row execute function ledger_apply_system_tally_at_commit();
create constraint trigger ledger_entries_system_tally after update on ledger_entries
  deferrable initially deferred for each row execute function ledger_apply_system_tally_at_commit();
