-- ledger_refresh_running_balances (0170) keeps its plan (issue 19, 2026-11-28).
--
-- 0170 wrote it in LANGUAGE sql. PostgreSQL does not inline a set-returning-nothing SQL function
-- that updates, and does not keep the plans of its statement between calls: every call parsed and
-- planned the update again. The money functions call it once for each account a movement
-- back-dates (a deposit dated yesterday, a batch finalised before rows already in an account), so
-- a batch back-dating a thousand accounts planned it a thousand times. Replayed in psql on the
-- scale-1 book, a thousand calls took 100 to 105 ms in SQL and 10 ms in PL/pgSQL, which keeps the
-- plan for the session. The statement is 0170's, unchanged.

create or replace function ledger_refresh_running_balances(account bigint, from_date timestamptz, from_id bigint)
returns void language plpgsql as $$
begin
  with prev as (
    select running_balance from account_transactions
    where investment_account_id = account and finalised_date is not null
      and (finalised_date, id) < (from_date, from_id)
    order by finalised_date desc, id desc
    limit 1
  ), s as (
    select id,
      coalesce((select running_balance from prev), 0)
        + sum(case when status = 'CANCELLED' then 0 else amount end) over (order by finalised_date, id) as rb
    from account_transactions
    where investment_account_id = account and finalised_date is not null
      and (finalised_date, id) >= (from_date, from_id)
  )
  update account_transactions t set running_balance = s.rb
  from s where t.id = s.id and t.running_balance is distinct from s.rb;
end $$;
