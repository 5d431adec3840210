import { useRef } from 'react';

/**
 * Money-moving requests carry an Idempotency-Key header (DESIGN §3, ADR 007): a replay of the same
 * request answers the first result and moves nothing. One key per intended operation: minted when
 * its confirmation opens, the same key when that confirmation is confirmed again after a timeout or
 * a network error (so the retry cannot move money twice), a new key only for a new opening or
 * changed input. Every money dialog takes its key from `useIdempotencyKey`.
 */
export const idempotencyHeader = 'Idempotency-Key';

/** A fresh key (randomUUID exists only in secure contexts; random bytes serve elsewhere). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The request headers of one operation. */
export function idempotencyHeaders(key: string): Record<string, string> {
  return { [idempotencyHeader]: key };
}

/**
 * The headers for a call made under a confirmation's key (`useIdempotencyKey`); a call made with no
 * confirmation open gets a key of its own.
 */
export function confirmationHeaders(key: string): { headers: Record<string, string> } {
  return { headers: idempotencyHeaders(key || newIdempotencyKey()) };
}

/** JSON with object keys sorted: equal inputs give equal text whatever their key order. */
export function operationSignature(value: unknown): string {
  if (value === undefined || value === null || value === false) return '';
  if (Array.isArray(value)) return `[${value.map(operationSignature).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${operationSignature(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** One operation's key and what it was minted for. */
export interface OperationKey {
  signature: string;
  key: string;
}

/**
 * The key for `operation` given the previous one: kept while the operation is the same, a new one
 * when it changes or opens again after being closed (null/undefined/false), none while closed.
 */
export function nextOperationKey(
  previous: OperationKey | null,
  operation: unknown,
  mint: () => string = newIdempotencyKey,
): OperationKey | null {
  const signature = operationSignature(operation);
  if (signature === '') return null;
  if (previous && previous.signature === signature) return previous;
  return { signature, key: mint() };
}

/**
 * The key of the operation a confirmation is about: `operation` is what it would do (the
 * confirmed input, with anything that names the target), or null/undefined/false while no
 * confirmation is open. The same key for as long as the operation stays the same, so confirming
 * again after a failure resends it; a new one when the confirmation opens again or its input
 * changes. Empty while closed.
 */
export function useIdempotencyKey(operation: unknown): string {
  const current = useRef<OperationKey | null>(null);
  current.current = nextOperationKey(current.current, operation);
  return current.current?.key ?? '';
}
