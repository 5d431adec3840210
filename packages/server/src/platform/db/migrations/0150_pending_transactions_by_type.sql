-- The administrator dashboard's Pending Withdrawals tile and the Pending Withdrawals screen ask for
-- the pending rows of one type, newest first (GET api/transactions, `type eq 'WITHDRAWAL' and
-- finalisedDate eq null`, the list's order finalisedDate desc, id desc). Without this index the
-- planner walks the finalised-date index through every pending row of any type (70,000
-- investments awaiting deployment on the scale-5 book: 155 ms); with it, it reads the pending
-- rows of that type already in the list's order (0.1 ms).
create index if not exists account_transactions_pending_type
  on account_transactions (type, finalised_date desc, id desc) where finalised_date is null;
