-- Loans, clients, marketplace and investing (docs/domain.md "Funding", "Deploy", "Payout",
-- "Write-off", "Arrears").

-- A deleted loan keeps its row (its ledger accounts, and any house investment it had, stay
-- auditable): status DELETED, and every list leaves it out.
alter table loans drop constraint loans_status_check;
alter table loans add constraint loans_status_check check (status in (
  'SETUP', 'PENDING_RELEASE', 'MARKETPLACE_FUNDING_EXPIRED', 'FUNDING', 'FULLY_FUNDED', 'DEPLOYED', 'ACTIVE',
  'ACTIVE_IN_ARREARS', 'CLOSED', 'RESCHEDULED', 'SOLD', 'PAYOUT', 'WRITTEN_OFF', 'DELETED'));

-- The marketplace: loans in Funding by expiry (its default sort), and the scheduled moves
-- (Pending Release -> Funding -> Marketplace Funding Expired) find their few candidates by status.
create index loans_marketplace on loans (marketplace_expiry_date, id) where status = 'FUNDING';
create index loans_funded_date on loans (funded_date) where funded_date is not null;

-- The arrears check reads only the repayments still owed.
create index repayments_open on repayments (loan_id, due_date) where status in ('UNPAID', 'PARTIALLY_PAID', 'IN_ARREARS');

-- An investment's pending ledger entry (finalised by deploy, voided by reverse), and the holdings
-- of one account in one loan (the house 1%, mandate exposure).
create index investments_account_loan on investments (investment_account_id, loan_id);
create index mandate_topups_account on mandate_topups (investment_account_id);

-- "An existing client is used": clients are looked up by name without regard to case.
create index clients_name on clients (lower(btrim(name)));
