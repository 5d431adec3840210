-- The administrator dashboard's Excess Pending tile counts paid receipts with an excess still to
-- handle (GET api/loanTransactions, `excessPending gt 0`): the list's excessPending field, indexed
-- as written there, so the count reads the few rows with an excess instead of every receipt.
create index if not exists loan_transactions_excess_pending
  on loan_transactions ((case when excess_handling is null then excess_amount else 0 end));
