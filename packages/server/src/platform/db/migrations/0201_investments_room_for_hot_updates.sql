-- Room on each page for the updates that fractionalising makes (docs/decisions/005-ledger-throughput.md).
--
-- Every repayment fractionalised adds to principal_repaid and interest_repaid of each of the
-- loan's investments (a thousand rows for a loan of a thousand holders), and every movement
-- updates the cached balances of its investor and loan ledger accounts. None of those columns is
-- indexed, so PostgreSQL can write the new row version on the same page without touching the
-- indexes (a HOT update), but only when the page has room: with the default fill factor (100)
-- pages are filled full and nearly every such update also inserts into each index (five on
-- investments). A bench book after a run showed 4% of the investments' updates HOT. Pages written
-- from now on keep 15% (investments) and 25% (ledger accounts, updated far more often) free;
-- existing pages are unchanged until the table is rewritten.
alter table investments set (fillfactor = 85);
alter table ledger_accounts set (fillfactor = 75);
