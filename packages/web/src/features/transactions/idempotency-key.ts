/**
 * Money-moving requests carry an Idempotency-Key header (DESIGN §3): a replay of the same request
 * (a double click, the session flow's replay after a refresh) returns the first result and moves
 * nothing. One key per intended movement: made when the user confirms, reused on retries of it.
 */
export const idempotencyHeader = 'Idempotency-Key';

/** A fresh key for one movement. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The request headers of one movement. */
export function idempotencyHeaders(key: string): Record<string, string> {
  return { [idempotencyHeader]: key };
}
