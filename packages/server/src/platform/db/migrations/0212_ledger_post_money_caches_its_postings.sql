-- The money functions write their postings' cached balances themselves (issue 19, 2026-11-28).
--
-- Every insert of postings fired ledger_postings_cache (0208), a statement-level trigger that reads
-- the statement's postings back from the transition table and, in five statements of its own,
-- finds and locks their entries, sums them per account, updates the investor and loan accounts'
-- cached balances, locks the system accounts (key share) and adds their sums to the transaction's
-- tally. ledger_post_money and ledger_post_money_many hold everything it looks up: they create
-- the entries (so the entries exist, are not voided, and are finalised exactly when the movement
-- is not pending), and they know each posting's account and amount. Most of a deposit's work in
-- the database is the fixed cost of each statement it runs (about 25, none slow: executor start
-- and end, expression set-up), so what counts is how many there are. A deposit now runs these:
--
-- - one statement finds the postings' accounts and their kinds (the rows' accounts are their
--   investment accounts' INVESTOR_CASH accounts; an account named by id is read by key) and, with
--   it, the first missing investment account (the same error as before, in input order);
-- - ledger_cache_new_postings sums them per account in one statement, locks the investor and loan
--   accounts in ascending id only when there is more than one to lock (one is locked by its
--   update: nothing to order), and updates their cached balances in one statement;
--   ledger_accounts_available_not_negative refuses an investor's available balance below zero (the
--   same error, code and constraint, that ledger_post_money's own check raised before it);
-- - the system accounts are not locked: they are the platform's own, and a new trigger keeps each
--   of them from being deleted, renumbered or given another kind, so the posting's reference holds
--   without a lock; their sums go to the transaction's tally (set at once when the tally is empty),
--   before the postings are written, so the deferred event their insert queues (0204) finds them,
--   also when SET CONSTRAINTS ... IMMEDIATE runs it at the end of that insert;
-- - the postings are inserted with the transaction-local setting ledger.postings_cached 'on', which
--   skips ledger_postings_cache for that statement only (its WHEN), and cleared at once after it (a
--   rolled-back savepoint restores it with everything else). Every other writer of postings
--   (postEntries, a reversal, the seed) still goes through the trigger, which now writes the
--   caches through the same ledger_cache_new_postings (at the end of this file);
-- - at commit the tally's part is found and updated in one statement instead of two.
--
-- Measured with pgbench on the scale-1 book (8 clients, `begin; select ledger_post_money(...);
-- commit;`, alternating with a copy of the book before this migration, 12 s a run): 1,495, 1,378
-- and 1,431 deposits a second before, 1,631, 1,597 and 1,612 after. ledger_postings_balanced (each
-- insert's postings sum to zero per entry) still runs on every insert, and npm run ledger:check
-- still recomputes every cached balance from the postings.

-- the trigger, skipped while a money function writes postings it has cached itself
drop trigger ledger_postings_cache on ledger_postings;
create trigger ledger_postings_cache after insert on ledger_postings
  referencing new table as new_postings for each statement
  when (coalesce(current_setting('ledger.postings_cached', true), '') <> 'on')
  execute function ledger_postings_cache();

-- The system accounts are the platform's own (ledger_is_system_kind): created by the migrations,
-- one of each kind. They are now never deleted, renumbered nor given another kind, so a posting
-- that names one needs no lock to keep it there until the commit.
create function ledger_accounts_system_stays() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' or new.id is distinct from old.id or new.kind is distinct from old.kind then
    raise exception 'the platform''s own ledger account % (%) is never removed, renumbered nor given another kind',
      old.id, old.kind using errcode = '23514';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end $$;
create trigger ledger_accounts_system_stays before delete or update of id, kind on ledger_accounts
  for each row when (ledger_is_system_kind(old.kind)) execute function ledger_accounts_system_stays();

-- The cached balances of a money function's postings, before it inserts them: `accounts`, `kinds`,
-- `amounts` and `pending` (the posting's entry is not finalised) are in posting order, `kinds`
-- read with the accounts in the caller's statement (null: no such account).
-- - An account that does not exist raises the foreign key's error.
-- - The investor and loan accounts are locked: those not in `locked` (already locked by this
--   transaction), in ascending id when there are more than one, then their cached balances are
--   updated (which locks a single one); if one was deleted meanwhile, the foreign key's error.
--   ledger_accounts_available_not_negative refuses an investor's available balance below zero.
-- - The system accounts' sums go to the transaction's tally (0070), applied at commit.
create function ledger_cache_new_postings(accounts bigint[], kinds text[], amounts numeric[], pending boolean[],
  locked bigint[]) returns void language plpgsql as $$
declare
  v_system jsonb;
  v_accounts bigint[];
  v_finalised numeric[];
  v_debits numeric[];
  v_credits numeric[];
  v_unlocked bigint[];
  v_updated int;
begin
  if array_position(kinds, null) is not null then
    raise foreign_key_violation using
      message = 'insert on table "ledger_postings" references a ledger account that does not exist';
  end if;
  select jsonb_object_agg(s.a::text, jsonb_build_array(s.finalised::text, s.debits::text, s.credits::text))
           filter (where ledger_is_system_kind(s.k)),
         array_agg(s.a order by s.a) filter (where not ledger_is_system_kind(s.k)),
         array_agg(s.finalised order by s.a) filter (where not ledger_is_system_kind(s.k)),
         array_agg(s.debits order by s.a) filter (where not ledger_is_system_kind(s.k)),
         array_agg(s.credits order by s.a) filter (where not ledger_is_system_kind(s.k))
  into v_system, v_accounts, v_finalised, v_debits, v_credits
  from (
    select u.a, min(u.k) as k, sum(case when u.p then 0 else u.m end) as finalised,
           sum(case when u.p and u.m < 0 then -u.m else 0 end) as debits,
           sum(case when u.p and u.m > 0 then u.m else 0 end) as credits
    from unnest(accounts, kinds, amounts, pending) as u(a, k, m, p)
    group by u.a
  ) s;
  if cardinality(locked) > 0 then
    v_unlocked := array(select a from (select unnest(v_accounts) as a except select unnest(locked)) u order by a);
  else
    v_unlocked := v_accounts;
  end if;
  if cardinality(v_unlocked) > 1 then
    perform 1 from ledger_accounts where id = any(v_unlocked) order by id for update;
  end if;
  if cardinality(v_accounts) > 0 then
    update ledger_accounts a set
      current_balance = a.current_balance + s.finalised,
      pending_debits = a.pending_debits + s.debits,
      pending_credits = a.pending_credits + s.credits
    from unnest(v_accounts, v_finalised, v_debits, v_credits) as s(a, finalised, debits, credits)
    where a.id = s.a and not ledger_is_system_kind(a.kind);
    get diagnostics v_updated = row_count;
    if v_updated <> cardinality(v_accounts) then
      raise foreign_key_violation using
        message = 'insert on table "ledger_postings" references a ledger account that does not exist';
    end if;
  end if;
  if v_system is not null then
    perform ledger_tally_system(v_system);
  end if;
end $$;

alter function ledger_cache_new_postings(bigint[], text[], numeric[], boolean[], bigint[])
  set plan_cache_mode = force_generic_plan;

-- ledger_post_money (0202): the rows' accounts found in one statement with the other postings'
-- (a missing investment account raises the same error, the first in input order), then
-- ledger_cache_new_postings instead of the lock and the available-balance check, and the postings
-- written without the trigger. The rest is 0202's, statement for statement.
create or replace function ledger_post_money(movement jsonb) returns jsonb language plpgsql as $$
declare
  v_now timestamptz := (movement ->> 'now')::timestamptz;
  v_pending boolean := coalesce((movement ->> 'pending')::boolean, false);
  v_created_by bigint := (movement ->> 'created_by')::bigint;
  v_rows jsonb := coalesce(movement -> 'rows', '[]'::jsonb);
  v_audit jsonb := nullif(movement -> 'audit', 'null'::jsonb);
  v_n int := jsonb_array_length(coalesce(movement -> 'rows', '[]'::jsonb));
  v_row_acc bigint[];
  v_row_amount numeric[];
  v_missing bigint;
  v_accounts bigint[];
  v_kinds text[];
  v_amounts numeric[];
  v_entry_id bigint;
  v_row_ids bigint[];
  v_ref_acc bigint[] := '{}';
  v_ref_date timestamptz[] := '{}';
  v_ref_id bigint[] := '{}';
  v_setting text;
begin
  -- the rows' accounts and amounts, read once; the lookups below go through the primary key
  select array_agg(r.acc order by r.ord), array_agg(r.amount order by r.ord)
  into v_row_acc, v_row_amount
  from rows from (jsonb_to_recordset(v_rows) as (investment_account_id bigint, amount numeric))
    with ordinality as r(acc, amount, ord);

  -- the entry's postings: the rows' INVESTOR_CASH accounts, then the other postings, in input order
  select array_agg(p.ledger_account_id order by p.ord), array_agg(p.kind order by p.ord),
         array_agg(p.amount order by p.ord),
         (array_agg(p.acc order by p.ord) filter (where p.ord < 1000000 and p.ledger_account_id is null))[1]
  into v_accounts, v_kinds, v_amounts, v_missing
  from (
    select a.ledger_account_id, 'INVESTOR_CASH' as kind, u.amount, u.ord, u.acc
    from unnest(v_row_acc, v_row_amount) with ordinality as u(acc, amount, ord)
    left join investment_accounts a on a.id = u.acc
    union all
    -- an account named by id, or the platform's account of the kind named (the first, as before)
    select o.id, case when o.explicit then (select l.kind from ledger_accounts l where l.id = o.id) else o.kind end,
           o.amount, o.ord, null
    from (
      select coalesce((o.v ->> 'ledger_account_id')::bigint,
               (select l.id from ledger_accounts l where l.kind = o.v ->> 'system_kind' order by l.id limit 1)) as id,
             (o.v ->> 'ledger_account_id') is not null as explicit,
             o.v ->> 'system_kind' as kind, (o.v ->> 'amount')::numeric as amount, 1000000 + o.ord as ord
      from jsonb_array_elements(coalesce(movement -> 'other_postings', '[]'::jsonb)) with ordinality as o(v, ord)
    ) o
  ) p;
  if v_missing is not null then
    raise exception 'no investment account %', v_missing using errcode = 'LMN01';
  end if;
  if v_accounts is null or array_position(v_accounts, null) is not null then
    raise exception 'a posting without a ledger account' using errcode = 'LMI01';
  end if;

  perform ledger_cache_new_postings(v_accounts, v_kinds, v_amounts,
    array_fill(v_pending, array[cardinality(v_accounts)]), '{}');

  insert into ledger_entries (kind, description, created_at, effective_date, finalised_at, created_by)
  values (movement ->> 'kind', coalesce(movement ->> 'description', ''), v_now,
          coalesce((movement ->> 'effective_date')::timestamptz, v_now),
          case when v_pending then null else v_now end, v_created_by)
  returning id into v_entry_id;

  v_setting := set_config('ledger.postings_cached', 'on', true);
  insert into ledger_postings (entry_id, ledger_account_id, amount)
  select v_entry_id, u.a, u.m from unnest(v_accounts, v_amounts) with ordinality as u(a, m, ord) order by u.ord;
  v_setting := set_config('ledger.postings_cached', '', true);

  if v_n = 0 then
    return jsonb_build_object('entryId', v_entry_id, 'transactionIds', '[]'::jsonb);
  end if;

  select array_agg(s.id order by s.id) into v_row_ids
  from (select nextval(pg_get_serial_sequence('account_transactions', 'id')) as id from generate_series(1, v_n)) s;

  if not v_pending then
    -- accounts whose first new row is not after their last finalised row: recomputed after the insert
    select coalesce(array_agg(f.acc), '{}'), coalesce(array_agg(f.fdate), '{}'), coalesce(array_agg(f.id), '{}')
    into v_ref_acc, v_ref_date, v_ref_id
    from (
      select distinct on (acc) acc, fdate, id
      from (
        select (e.v ->> 'investment_account_id')::bigint as acc,
               coalesce((e.v ->> 'effective_date')::timestamptz, v_now) as fdate, v_row_ids[e.ord] as id
        from jsonb_array_elements(v_rows) with ordinality as e(v, ord)
      ) r
      order by acc, fdate, id
    ) f
    join lateral (
      select t.finalised_date, t.id from account_transactions t
      where t.investment_account_id = f.acc and t.finalised_date is not null
      order by t.finalised_date desc, t.id desc
      limit 1
    ) l on true
    where (f.fdate, f.id) <= (l.finalised_date, l.id);
  end if;

  insert into account_transactions (
    id, investment_account_id, type, status, comment, investor_comment, amount, gross_amount,
    principal_amount, interest_amount, fees_amount, tax_withheld_amount, running_balance,
    finalised_date, created_date, effective_date, ledger_entry_id, loan_id, loan_transaction_id,
    investment_id, withdrawal_request_id, counterpart_account_id, created_by)
  select r.id, r.acc, r.v ->> 'type', case when v_pending then 'PENDING' else 'PAID' end,
    r.v ->> 'comment', r.v ->> 'investor_comment', r.amount, abs(r.amount),
    coalesce((r.v ->> 'principal')::numeric, 0), coalesce((r.v ->> 'interest')::numeric, 0),
    coalesce((r.v ->> 'fees')::numeric, 0), coalesce((r.v ->> 'tax_withheld')::numeric, 0),
    case when v_pending or r.acc = any(v_ref_acc) then null
         else coalesce(l.running_balance, 0) + sum(r.amount) over (partition by r.acc order by r.fdate, r.id) end,
    case when v_pending then null else r.fdate end, v_now, r.fdate, v_entry_id,
    (r.v ->> 'loan_id')::bigint, (r.v ->> 'loan_transaction_id')::bigint, (r.v ->> 'investment_id')::bigint,
    (r.v ->> 'withdrawal_request_id')::bigint, (r.v ->> 'counterpart_account_id')::bigint, v_created_by
  from (
    select e.v, e.ord, v_row_ids[e.ord] as id, (e.v ->> 'investment_account_id')::bigint as acc,
           (e.v ->> 'amount')::numeric as amount, coalesce((e.v ->> 'effective_date')::timestamptz, v_now) as fdate
    from jsonb_array_elements(v_rows) with ordinality as e(v, ord)
  ) r
  left join lateral (
    select t.running_balance from account_transactions t
    where not v_pending and t.investment_account_id = r.acc and t.finalised_date is not null
    order by t.finalised_date desc, t.id desc
    limit 1
  ) l on true
  order by r.id;

  for i in 1 .. coalesce(array_length(v_ref_acc, 1), 0) loop
    perform ledger_refresh_running_balances(v_ref_acc[i], v_ref_date[i], v_ref_id[i]);
  end loop;

  if v_audit is not null then
    insert into audit_log (actor_user_id, method, route, object_type, object_id, after, address)
    values ((v_audit ->> 'actor_user_id')::bigint, v_audit ->> 'method', v_audit ->> 'route',
      v_audit ->> 'object_type', coalesce(v_audit ->> 'object_id', v_row_ids[1]::text),
      coalesce(v_audit -> 'after', '{}'::jsonb)
        || case when coalesce((v_audit ->> 'with_entry_id')::boolean, true)
             then jsonb_build_object('ledgerEntryId', v_entry_id) else '{}'::jsonb end
        || case when coalesce((v_audit ->> 'with_transaction_ids')::boolean, false)
             then jsonb_build_object('transactionIds', to_jsonb(v_row_ids)) else '{}'::jsonb end,
      v_audit ->> 'address');
  end if;

  return jsonb_build_object('entryId', v_entry_id, 'transactionIds', to_jsonb(v_row_ids));
end $$;

alter function ledger_post_money(jsonb) set plan_cache_mode = force_generic_plan;

-- The tally (0070): the first sums of a transaction are the tally as they are; later sums are added
-- account by account, as before.
create or replace function ledger_tally_system(changes jsonb) returns void language plpgsql as $$
declare
  tally jsonb := coalesce(nullif(current_setting('ledger.system_tally', true), ''), '{}')::jsonb;
  account text;
  sums jsonb;
  v_setting text;
begin
  if changes is null or changes = '{}'::jsonb then
    return;
  end if;
  if tally = '{}'::jsonb then
    v_setting := set_config('ledger.system_tally', changes::text, true);
    return;
  end if;
  for account, sums in select * from jsonb_each(changes) loop
    tally := tally || jsonb_build_object(account, jsonb_build_array(
      (coalesce(tally -> account ->> 0, '0')::numeric + (sums ->> 0)::numeric)::text,
      (coalesce(tally -> account ->> 1, '0')::numeric + (sums ->> 1)::numeric)::text,
      (coalesce(tally -> account ->> 2, '0')::numeric + (sums ->> 2)::numeric)::text));
  end loop;
  v_setting := set_config('ledger.system_tally', tally::text, true);
end $$;

-- The tally applied at commit (0210): the part is found and updated in one statement (the first
-- part, from this backend's own, that no other transaction holds); when every part is held, this
-- backend's own part, waiting for it, as before.
create or replace function ledger_apply_system_tally() returns void language plpgsql as $$
declare
  tally text := coalesce(current_setting('ledger.system_tally', true), '');
  account bigint;
  sums jsonb;
  v_own smallint := pg_backend_pid() % 16;
  v_setting text;
begin
  if tally = '' then
    return;
  end if;
  v_setting := set_config('ledger.system_tally', '', true);
  for account, sums in select key::bigint, value from jsonb_each(tally::jsonb) order by 1 loop
    update ledger_system_balance_parts p set
      current_balance = p.current_balance + (sums ->> 0)::numeric,
      pending_debits = p.pending_debits + (sums ->> 1)::numeric,
      pending_credits = p.pending_credits + (sums ->> 2)::numeric
    where p.ledger_account_id = account
      and p.part = (select q.part from ledger_system_balance_parts q
                    where q.ledger_account_id = account
                    order by (q.part - v_own + 16) % 16
                    limit 1
                    for update skip locked);
    if not found then
      -- every part is held: wait for this backend's own
      update ledger_system_balance_parts set
        current_balance = current_balance + (sums ->> 0)::numeric,
        pending_debits = pending_debits + (sums ->> 1)::numeric,
        pending_credits = pending_credits + (sums ->> 2)::numeric
      where ledger_account_id = account and part = v_own;
      if not found then
        raise exception 'ledger account % is not a system account with balance parts', account using errcode = '23514';
      end if;
    end if;
  end loop;
end $$;

-- ledger_post_money_many (0206): each posting's account kind and its entry's pending flag read in
-- the statement that finds the accounts, then ledger_cache_new_postings instead of the lock, and
-- the postings written without the trigger. The rest is 0206's.
create or replace function ledger_post_money_many(batch jsonb) returns jsonb language plpgsql as $$
declare
  v_now timestamptz := (batch ->> 'now')::timestamptz;
  v_movements jsonb := coalesce(batch -> 'movements', '[]'::jsonb);
  v_rows jsonb := coalesce(batch -> 'rows', '[]'::jsonb);
  v_others jsonb := coalesce(batch -> 'other_postings', '[]'::jsonb);
  v_n_entries int := jsonb_array_length(coalesce(batch -> 'movements', '[]'::jsonb));
  v_n_rows int := jsonb_array_length(coalesce(batch -> 'rows', '[]'::jsonb));
  v_missing bigint;
  v_p_entry int[];
  v_p_account bigint[];
  v_p_amount numeric[];
  v_p_kind text[];
  v_p_pending boolean[];
  v_setting text;
  v_entry_ids bigint[];
  v_row_ids bigint[] := '{}';
  v_ref_acc bigint[];
  v_ref_date timestamptz[];
  v_ref_id bigint[];
  v_locked bigint[] := array(select jsonb_array_elements_text(coalesce(batch -> 'locked', '[]'::jsonb))::bigint);
  v_entry_seq regclass := pg_get_serial_sequence('ledger_entries', 'id')::regclass;
  v_row_seq regclass := pg_get_serial_sequence('account_transactions', 'id')::regclass;
begin
  if v_n_entries = 0 then
    return jsonb_build_object('entryIds', '[]'::jsonb, 'transactionIds', '[]'::jsonb);
  end if;

  -- each entry's postings: its rows' INVESTOR_CASH accounts in input order, then its other postings
  select array_agg(p.entry order by p.entry, p.part, p.ord),
         array_agg(p.ledger_account_id order by p.entry, p.part, p.ord),
         array_agg(p.amount order by p.entry, p.part, p.ord),
         array_agg(p.kind order by p.entry, p.part, p.ord),
         array_agg(coalesce(m.pending, false) order by p.entry, p.part, p.ord),
         min(p.investment_account_id) filter (where p.part = 0 and p.ledger_account_id is null)
  into v_p_entry, v_p_account, v_p_amount, v_p_kind, v_p_pending, v_missing
  from (
    select r.movement as entry, 0 as part, r.ord, a.ledger_account_id, 'INVESTOR_CASH' as kind, r.amount,
           r.investment_account_id
    from rows from (jsonb_to_recordset(v_rows) as (movement int, investment_account_id bigint, amount numeric))
      with ordinality as r(movement, investment_account_id, amount, ord)
    left join investment_accounts a on a.id = r.investment_account_id
    union all
    select o.movement, 1, o.ord, o.ledger_account_id,
           (select l.kind from ledger_accounts l where l.id = o.ledger_account_id), o.amount, null
    from rows from (jsonb_to_recordset(v_others) as (movement int, ledger_account_id bigint, amount numeric))
      with ordinality as o(movement, ledger_account_id, amount, ord)
  ) p
  left join rows from (jsonb_to_recordset(v_movements) as (pending boolean)) with ordinality as m(pending, ord)
    on m.ord = p.entry;
  if v_missing is not null then
    raise exception 'no investment account %', v_missing using errcode = 'LMN01';
  end if;
  if v_p_account is null or array_position(v_p_account, null) is not null then
    raise exception 'a posting without a ledger account' using errcode = 'LMI01';
  end if;

  -- the accounts' locks (but those the caller has taken with lockForMovement) and cached balances
  perform ledger_cache_new_postings(v_p_account, v_p_kind, v_p_amount, v_p_pending, v_locked);

  select array_agg(s.id order by s.id) into v_entry_ids
  from (select nextval(v_entry_seq) as id from generate_series(1, v_n_entries)) s;

  insert into ledger_entries (id, kind, description, created_at, effective_date, finalised_at, created_by)
  select v_entry_ids[m.ord], m.kind, coalesce(m.description, ''), v_now, coalesce(m.effective_date, v_now),
         case when coalesce(m.pending, false) then null else v_now end, m.created_by
  from rows from (jsonb_to_recordset(v_movements)
         as (kind text, description text, pending boolean, created_by bigint, effective_date timestamptz))
    with ordinality as m(kind, description, pending, created_by, effective_date, ord)
  order by m.ord;

  v_setting := set_config('ledger.postings_cached', 'on', true);
  insert into ledger_postings (entry_id, ledger_account_id, amount)
  select v_entry_ids[u.e], u.a, u.m
  from unnest(v_p_entry, v_p_account, v_p_amount) with ordinality as u(e, a, m, ord)
  order by u.ord;
  v_setting := set_config('ledger.postings_cached', '', true);

  if v_n_rows > 0 then
    select array_agg(s.id order by s.id) into v_row_ids
    from (select nextval(v_row_seq) as id from generate_series(1, v_n_rows)) s;

    with m as (
      select m.ord, coalesce(m.pending, false) as pending, m.created_by
      from rows from (jsonb_to_recordset(v_movements) as (pending boolean, created_by bigint))
        with ordinality as m(pending, created_by, ord)
    ), r as (
      select v_row_ids[r.ord] as id, r.investment_account_id as acc, r.type, r.amount, r.principal, r.interest,
             r.fees, r.tax_withheld, r.comment, r.investor_comment, r.loan_id, r.loan_transaction_id,
             r.investment_id, r.withdrawal_request_id, r.counterpart_account_id,
             coalesce(r.effective_date, v_now) as fdate, m.pending, m.created_by, v_entry_ids[r.movement] as entry_id
      from rows from (jsonb_to_recordset(v_rows) as (
             movement int, investment_account_id bigint, type text, amount numeric, principal numeric,
             interest numeric, fees numeric, tax_withheld numeric, comment text, investor_comment text,
             loan_id bigint, loan_transaction_id bigint, investment_id bigint, withdrawal_request_id bigint,
             counterpart_account_id bigint, effective_date timestamptz))
        with ordinality as r(movement, investment_account_id, type, amount, principal, interest, fees,
             tax_withheld, comment, investor_comment, loan_id, loan_transaction_id, investment_id,
             withdrawal_request_id, counterpart_account_id, effective_date, ord)
      join m on m.ord = r.movement
    ), firsts as (
      -- each account's first new finalised row
      select distinct on (r.acc) r.acc, r.fdate, r.id from r where not r.pending order by r.acc, r.fdate, r.id
    ), last as (
      -- each account's last finalised row before this statement, and whether a new row comes before it
      select f.acc, f.fdate, f.id, l.running_balance,
             coalesce((f.fdate, f.id) <= (l.finalised_date, l.id), false) as back_dated
      from firsts f
      left join lateral (
        select t.finalised_date, t.id, t.running_balance from account_transactions t
        where t.investment_account_id = f.acc and t.finalised_date is not null
        order by t.finalised_date desc, t.id desc
        limit 1
      ) l on true
    ), written as (
      insert into account_transactions (
        id, investment_account_id, type, status, comment, investor_comment, amount, gross_amount,
        principal_amount, interest_amount, fees_amount, tax_withheld_amount, running_balance,
        finalised_date, created_date, effective_date, ledger_entry_id, loan_id, loan_transaction_id,
        investment_id, withdrawal_request_id, counterpart_account_id, created_by)
      select r.id, r.acc, r.type, case when r.pending then 'PENDING' else 'PAID' end,
        r.comment, r.investor_comment, r.amount, abs(r.amount),
        coalesce(r.principal, 0), coalesce(r.interest, 0), coalesce(r.fees, 0), coalesce(r.tax_withheld, 0),
        case when r.pending or coalesce(l.back_dated, false) then null
             else coalesce(l.running_balance, 0)
               + sum(case when r.pending then 0 else r.amount end) over (partition by r.acc order by r.fdate, r.id) end,
        case when r.pending then null else r.fdate end, v_now, r.fdate, r.entry_id,
        r.loan_id, r.loan_transaction_id, r.investment_id, r.withdrawal_request_id, r.counterpart_account_id,
        r.created_by
      from r left join last l on l.acc = r.acc
      order by r.id
    )
    select coalesce(array_agg(l.acc), '{}'), coalesce(array_agg(l.fdate), '{}'), coalesce(array_agg(l.id), '{}')
    into v_ref_acc, v_ref_date, v_ref_id
    from last l where l.back_dated;

    for i in 1 .. coalesce(array_length(v_ref_acc, 1), 0) loop
      perform ledger_refresh_running_balances(v_ref_acc[i], v_ref_date[i], v_ref_id[i]);
    end loop;
  end if;

  return jsonb_build_object('entryIds', to_jsonb(v_entry_ids), 'transactionIds', to_jsonb(v_row_ids));
end $$;

-- ledger_postings_cache (0208), for every other writer of postings, writes the caches through the
-- same ledger_cache_new_postings: the rule is written once. It still checks the statement's entries
-- first (each exists and none is voided, locked key share in id order as before), reads each
-- posting's account kind by key and its entry's finalised flag, and applies the tally at once when
-- no commit event is queued (0204). As in the money functions, the system accounts are no longer
-- locked (their guard above), and the investor and loan accounts are locked in ascending id when
-- there are several.
create or replace function ledger_postings_cache() returns trigger language plpgsql as $$
declare
  v_entries bigint;
  v_found bigint;
  v_voided bigint;
  v_first_entry bigint;
  v_last_entry bigint;
  v_accounts bigint[];
  v_kinds text[];
  v_amounts numeric[];
  v_pending boolean[];
begin
  select count(distinct n.entry_id), min(n.entry_id), max(n.entry_id)
  into v_entries, v_first_entry, v_last_entry
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

  -- each posting's entry by key, within the statement's range of entries (0208)
  select array_agg(n.ledger_account_id),
         array_agg((select a.kind from ledger_accounts a where a.id = n.ledger_account_id)),
         array_agg(n.amount), array_agg(e.finalised_at is null)
  into v_accounts, v_kinds, v_amounts, v_pending
  from new_postings n
  join ledger_entries e on e.id = n.entry_id and e.id between v_first_entry and v_last_entry;
  perform ledger_cache_new_postings(v_accounts, v_kinds, v_amounts, v_pending, '{}');
  if coalesce(current_setting('ledger.system_tally_queued', true), '') <> 'on' then
    perform ledger_apply_system_tally();
  end if;
  return null;
end $$;
