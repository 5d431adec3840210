-- Available balance defined once (DESIGN §3): current balance minus pending debits (a lodged
-- withdrawal, an investment in a loan still funding). Every resource, repository and
-- ledger:check reads this column instead of repeating the subtraction.
alter table ledger_accounts
  add column available_balance numeric(20,2) generated always as (current_balance - pending_debits) stored;
alter table ledger_accounts drop constraint ledger_accounts_available_not_negative;
alter table ledger_accounts
  add constraint ledger_accounts_available_not_negative check (kind <> 'INVESTOR_CASH' or available_balance >= 0);
