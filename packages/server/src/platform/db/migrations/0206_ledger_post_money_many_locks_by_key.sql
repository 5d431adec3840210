-- ledger_post_money_many (0205) finds the accounts it must still lock by key (issue 19, 2026-11-26).
--
-- 0205 skips the ledger accounts its transaction has already locked, but wrote the rest as
-- `id in (select unnest(...) except select unnest(...))`, which the planner ran as a sequential
-- scan of every ledger account (~44,000) against a hashed subplan: 6.6 ms for a batch whose
-- accounts were all locked already, as much as the second locking it saved. The accounts to lock
-- are now put in an array first and found by primary key (`id = any(...)`, as in 0200). Otherwise
-- the function is 0205's.

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
  v_entry_ids bigint[];
  v_row_ids bigint[] := '{}';
  v_ref_acc bigint[];
  v_ref_date timestamptz[];
  v_ref_id bigint[];
  v_to_lock bigint[];
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
         min(p.investment_account_id) filter (where p.part = 0 and p.ledger_account_id is null)
  into v_p_entry, v_p_account, v_p_amount, v_missing
  from (
    select r.movement as entry, 0 as part, r.ord, a.ledger_account_id, r.amount, r.investment_account_id
    from rows from (jsonb_to_recordset(v_rows) as (movement int, investment_account_id bigint, amount numeric))
      with ordinality as r(movement, investment_account_id, amount, ord)
    left join investment_accounts a on a.id = r.investment_account_id
    union all
    select o.movement, 1, o.ord, o.ledger_account_id, o.amount, null
    from rows from (jsonb_to_recordset(v_others) as (movement int, ledger_account_id bigint, amount numeric))
      with ordinality as o(movement, ledger_account_id, amount, ord)
  ) p;
  if v_missing is not null then
    raise exception 'no investment account %', v_missing using errcode = 'LMN01';
  end if;
  if v_p_account is null or array_position(v_p_account, null) is not null then
    raise exception 'a posting without a ledger account' using errcode = 'LMI01';
  end if;

  -- the accounts the caller has not locked already (lockForMovement, in this transaction), by key
  v_to_lock := array(select unnest(v_p_account) except select unnest(v_locked));
  perform 1 from ledger_accounts
  where id = any(v_to_lock) and not ledger_is_system_kind(kind)
  order by id for update;

  select array_agg(s.id order by s.id) into v_entry_ids
  from (select nextval(v_entry_seq) as id from generate_series(1, v_n_entries)) s;

  insert into ledger_entries (id, kind, description, created_at, effective_date, finalised_at, created_by)
  select v_entry_ids[m.ord], m.kind, coalesce(m.description, ''), v_now, coalesce(m.effective_date, v_now),
         case when coalesce(m.pending, false) then null else v_now end, m.created_by
  from rows from (jsonb_to_recordset(v_movements)
         as (kind text, description text, pending boolean, created_by bigint, effective_date timestamptz))
    with ordinality as m(kind, description, pending, created_by, effective_date, ord)
  order by m.ord;

  insert into ledger_postings (entry_id, ledger_account_id, amount)
  select v_entry_ids[u.e], u.a, u.m
  from unnest(v_p_entry, v_p_account, v_p_amount) with ordinality as u(e, a, m, ord)
  order by u.ord;

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
