import { idempotencyHeaders, newIdempotencyKey } from '../../shared/api/idempotency-key';

/**
 * A fresh Idempotency-Key header for one call (shared/api/idempotency-key.ts). Dialogs that confirm
 * an operation take their key from `useIdempotencyKey` instead, so a retry resends it.
 */
export function idempotencyKeyHeaders(): Record<string, string> {
  return idempotencyHeaders(newIdempotencyKey());
}
