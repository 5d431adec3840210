-- The platform's own accounts keep their cached balances in parts (issue 19, 2026-11-27).
--
-- Since 0070 every transaction that posts to the trust bank (every deposit, withdrawal and
-- receipt), to revenue or to tax withheld applies its tally to that account's one ledger_accounts
-- row at commit. All of them queue on that row: each holds it from its tally's update to the end of
-- its commit. Worse, the postings' reference check (0204) locks the same row for key share in every
-- transaction, so each update leaves behind a version whose xmax is a multixact; the row's HOT
-- chain grows between vacuums and every reader of the row walks it, looking up each multixact's
-- members. Measured with pgbench running a deposit's statements (8 clients, the scale-1 book):
-- 18% of PostgreSQL's CPU in GetMultiXactIdMembers under heap_hot_search_buffer, the transactions
-- queued on the row (log_lock_waits), and 400 to 1,100 deposits a second depending on how long
-- ago the table was vacuumed.
--
-- Each system account now has parts: rows of ledger_system_balance_parts with the same three
-- cached sums. At commit the tally goes to one part of each account the transaction touched, the
-- first part (from one that depends on the backend) that no other transaction holds (SKIP LOCKED),
-- so concurrent commits do not wait for each other. If all parts are held it waits for its own
-- part; a transaction takes at most one part of each account, in ascending account id, so waits
-- cannot form a cycle. The ledger_accounts row of a system account keeps zero in its cached
-- columns (a check constraint holds it there) and is no longer written by movements; the
-- account's cached balance is the sum of its parts, read through the view ledger_account_balances
-- (every account: its row, plus its parts for the system accounts).
--
-- What the ledger guarantees is unchanged: postings are the truth, each system account's parts
-- sum to its postings (npm run ledger:check reads the view), and a rolled-back transaction or
-- savepoint leaves no tally (0070).

create table ledger_system_balance_parts (
  ledger_account_id bigint not null references ledger_accounts (id),
  part smallint not null check (part >= 0 and part < 16),
  current_balance numeric(20,2) not null default 0,
  pending_debits numeric(20,2) not null default 0,
  pending_credits numeric(20,2) not null default 0,
  primary key (ledger_account_id, part)
) with (fillfactor = 50);

-- the system accounts' cached sums move into their part 0; the other parts start at zero
insert into ledger_system_balance_parts (ledger_account_id, part, current_balance, pending_debits, pending_credits)
select a.id, p.part,
       case when p.part = 0 then a.current_balance else 0 end,
       case when p.part = 0 then a.pending_debits else 0 end,
       case when p.part = 0 then a.pending_credits else 0 end
from ledger_accounts a cross join generate_series(0, 15) as p(part)
where ledger_is_system_kind(a.kind);

update ledger_accounts set current_balance = 0, pending_debits = 0, pending_credits = 0
where ledger_is_system_kind(kind);

alter table ledger_accounts add constraint ledger_accounts_system_balance_in_parts
  check (not ledger_is_system_kind(kind) or (current_balance = 0 and pending_debits = 0 and pending_credits = 0));

-- a system account created later gets its parts with it
create function ledger_system_account_parts() returns trigger language plpgsql as $$
begin
  insert into ledger_system_balance_parts (ledger_account_id, part)
  select n.id, p.part from new_accounts n cross join generate_series(0, 15) as p(part)
  where ledger_is_system_kind(n.kind);
  return null;
end $$;
create trigger ledger_accounts_system_parts after insert on ledger_accounts
  referencing new table as new_accounts for each statement execute function ledger_system_account_parts();

create view ledger_account_balances as
select a.id, a.kind, a.name, a.created_at,
       a.current_balance + coalesce(p.current_balance, 0) as current_balance,
       a.pending_debits + coalesce(p.pending_debits, 0) as pending_debits,
       a.pending_credits + coalesce(p.pending_credits, 0) as pending_credits,
       a.available_balance + coalesce(p.current_balance - p.pending_debits, 0) as available_balance
from ledger_accounts a
left join (
  select ledger_account_id, sum(current_balance) as current_balance,
         sum(pending_debits) as pending_debits, sum(pending_credits) as pending_credits
  from ledger_system_balance_parts
  group by ledger_account_id
) p on p.ledger_account_id = a.id;

-- Applies the transaction's tally to one part of each system account, at commit (0070's caller).
create or replace function ledger_apply_system_tally() returns void language plpgsql as $$
declare
  tally text := coalesce(current_setting('ledger.system_tally', true), '');
  account bigint;
  sums jsonb;
  v_own smallint := pg_backend_pid() % 16;
  v_part smallint;
begin
  if tally = '' then
    return;
  end if;
  perform set_config('ledger.system_tally', '', true);
  for account, sums in select key::bigint, value from jsonb_each(tally::jsonb) order by 1 loop
    select p.part into v_part from ledger_system_balance_parts p
    where p.ledger_account_id = account
    order by (p.part - v_own + 16) % 16
    limit 1
    for update skip locked;
    if v_part is null then
      v_part := v_own;  -- every part is held: wait for this backend's own
    end if;
    update ledger_system_balance_parts set
      current_balance = current_balance + (sums ->> 0)::numeric,
      pending_debits = pending_debits + (sums ->> 1)::numeric,
      pending_credits = pending_credits + (sums ->> 2)::numeric
    where ledger_account_id = account and part = v_part;
    if not found then
      raise exception 'ledger account % is not a system account with balance parts', account using errcode = '23514';
    end if;
  end loop;
end $$;
