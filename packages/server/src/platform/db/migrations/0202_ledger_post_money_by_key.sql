-- ledger_post_money (0170) without a scan of every investment account (issue 19, 2026-11-26).
--
-- Its first two statements joined the movement's rows, read with jsonb_array_elements, to
-- investment_accounts. The planner counts a set-returning function over jsonb as 100 rows, so it
-- hashed the whole table (4,014 accounts on the scale-1 book) for a deposit of one row: about
-- 1.4 ms of the function's 4 ms. The rows' accounts and amounts are now read once into arrays, and
-- the check and the postings look each account up by its primary key (unnest of an array is
-- counted by the array's length). Everything else is as in 0170, statement for statement: the same
-- errors, locks, writes and result.
--
-- Its statements also keep one generic plan each (plan_cache_mode). PL/pgSQL plans a statement
-- with parameters afresh on every call while a plan for the call's values looks cheaper than a
-- generic one, and with one or two rows per movement it always did: every deposit planned its
-- fifteen statements and those of the triggers they fire, about half of the function's CPU. The
-- setting holds for the call, triggers included; every statement here finds its rows by key or by
-- an index on the account, whatever the values.

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
  v_short bigint;
  v_accounts bigint[];
  v_amounts numeric[];
  v_entry_id bigint;
  v_row_ids bigint[];
  v_ref_acc bigint[] := '{}';
  v_ref_date timestamptz[] := '{}';
  v_ref_id bigint[] := '{}';
begin
  -- the rows' accounts and amounts, read once; the lookups below go through the primary key
  select array_agg(r.acc order by r.ord), array_agg(r.amount order by r.ord)
  into v_row_acc, v_row_amount
  from rows from (jsonb_to_recordset(v_rows) as (investment_account_id bigint, amount numeric))
    with ordinality as r(acc, amount, ord);

  select u.acc into v_missing
  from unnest(v_row_acc) with ordinality as u(acc, ord)
  where not exists (select 1 from investment_accounts a where a.id = u.acc)
  order by u.ord
  limit 1;
  if v_missing is not null then
    raise exception 'no investment account %', v_missing using errcode = 'LMN01';
  end if;

  -- the entry's postings: the rows' INVESTOR_CASH accounts, then the other postings, in input order
  select array_agg(p.ledger_account_id order by p.ord), array_agg(p.amount order by p.ord)
  into v_accounts, v_amounts
  from (
    select a.ledger_account_id, u.amount, u.ord
    from unnest(v_row_acc, v_row_amount) with ordinality as u(acc, amount, ord)
    join investment_accounts a on a.id = u.acc
    union all
    select coalesce((o.v ->> 'ledger_account_id')::bigint,
             (select l.id from ledger_accounts l where l.kind = o.v ->> 'system_kind' order by l.id limit 1)),
           (o.v ->> 'amount')::numeric, 1000000 + o.ord
    from jsonb_array_elements(coalesce(movement -> 'other_postings', '[]'::jsonb)) with ordinality as o(v, ord)
  ) p;
  if v_accounts is null or array_position(v_accounts, null) is not null then
    raise exception 'a posting without a ledger account' using errcode = 'LMI01';
  end if;

  perform 1 from ledger_accounts
  where id = any(v_accounts) and not ledger_is_system_kind(kind)
  order by id for update;

  select l.id into v_short
  from ledger_accounts l
  join (
    select u.a, sum(case when v_pending then least(u.m, 0) else u.m end) as d
    from unnest(v_accounts, v_amounts) as u(a, m) group by u.a
  ) s on s.a = l.id
  where l.kind = 'INVESTOR_CASH' and s.d < 0 and l.available_balance + s.d < 0
  limit 1;
  if v_short is not null then
    raise exception 'new row for relation "ledger_accounts" violates check constraint "ledger_accounts_available_not_negative" (ledger account % would go below zero)', v_short
      using errcode = '23514', constraint = 'ledger_accounts_available_not_negative', table = 'ledger_accounts';
  end if;

  insert into ledger_entries (kind, description, created_at, effective_date, finalised_at, created_by)
  values (movement ->> 'kind', coalesce(movement ->> 'description', ''), v_now,
          coalesce((movement ->> 'effective_date')::timestamptz, v_now),
          case when v_pending then null else v_now end, v_created_by)
  returning id into v_entry_id;

  insert into ledger_postings (entry_id, ledger_account_id, amount)
  select v_entry_id, u.a, u.m from unnest(v_accounts, v_amounts) with ordinality as u(a, m, ord) order by u.ord;

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
