-- Why a withdrawal request was cancelled, so the investor's screen can say so (investor-and-admin
-- §4: lodged, verified, paid; or cancelled): its code expired unverified, too many wrong codes,
-- the investor cancelled it, or staff did. Requests cancelled before this column existed keep null.
alter table withdrawal_requests
  add column cancel_reason text
  constraint withdrawal_requests_cancel_reason_known
    check (cancel_reason in ('CODE_EXPIRED', 'CODE_TRIES_EXHAUSTED', 'INVESTOR', 'STAFF'));
alter table withdrawal_requests
  add constraint withdrawal_requests_cancel_reason_only_when_cancelled
    check (cancel_reason is null or status = 'CANCELLED');
create index withdrawal_requests_account_newest on withdrawal_requests (investment_account_id, id desc);
