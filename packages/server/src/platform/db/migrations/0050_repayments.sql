-- Repayments: receipts published, fractionalised, and their excess handled (docs/domain.md).

-- Who published a receipt, and the ledger entry that split it across the investments.
alter table loan_transactions add column created_by bigint references users (id);
alter table loan_transactions add column fractionalise_entry_id bigint references ledger_entries (id);

-- The excess of a receipt (excess_amount, what it paid beyond the repayment it was applied to) is
-- handled once: APPLIED to the next repayment (a new repayment transaction that names its source)
-- or RETURNED to the borrower (a ledger entry loan collections -> trust bank).
alter table loan_transactions add column excess_handling text check (excess_handling in ('APPLIED', 'RETURNED'));
alter table loan_transactions add column excess_handled_date timestamptz;
alter table loan_transactions add column excess_handled_by bigint references users (id);
alter table loan_transactions add column excess_return_entry_id bigint references ledger_entries (id);
alter table loan_transactions add column excess_source_transaction_id bigint unique references loan_transactions (id);
alter table loan_transactions add constraint loan_transactions_excess_handled
  check ((excess_handling is null) = (excess_handled_date is null) and (excess_handling is null or excess_amount > 0));
alter table loan_transactions add constraint loan_transactions_excess_not_negative check (excess_amount >= 0);

create index loan_transactions_repayment on loan_transactions (repayment_id) where repayment_id is not null;
-- the excess screen: paid repayment transactions not yet fractionalised, or with an excess to handle
create index loan_transactions_to_handle on loan_transactions (loan_id, id)
  where type = 'REPAYMENT' and status = 'PAID' and (fractionalised_date is null or (excess_amount > 0 and excess_handling is null));
-- what each investment received from each repayment (investment repayment lists)
create index account_transactions_loan_transaction on account_transactions (loan_transaction_id)
  where loan_transaction_id is not null;
create index investments_loan_holding on investments (loan_id)
  where finalised_date is not null and sale_date is null and reversed_date is null;
