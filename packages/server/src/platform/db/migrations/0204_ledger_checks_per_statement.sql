-- The ledger's two per-posting deferred triggers, once per statement and once per transaction
-- (issue 19, 2026-11-26).
--
-- Every posting queued two deferred events, run one by one at commit: the zero-sum check of its
-- entry (0060: the first posting of the entry summed it, the others found an earlier posting and
-- stopped) and the application of the system accounts' tally (0070: the first applied it, the
-- others found it empty). A repayment fractionalised across 1,000 investments (one entry, ~1,002
-- postings) spent ~8 ms at commit running them, 10,000 receipts ~100,000 of each.
--
-- 1. Zero sum, per statement. An insert of postings is refused, at once, unless the postings it
--    adds to each entry sum to zero. Postings are append-only (ledger_forbid_change), so every entry
--    stays balanced after every statement: an entry is the sum of the balanced batches ever
--    added to it. This is stricter than the deferred check: an entry can no longer be built by
--    several statements that balance only together (nothing does: every writer, postEntries,
--    ledger_post_money and ledger_post_money_many, inserts an entry's postings in one statement),
--    and it closes the hole the once-per-entry check had, where postings added to an entry that
--    already had postings (in a later statement or transaction, or after SET CONSTRAINTS ...
--    IMMEDIATE had run the check) were never summed. The check is no longer deferrable: SET
--    CONSTRAINTS has nothing to defer. The trigger keeps its name.
--
-- 2. The tally, one event per transaction. The deferred trigger that applies the system accounts'
--    tally at commit is queued only by the first posting (or entry update) of a transaction: its
--    WHEN condition, ledger_system_tally_event_wanted(), is true once and records in a
--    transaction-local setting that the event is queued. A constraint trigger's WHEN is evaluated
--    when the row is written, not at commit, so the other rows queue nothing. The event, when it
--    runs, clears the setting before applying the tally: if SET CONSTRAINTS ... IMMEDIATE runs it
--    before the commit, the next posting queues a new one. A savepoint rolled back discards the
--    events it queued and, with them, the setting it made (set_config local values roll back with
--    the subtransaction), and also the tally it added to (0070).
--    When the event runs at the end of a statement (SET CONSTRAINTS ... IMMEDIATE), it runs before
--    the statement-level trigger that adds the statement's sums to the tally, so those sums would
--    wait for another posting's event, and be lost if none came (as with the per-posting events
--    before). The triggers that add to the tally (ledger_postings_cache, ledger_entry_cache) now
--    apply it at once when no event is queued.
--
-- 3. The postings' cached balances and their references in one trigger. After each insert,
--    ledger_postings_cache (0070) joined every posting to its entry twice (the voided check, then
--    the sums), and ledger_postings_references (0203) locked every distinct entry and ledger account
--    again (key share, in id order) to count them: for one repayment across 1,000 investments, 2,002
--    entry look-ups for one entry and 1,001 locks on account rows the cache update had just written.
--    ledger_postings_cache now does both, reading each entry once:
--    - the distinct entries are locked (key share, id order, as the foreign key and 0203 did) and
--      counted: a missing one raises the foreign key's error, a voided one 'cannot post to a voided
--      entry' (as before);
--    - the sums per account are taken with each entry's finalised flag read once;
--    - the investor and loan accounts' cached balances are updated as before: that update locks each
--      row (no key update), which keeps it from being deleted or renumbered until the commit as the
--      key share lock did; the system accounts, whose balances follow at commit (0070), are locked key
--      share in id order and their sums go to the tally;
--    - the accounts updated plus the system accounts found must be every distinct account the postings
--      name, or the foreign key's error is raised.
--    The referenced side (0203's delete, renumber and truncate guards) is unchanged.

-- 1. zero sum per statement
drop trigger ledger_postings_balanced on ledger_postings;
drop function ledger_entry_balanced();

create function ledger_postings_balanced() returns trigger language plpgsql as $$
declare
  v_entry bigint;
  v_total numeric;
begin
  select n.entry_id, sum(n.amount) into v_entry, v_total
  from new_postings n
  group by n.entry_id
  having sum(n.amount) <> 0
  order by n.entry_id
  limit 1;
  if found then
    raise exception 'ledger entry % does not balance (the postings added sum to %)', v_entry, v_total
      using errcode = '23514';
  end if;
  return null;
end $$;

create trigger ledger_postings_balanced after insert on ledger_postings
  referencing new table as new_postings for each statement execute function ledger_postings_balanced();

-- 2. the tally's event, once per transaction
create function ledger_system_tally_event_wanted() returns boolean language plpgsql as $$
begin
  if current_setting('ledger.system_tally_queued', true) = 'on' then
    return false;
  end if;
  perform set_config('ledger.system_tally_queued', 'on', true);
  return true;
end $$;

create or replace function ledger_apply_system_tally_at_commit() returns trigger language plpgsql as $$
begin
  perform set_config('ledger.system_tally_queued', '', true);
  perform ledger_apply_system_tally();
  return null;
end $$;

drop trigger ledger_postings_system_tally on ledger_postings;
create constraint trigger ledger_postings_system_tally after insert on ledger_postings
  deferrable initially deferred for each row when (ledger_system_tally_event_wanted())
  execute function ledger_apply_system_tally_at_commit();

drop trigger ledger_entries_system_tally on ledger_entries;
create constraint trigger ledger_entries_system_tally after update on ledger_entries
  deferrable initially deferred for each row when (ledger_system_tally_event_wanted())
  execute function ledger_apply_system_tally_at_commit();

-- 3. the postings' caches and references in one trigger; the tally applied at once when no event waits
drop trigger ledger_postings_references on ledger_postings;
drop function ledger_postings_check_references();

create or replace function ledger_postings_cache() returns trigger language plpgsql as $$
declare
  v_entries bigint;
  v_accounts bigint;
  v_found bigint;
  v_voided bigint;
  v_updated bigint;
  v_system bigint;
  system_changes jsonb;
begin
  select count(distinct n.entry_id), count(distinct n.ledger_account_id) into v_entries, v_accounts
  from new_postings n;
  select count(*), count(*) filter (where l.voided) into v_found, v_voided
  from (select e.voided_at is not null as voided from ledger_entries e
        where e.id in (select n.entry_id from new_postings n) order by e.id for key share) l;
  if v_voided > 0 then
    raise exception 'cannot post to a voided entry' using errcode = '23514';
  end if;
  if v_found <> v_entries then
    raise foreign_key_violation using
      message = 'insert on table "ledger_postings" references a ledger entry that does not exist';
  end if;

  with e as (
    select e.id, e.finalised_at is not null as finalised
    from ledger_entries e where e.id in (select n.entry_id from new_postings n)
  ), s as (
    select n.ledger_account_id,
           sum(case when e.finalised then n.amount else 0 end) as finalised,
           sum(case when not e.finalised and n.amount < 0 then -n.amount else 0 end) as debits,
           sum(case when not e.finalised and n.amount > 0 then n.amount else 0 end) as credits
    from new_postings n join e on e.id = n.entry_id
    group by n.ledger_account_id
  ), changed as (
    update ledger_accounts a set
      current_balance = a.current_balance + s.finalised,
      pending_debits = a.pending_debits + s.debits,
      pending_credits = a.pending_credits + s.credits
    from s
    where a.id = s.ledger_account_id and not ledger_is_system_kind(a.kind)
    returning a.id
  ), sys as materialized (
    -- the few system accounts first (ledger_accounts_singleton), then those the postings name
    select a.id from ledger_accounts a
    where ledger_is_system_kind(a.kind) and a.id in (select n.ledger_account_id from new_postings n)
    order by a.id
    for key share
  )
  select (select count(*) from changed),
         (select count(*) from sys),
         (select jsonb_object_agg(s.ledger_account_id::text,
                   jsonb_build_array(s.finalised::text, s.debits::text, s.credits::text))
          from s join sys on sys.id = s.ledger_account_id)
    into v_updated, v_system, system_changes;
  if v_updated + v_system <> v_accounts then
    raise foreign_key_violation using
      message = 'insert on table "ledger_postings" references a ledger account that does not exist';
  end if;
  perform ledger_tally_system(system_changes);
  if coalesce(current_setting('ledger.system_tally_queued', true), '') <> 'on' then
    perform ledger_apply_system_tally();
  end if;
  return null;
end $$;

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
    if coalesce(current_setting('ledger.system_tally_queued', true), '') <> 'on' then
      perform ledger_apply_system_tally();
    end if;
  end if;
  return null;
end $$;
