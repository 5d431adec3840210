/** The Idempotency-Key helpers live in the shared kit (one key per intended operation). */
export { idempotencyHeader, idempotencyHeaders, newIdempotencyKey } from '../../shared/api/idempotency-key';
