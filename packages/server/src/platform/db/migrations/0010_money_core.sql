-- Money core (ledger, investment accounts, deposits, transfers, withdrawals, transactions).

-- The signed change of the account's cash that an investor-visible row stands for (+ in, - out).
-- grossAmount is its absolute value; running balances and the ledger check sum this column.
alter table account_transactions add column amount numeric(20,2) not null;
alter table account_transactions add constraint account_transactions_gross_is_abs check (gross_amount = abs(amount));
alter table account_transactions add constraint account_transactions_status
  check (status in ('PENDING', 'PAID', 'CANCELLED'));
-- pending rows have no finalisedDate; paid and cancelled rows have one
alter table account_transactions add constraint account_transactions_finalised_when_closed
  check ((status = 'PENDING') = (finalised_date is null));
create index account_transactions_entry on account_transactions (ledger_entry_id);
create index account_transactions_withdrawal on account_transactions (withdrawal_request_id)
  where withdrawal_request_id is not null;
create index account_transactions_pending on account_transactions (investment_account_id) where finalised_date is null;

create index withdrawal_requests_account on withdrawal_requests (investment_account_id);
create index withdrawal_requests_open on withdrawal_requests (code_expires_at) where status = 'UNVERIFIED';

-- One BPAY reference per account.
create unique index investment_accounts_bpay_reference on investment_accounts (bpay_reference_number)
  where bpay_reference_number is not null;

-- The lender's own investment account, id 555 (spec core §9): it exists in every database.
with cash as (
  insert into ledger_accounts (kind, name) values ('INVESTOR_CASH', 'Cash of investment account 555') returning id
)
insert into investment_accounts (id, name, type, ledger_account_id)
select 555, 'House Account', 'HOUSE_ACCOUNT', id from cash;
