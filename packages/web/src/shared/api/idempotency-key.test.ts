import { describe, expect, it } from 'vitest';
import { idempotencyHeaders, newIdempotencyKey, nextOperationKey, operationSignature } from './idempotency-key';

describe('one Idempotency-Key per intended operation', () => {
  let n = 0;
  const mint = () => `key-${++n}`;

  it('keeps the key while the confirmation stays open on the same input, so a retry resends it', () => {
    const opened = nextOperationKey(null, { amount: 250, accountId: 7 }, mint);
    expect(opened?.key).toBeTruthy();
    // re-rendered, confirmed, failed, confirmed again: the same operation, the same key
    const again = nextOperationKey(opened, { accountId: 7, amount: 250 }, mint);
    expect(again?.key).toBe(opened?.key);
  });

  it('a new key when the input changes or the confirmation opens again', () => {
    const first = nextOperationKey(null, { amount: 250 }, mint);
    const changed = nextOperationKey(first, { amount: 251 }, mint);
    expect(changed?.key).not.toBe(first?.key);
    const closed = nextOperationKey(changed, null, mint);
    expect(closed).toBeNull();
    const reopened = nextOperationKey(closed, { amount: 251 }, mint);
    expect(reopened?.key).not.toBe(changed?.key);
    expect(nextOperationKey(reopened, false, mint)).toBeNull();
    expect(nextOperationKey(reopened, undefined, mint)).toBeNull();
  });

  it('signs inputs by value, whatever their key order; dates by instant', () => {
    expect(operationSignature({ b: [1, { y: 2, x: 1 }], a: 'x' })).toBe(
      operationSignature({ a: 'x', b: [1, { x: 1, y: 2 }] }),
    );
    expect(operationSignature({ a: 1, b: undefined })).toBe(operationSignature({ a: 1 }));
    expect(operationSignature(new Date(0))).toBe('"1970-01-01T00:00:00.000Z"');
    expect(operationSignature([1])).not.toBe(operationSignature(['1']));
  });

  it('mints distinct visible keys the server accepts', () => {
    const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(idempotencyHeaders('k')).toEqual({ 'Idempotency-Key': 'k' });
  });
});
