/**
 * Numeric inputs (spec core §5): negative values for currency, terms and percentages are clamped
 * to 0; numeric types parse to numbers; anything that is not a number becomes empty.
 */
export interface NumericInputOptions {
  clampNegative?: boolean;
  /** Whole numbers only (ids, term months or days): decimals are dropped. */
  integer?: boolean;
  /** Places kept while typing (2 for currency and percentages). */
  decimals?: number;
}

export interface NumericInput {
  /** What the field shows. */
  text: string;
  /** The number it means, or null when empty. */
  value: number | null;
}

const partial = /^-?\d*(\.\d*)?$/;

export function parseNumericInput(raw: string, options: NumericInputOptions = {}): NumericInput {
  const { clampNegative = true, integer = false, decimals } = options;
  const text = raw.trim().replace(/,/g, '');
  if (text === '' || !partial.test(text)) return { text: '', value: null };
  if (text === '-' || text === '.' || text === '-.') {
    return clampNegative ? { text: '', value: null } : { text, value: null };
  }
  let [whole = '', fraction] = text.split('.');
  const negative = whole.startsWith('-');
  if (negative && clampNegative) return { text: '0', value: 0 };
  if (integer) fraction = undefined;
  if (fraction !== undefined && decimals !== undefined) fraction = fraction.slice(0, decimals);
  const digits = negative ? whole.slice(1) : whole;
  const normalisedWhole = digits.replace(/^0+(?=\d)/, '') || '0';
  const shown = `${negative ? '-' : ''}${digits === '' && fraction !== undefined ? '0' : normalisedWhole}${
    fraction !== undefined ? `.${fraction}` : ''
  }`;
  const value = Number(shown.endsWith('.') ? shown.slice(0, -1) : shown);
  if (!Number.isFinite(value)) return { text: '', value: null };
  return { text: shown, value: negative && value === 0 ? 0 : value };
}
