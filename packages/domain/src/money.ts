import Decimal from 'decimal.js';

/**
 * Money is integer cents (bigint) in code, numeric(20,2) in the database and a number rounded
 * to cents in JSON. Arithmetic with rates and fractions goes through decimal.js and is rounded
 * once, explicitly.
 */
export type Cents = bigint;

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export { D as Decimal };

const moneyPattern = /^-?\d+(\.\d{1,2})?$/;
/** numeric(20,2) as the database writes it: the common case, read without splitting. */
const databaseMoneyPattern = /^-?\d+\.\d\d$/;

/** Parses a database numeric(20,2) string or an exact decimal string into cents. */
export function centsFromString(value: string): Cents {
  // a batch reads millions of these (a repayment's six amounts, for every repayment of its loans)
  if (databaseMoneyPattern.test(value)) return BigInt(value.slice(0, -3) + value.slice(-2));
  const trimmed = value.trim();
  if (!moneyPattern.test(trimmed)) {
    // numeric with more places (computed values): round half up once
    const d = new D(trimmed);
    return BigInt(d.times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0));
  }
  const negative = trimmed.startsWith('-');
  const [whole, frac = ''] = (negative ? trimmed.slice(1) : trimmed).split('.');
  const cents = BigInt(whole ?? '0') * 100n + BigInt(`${frac}00`.slice(0, 2));
  return negative ? -cents : cents;
}

/**
 * Converts a JSON number (as typed by a user or client) to cents. Refuses values with more
 * than two decimal places unless `round` is set (then half-up to the cent).
 */
export function centsFromNumber(value: number, round = false): Cents {
  if (!Number.isFinite(value)) throw new RangeError('amount is not a finite number');
  const d = new D(String(value));
  if (!round && !d.times(100).isInteger()) throw new RangeError('amount has more than two decimal places');
  return BigInt(d.times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0));
}

/** numeric(20,2) text for SQL parameters. */
export function centsToString(cents: Cents): string {
  const negative = cents < 0n;
  // the digits of the whole cents, at least three: the last two are the cents after the point
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const safeCents = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The JSON number for an amount: the double nearest to cents/100, the number its x.yy text reads
 * as. Below 2^53 cents the division gives it (both operands are exact, and a division rounds to the
 * nearest double as reading a decimal text does) without building the text: fractionalising one
 * repayment across 1,000 holders answers 7,000 of them.
 */
export function centsToNumber(cents: Cents): number {
  if (cents <= safeCents && cents >= -safeCents) return Number(cents) / 100;
  return Number(centsToString(cents));
}

export function moneyStringToNumber(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return centsToNumber(centsFromString(value));
}

export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0n;
  for (const v of values) total += v;
  return total;
}

export function minCents(a: Cents, b: Cents): Cents {
  return a < b ? a : b;
}

export function maxCents(a: Cents, b: Cents): Cents {
  return a > b ? a : b;
}

/** Multiplies cents by a decimal factor and rounds half-up to the cent. */
export function mulRound(cents: Cents, factor: Decimal.Value): Cents {
  const d = new D(cents.toString()).times(factor).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  return BigInt(d.toFixed(0));
}

/**
 * Splits `total` cents across weights by the largest-remainder method: floor each exact share,
 * then give the leftover cents one each to the largest remainders (ties to the lower index).
 * The pieces always sum exactly to `total`. Weights must be non-negative with a positive sum.
 */
export function allocateLargestRemainder(total: Cents, weights: readonly Decimal.Value[]): Cents[] {
  const ds = weights.map((w) => new D(w));
  if (ds.some((w) => w.isNegative())) throw new RangeError('weights must be non-negative');
  // scaled to integers, the shares are exact fractions of one common denominator
  const places = Math.max(0, ...ds.map((d) => d.decimalPlaces()));
  const scale = new D(10).pow(places);
  return allocateLargestRemainderExact(
    total,
    ds.map((d) => BigInt(d.times(scale).toFixed(0))),
  );
}

/** allocateLargestRemainder over integer weights, in exact integer arithmetic. */
export function allocateLargestRemainderExact(total: Cents, weights: readonly bigint[]): Cents[] {
  if (total < 0n) return allocateLargestRemainderExact(-total, weights).map((c) => -c);
  if (weights.some((w) => w < 0n)) throw new RangeError('weights must be non-negative');
  const weightSum = weights.reduce((a, b) => a + b, 0n);
  if (weightSum === 0n) {
    if (total === 0n) return weights.map(() => 0n);
    throw new RangeError('weights sum to zero');
  }
  // exact share i = total * w_i / weightSum = floor_i + remainder_i / weightSum
  const result = weights.map((w) => (total * w) / weightSum);
  let leftover = total - sumCents(result);
  const order = weights
    .map((w, index) => ({ index, remainder: (total * w) % weightSum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (leftover <= 0n) break;
    result[index] = (result[index] ?? 0n) + 1n;
    leftover -= 1n;
  }
  return result;
}

/** Rounds a user-entered number to cents (the specification rounds amounts to 2 places). */
export function roundToCents(value: number): number {
  return centsToNumber(centsFromNumber(value, true));
}
