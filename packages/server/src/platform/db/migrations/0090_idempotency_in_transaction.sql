-- Idempotency keys are claimed in the same transaction as the change they protect
-- (docs/decisions/007-idempotency-in-transaction.md): a row that other transactions can see is
-- always DONE. An IN_PROGRESS row left by a server before this design belongs to a request that
-- can no longer be running (its process is gone or it committed its change without its answer):
-- it is released, so a retry of its key runs instead of answering 409 for good.
delete from idempotency_keys where state = 'IN_PROGRESS';

-- The hourly sweep deletes keys older than 24 hours.
create index idempotency_keys_created_at on idempotency_keys (created_at);
