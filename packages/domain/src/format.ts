import { businessTimeZone } from './clock';
import { Decimal } from './money';

/**
 * Display formatting of spec core §9, shared by the web and by anything the server renders for
 * people (report files, mails). Pure and exact: money goes through decimal.js, never through
 * floating-point arithmetic or Number#toFixed.
 */

type Numeric = number | string | bigint;

function toDecimal(value: Numeric | null | undefined): InstanceType<typeof Decimal> | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    const d = new Decimal(typeof value === 'bigint' ? value.toString() : value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** Groups the whole part of an unsigned decimal string with commas: 1234567.8 -> 1,234,567.8. */
function groupThousands(unsigned: string): string {
  const [whole = '0', fraction] = unsigned.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** Money in full: $1,234.56, -$5.00. Empty for null. */
export function formatMoney(value: Numeric | null | undefined): string {
  const d = toDecimal(value);
  if (!d) return '';
  const rounded = d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const sign = rounded.isNegative() && !rounded.isZero() ? '-' : '';
  return `${sign}$${groupThousands(rounded.abs().toFixed(2))}`;
}

/**
 * Formats cents (bigint) in full: 123456n -> $1,234.56, as formatMoney would. Cents are exact
 * integers, so this needs no decimal library: it is called for every money cell of a statement
 * of 100,000 rows.
 */
export function formatCents(cents: bigint | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  const whole = digits.slice(0, -2);
  let grouped = whole.slice(0, whole.length % 3 || 3);
  for (let i = grouped.length; i < whole.length; i += 3) grouped += `,${whole.slice(i, i + 3)}`;
  return `${negative ? '-' : ''}$${grouped}.${digits.slice(-2)}`;
}

export const compactSignificantDigits = 3;

/**
 * Money in the compact USD form of spec core §9: three significant digits with a K or M suffix
 * ($1.23M, $12.3K, $999, $0.5). Amounts of a billion and more stay in M ($1,500M).
 */
export function formatMoneyCompact(value: Numeric | null | undefined): string {
  const d = toDecimal(value);
  if (!d) return '';
  const sign = d.isNegative() && !d.isZero() ? '-' : '';
  const abs = d.abs();
  const significant = (x: InstanceType<typeof Decimal>) =>
    x.toSignificantDigits(compactSignificantDigits, Decimal.ROUND_HALF_UP);
  let scaled = significant(abs);
  let suffix = '';
  if (scaled.greaterThanOrEqualTo(1_000_000)) {
    scaled = significant(abs.dividedBy(1_000_000));
    suffix = 'M';
  } else if (scaled.greaterThanOrEqualTo(1_000)) {
    scaled = significant(abs.dividedBy(1_000));
    suffix = 'K';
    // 999,950 rounds to 1000K: show it as 1M
    if (scaled.greaterThanOrEqualTo(1_000)) {
      scaled = significant(abs.dividedBy(1_000_000));
      suffix = 'M';
    }
  }
  return `${sign}$${groupThousands(scaled.toFixed())}${suffix}`;
}

/** A percentage value (12.5 means 12.5%) to 2 places: 12.50%. */
export function formatPercent(value: Numeric | null | undefined, places = 2): string {
  const d = toDecimal(value);
  if (!d) return '';
  return `${d.toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places)}%`;
}

/** A fraction (0.125) shown as a percentage to 2 places: 12.50%. */
export function formatFractionAsPercent(value: Numeric | null | undefined, places = 2): string {
  const d = toDecimal(value);
  if (!d) return '';
  return formatPercent(d.times(100).toString(), places);
}

/** A plain number with thousands separators and a fixed number of places (counts, rates). */
export function formatNumber(value: Numeric | null | undefined, places = 0): string {
  const d = toDecimal(value);
  if (!d) return '';
  const rounded = d.toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  const sign = rounded.isNegative() && !rounded.isZero() ? '-' : '';
  return `${sign}${groupThousands(rounded.abs().toFixed(places))}`;
}

/** Dates of 0001-01-01 (and null or empty) are treated as empty (spec core §5). */
export function isEmptyDate(value: string | Date | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (value instanceof Date) return Number.isNaN(value.getTime()) || value.getUTCFullYear() <= 1;
  return value.startsWith('0001-01-01') || Number.isNaN(Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value));
}

const dateOnlyPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

const sydneyParts = new Intl.DateTimeFormat('en-AU', {
  timeZone: businessTimeZone,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

function partsOf(instant: Date): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of sydneyParts.formatToParts(instant)) parts[part.type] = part.value;
  return parts;
}

/**
 * An instant as DD/MM/YYYY h:mm a in Sydney time (05/03/2027 10:00 am). A date-only value
 * (YYYY-MM-DD) is a business date and shows as DD/MM/YYYY. Empty dates show as ''.
 */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (isEmptyDate(value)) return '';
  if (typeof value === 'string' && dateOnlyPattern.test(value)) return formatDate(value);
  const p = partsOf(value instanceof Date ? value : new Date(value as string));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toLowerCase()}`;
}

/** A business date (YYYY-MM-DD) or the Sydney date of an instant, as DD/MM/YYYY. */
export function formatDate(value: string | Date | null | undefined): string {
  if (isEmptyDate(value)) return '';
  if (typeof value === 'string') {
    const m = dateOnlyPattern.exec(value);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  const p = partsOf(value instanceof Date ? value : new Date(value as string));
  return `${p.day}/${p.month}/${p.year}`;
}

/** Date pickers show D/M/YYYY and allow nothing after 2100-12-31 unless told otherwise. */
export const pickerDateFormat = 'D/M/YYYY';
export const pickerDateMax = '2100-12-31';

/** Shortens a text to `max` characters, marking the cut with '...' (chart labels 20, account names 60). */
export function truncateText(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Account names in a selector are cut at 60 characters (spec core §9). */
export const accountNameShownMax = 60;

/** An investment account as a selector names it: its name cut at 60 characters, then its id (spec core §9). */
export function accountChoiceLabel(account: { id: number; name: string | null | undefined }): string {
  return `${truncateText(account.name, accountNameShownMax)} (${account.id})`;
}
