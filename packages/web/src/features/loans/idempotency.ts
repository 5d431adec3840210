/**
 * Money-moving requests carry an Idempotency-Key header (DESIGN §3): a replay of the same request
 * (a double click, the session flow's replay after a refresh) answers the first result and moves
 * nothing. One key per intended movement, made when the user confirms.
 */
export function idempotencyKeyHeaders(): Record<string, string> {
  // randomUUID exists only in secure contexts (https, localhost); random bytes serve elsewhere
  const key =
    typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  return { 'Idempotency-Key': key };
}
