-- ledger_postings_cache (0207) reads only the ledger entries of the statement's postings (issue 19,
-- 2026-11-27).
--
-- 0207 joins each posting to its entry by primary key, but for a batch the planner may merge-join
-- the postings with the entries' primary key index from its first entry: on the scale-1 book a
-- fractionalising call of 1,000 receipts (~12,000 postings) read 576,400 index entries to find the
-- ~1,000 new ones, 130 ms of the call, and more as the book grows. The entries a statement's
-- postings name lie between their least and greatest id (a batch's entries are consecutive), so
-- both reads of the entries are now bounded by that range: whatever plan the session's first run
-- left, an index scan starts at the first of them. Otherwise the function is 0207's.

create or replace function ledger_postings_cache() returns trigger language plpgsql as $$
declare
  v_entries bigint;
  v_accounts bigint;
  v_found bigint;
  v_voided bigint;
  v_updated bigint;
  v_system bigint;
  v_first_entry bigint;
  v_last_entry bigint;
  system_changes jsonb;
begin
  select count(distinct n.entry_id), count(distinct n.ledger_account_id), min(n.entry_id), max(n.entry_id)
  into v_entries, v_accounts, v_first_entry, v_last_entry
  from new_postings n;
  select count(*), count(*) filter (where l.voided) into v_found, v_voided
  from (select e.voided_at is not null as voided from ledger_entries e
        where e.id between v_first_entry and v_last_entry and e.id in (select n.entry_id from new_postings n)
        order by e.id for key share) l;
  if v_voided > 0 then
    raise exception 'cannot post to a voided entry' using errcode = '23514';
  end if;
  if v_found <> v_entries then
    raise foreign_key_violation using
      message = 'insert on table "ledger_postings" references a ledger entry that does not exist';
  end if;

  with s as (
    -- each posting's entry by key, within the statement's range of entries (see above)
    select n.ledger_account_id,
           sum(case when e.finalised_at is not null then n.amount else 0 end) as finalised,
           sum(case when e.finalised_at is null and n.amount < 0 then -n.amount else 0 end) as debits,
           sum(case when e.finalised_at is null and n.amount > 0 then n.amount else 0 end) as credits
    from new_postings n
    join ledger_entries e on e.id = n.entry_id and e.id between v_first_entry and v_last_entry
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
