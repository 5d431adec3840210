import { z } from 'zod';

/**
 * One input policy for every request (issue: strict input). An amount is a JSON number or a
 * decimal string with at most two places, within numeric(20,2); nothing is coerced: `"0x10"`,
 * `true`, `[5]`, `"1e2"`, `1.005`, `1e308`, `"NaN"`, `""` and `null` are refused, each naming its
 * field. Text refuses control characters and has a named length limit.
 */

/**
 * At most 13 digits before the point (below $10 trillion): within numeric(20,2), and every such
 * amount is exact as a JSON number (15 significant digits always round-trip through a double).
 */
export const moneyWholeDigitsMax = 13;
const moneyText = new RegExp(`^-?\\d{1,${moneyWholeDigitsMax}}(\\.\\d{1,2})?$`);

export const inputMessages = {
  amountInvalid: 'Please input an amount in dollars with at most two decimal places',
  amountGreaterThanZero: 'Please input an amount greater than 0',
  amountNotNegative: 'The amount cannot be negative',
  textControlCharacters: 'The text contains characters that are not allowed',
  textTooLong: (max: number) => `The text is longer than ${max} characters`,
  idInvalid: 'Please give a positive whole number',
} as const;

/** True when `value` is a finite number whose shortest decimal text has at most two places. */
function isCentsNumber(value: number): boolean {
  return Number.isFinite(value) && moneyText.test(String(value));
}

export interface MoneyInputOptions {
  /** Message when the value is not an amount at all (wrong type, three places, junk text). */
  invalid?: string;
  /** Refuse 0 and below with this message. */
  positive?: string;
  /** Refuse below 0 with this message. */
  nonNegative?: string;
}

/**
 * An amount in dollars as a number exact to the cent (the services turn it into cents with
 * `centsFromNumber`). Accepts a JSON number or a decimal string; the output is always a number.
 */
export function moneyInput(options: MoneyInputOptions = {}) {
  const invalid = options.invalid ?? inputMessages.amountInvalid;
  const schema = z
    .union([z.number({ error: invalid }), z.string({ error: invalid })], { error: invalid })
    .superRefine((value, ctx) => {
      const ok = typeof value === 'number' ? isCentsNumber(value) : moneyText.test(value);
      if (!ok) ctx.addIssue({ code: 'custom', message: invalid });
    })
    .transform((value) => (typeof value === 'number' ? value : Number(value)))
    .superRefine((value, ctx) => {
      if (Object.is(value, -0)) return ctx.addIssue({ code: 'custom', message: options.positive ?? invalid });
      if (options.positive !== undefined && !(value > 0)) ctx.addIssue({ code: 'custom', message: options.positive });
      else if (options.nonNegative !== undefined && value < 0) {
        ctx.addIssue({ code: 'custom', message: options.nonNegative });
      }
    });
  moneyFields.add(schema, { money: true });
  return schema;
}

/**
 * Every schema made by `moneyInput`: the API's amount table test finds each route's money
 * fields through it, so a new money field is covered by that test without being listed.
 */
export const moneyFields = z.registry<{ money: true }>();

/** True when a text holds a C0/C1 control character other than tab, line feed and carriage return. */
export function hasControlCharacters(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: this is the check for them
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(value);
}

/**
 * True when a text holds a lone UTF-16 surrogate: it has no UTF-8 form, so the database would
 * refuse it or store U+FFFD in its place. It is refused instead, naming the field.
 */
export function hasLoneSurrogate(value: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value);
}

/**
 * The path (`name`, `rows.2.comment`) of the first text anywhere in a request part (body, query,
 * path parameters) that holds a NUL or a lone surrogate, or null. Every route refuses such a
 * request before its own schema runs (400 naming the field, nothing stored), whatever the field's
 * own rules: neither can be stored or compared as text.
 */
export function unsafeTextPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') || hasLoneSurrogate(value) ? path || '(body)' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unsafeTextPath(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    // files, streams and dates are not text (a parsed query may have a prototype of its own)
    if (
      ArrayBuffer.isView(value) ||
      value instanceof Date ||
      typeof (value as { pipe?: unknown }).pipe === 'function'
    ) {
      return null;
    }
    for (const [key, item] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (unsafeTextPath(key, here) !== null) return here;
      const found = unsafeTextPath(item, here);
      if (found !== null) return found;
    }
  }
  return null;
}

/** Text of at most `max` characters, trimmed, with no control characters and no lone surrogates. */
export function textInput(max: number, messages: { tooLong?: string; required?: string } = {}) {
  return z
    .string({ error: messages.required ?? inputMessages.textControlCharacters })
    .max(max, messages.tooLong ?? inputMessages.textTooLong(max))
    .refine((value) => !hasControlCharacters(value) && !hasLoneSurrogate(value), inputMessages.textControlCharacters)
    .transform((value) => value.trim());
}

/** A numeric path parameter: a positive whole number (the path carries it as text). */
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, inputMessages.idInvalid)
  .transform(Number)
  .refine(Number.isSafeInteger, inputMessages.idInvalid);

/** Path parameters `{ id }`. */
export const idParams = z.object({ id: idParam });

/** Path parameters named as the route names them, e.g. `idParamsOf('accountId')`. */
export function idParamsOf<const K extends string>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((name) => [name, idParam])) as { [P in K]: typeof idParam });
}
