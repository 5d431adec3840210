-- Write-off writes off exactly what was entered (docs/domain.md "Write-off"): each repayment keeps
-- what of it was written off beside what was paid, and what is neither stays owed. A loan's
-- principal and interest written off are the sums over its repayments (derived, not kept).
alter table repayments add column principal_written_off numeric(20,2) not null default 0;
alter table repayments add column interest_written_off numeric(20,2) not null default 0;

-- Repayments a write-off closed before this: whatever of them was not paid was closed with them,
-- so that is what was written off of them.
update repayments
set principal_written_off = principal_due - principal_paid,
    interest_written_off = interest_due - interest_paid
where status in ('WRITTEN_OFF', 'PAID_PARTIAL_WRITTEN_OFF');

alter table repayments add constraint repayments_settled_within_due check (
  principal_written_off >= 0 and interest_written_off >= 0
  and principal_paid + principal_written_off <= principal_due
  and interest_paid + interest_written_off <= interest_due);

alter table loans drop column principal_written_off;
alter table loans drop column interest_written_off;
