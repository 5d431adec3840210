import { invalidQuery, quoteToken } from './errors';
import { type FilterExpression, parseFilter, refuseNulCharacter } from './filter-parser';

/**
 * Reads the list options of a request's query (DESIGN §5): `$filter $orderby $top $skip $select
 * $expand $count`, also spelled without the `$` (the specification's client sends `orderBy`,
 * `top`, ...). Option names are matched without regard to case. Other parameters without a `$`
 * belong to the route and are left alone; an unknown `$` option is refused.
 */

export const pageSizeMax = 1000;
export const defaultPageSize = 10;
/**
 * With `$count=estimate` the total is counted exactly up to this many rows; above it, the count is
 * the planner's estimate of the matching rows (never below this + 1), so a huge list is not
 * counted row by row for a figure no one reads to the unit.
 */
export const countExactMax = 10_000;
export const skipMax = Number.MAX_SAFE_INTEGER;
/** $orderby, $select and $expand are each at most this long. */
export const optionCharsMax = 4000;
export const sortKeysMax = 20;

export interface PathItem {
  path: string[];
  source: string;
}

export interface OrderItem extends PathItem {
  descending: boolean;
}

export type CountMode = 'none' | 'exact' | 'estimate';

export interface ListQuery {
  filter: FilterExpression | null;
  orderBy: OrderItem[] | null;
  top: number | null;
  skip: number;
  /** $count: none, the exact total (true), or exact up to countExactMax and the planner's estimate above (estimate). */
  count: CountMode;
  /** null: every field. */
  select: PathItem[] | null;
  expand: PathItem[];
}

const optionNames = ['filter', 'orderby', 'top', 'skip', 'select', 'expand', 'count'] as const;
type OptionName = (typeof optionNames)[number];

function collectOptions(query: unknown): Partial<Record<OptionName, string>> {
  const found: Partial<Record<OptionName, { key: string; value: string }>> = {};
  if (query === null || typeof query !== 'object') return {};
  for (const [key, raw] of Object.entries(query as Record<string, unknown>)) {
    const lower = key.toLowerCase();
    const bare = lower.startsWith('$') ? lower.slice(1) : lower;
    if (!(optionNames as readonly string[]).includes(bare)) {
      if (key.startsWith('$')) {
        throw invalidQuery(
          `Unknown query option ${quoteToken(key)} (use $filter, $orderby, $top, $skip, $select, $expand or $count)`,
        );
      }
      continue; // the route's own parameter
    }
    const name = bare as OptionName;
    if (raw === undefined || raw === null) continue;
    if (Array.isArray(raw)) throw invalidQuery(`Query option ${quoteToken(key)} is given more than once`);
    const previous = found[name];
    if (previous) {
      throw invalidQuery(`Query option $${name} is given twice, as ${quoteToken(previous.key)} and ${quoteToken(key)}`);
    }
    found[name] = { key, value: typeof raw === 'string' ? raw : String(raw) };
  }
  const values: Partial<Record<OptionName, string>> = {};
  for (const name of optionNames) {
    const entry = found[name];
    if (entry === undefined) continue;
    refuseNulCharacter(entry.value, `$${name}`);
    if (entry.value.trim() !== '') values[name] = entry.value;
  }
  return values;
}

function checkLength(text: string, option: string): void {
  if (text.length > optionCharsMax) {
    throw invalidQuery(`${option} is too long (${text.length} characters; at most ${optionCharsMax})`);
  }
}

/** Splits a comma list, refusing empty items with the position of their comma. */
function commaItems(text: string, option: string): Array<{ item: string; position: number }> {
  const items: Array<{ item: string; position: number }> = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && text[i] !== ',') continue;
    const item = text.slice(start, i).trim();
    if (item === '') {
      if (i < text.length) throw invalidQuery(`Unexpected ',' at position ${i} in ${option}`);
      throw invalidQuery(`Unexpected end of ${option} after ','`);
    }
    items.push({ item, position: start });
    start = i + 1;
  }
  return items;
}

/** `a desc, loan/status, b asc` */
export function parseOrderBy(text: string, option = '$orderby'): OrderItem[] {
  checkLength(text, option);
  const items = commaItems(text, option);
  if (items.length > sortKeysMax) {
    throw invalidQuery(
      `Too many sort keys in ${option} at ${quoteToken(items[sortKeysMax]?.item ?? '')} (at most ${sortKeysMax})`,
    );
  }
  return items.map(({ item }) => {
    const words = item.split(/\s+/);
    const [source = '', direction, extra] = words;
    if (extra !== undefined) throw invalidQuery(`Unexpected ${quoteToken(extra)} in ${option}`);
    const lower = direction?.toLowerCase();
    if (lower !== undefined && lower !== 'asc' && lower !== 'desc') {
      throw invalidQuery(`Unknown sort direction ${quoteToken(direction ?? '')} in ${option} (use asc or desc)`);
    }
    return { path: source.split('/'), source, descending: lower === 'desc' };
  });
}

function parsePathList(text: string, option: string): PathItem[] {
  checkLength(text, option);
  return commaItems(text, option).map(({ item }) => {
    if (/\s/.test(item)) throw invalidQuery(`Unexpected ${quoteToken(item)} in ${option}`);
    return { path: item.split('/'), source: item };
  });
}

function parseTop(text: string): number {
  const trimmed = text.trim();
  if (!/^\d{1,7}$/.test(trimmed) || Number(trimmed) > pageSizeMax) {
    throw invalidQuery(`$top must be a whole number from 0 to ${pageSizeMax}, not ${quoteToken(text)}`);
  }
  return Number(trimmed);
}

function parseSkip(text: string): number {
  const trimmed = text.trim();
  if (!/^\d{1,16}$/.test(trimmed) || Number(trimmed) > skipMax) {
    throw invalidQuery(`$skip must be a whole number from 0 to ${skipMax}, not ${quoteToken(text)}`);
  }
  return Number(trimmed);
}

function parseCount(text: string): CountMode {
  const lower = text.trim().toLowerCase();
  if (lower === 'true') return 'exact';
  if (lower === 'false') return 'none';
  if (lower === 'estimate') return 'estimate';
  throw invalidQuery(`$count must be true, false or estimate, not ${quoteToken(text)}`);
}

/** Parses the list options of a request's query (Fastify's `request.query`). */
export function readListQuery(query: unknown): ListQuery {
  const options = collectOptions(query);
  const select = options.select === undefined || options.select.trim() === '*' ? null : options.select;
  return {
    filter: options.filter === undefined ? null : parseFilter(options.filter, '$filter'),
    orderBy: options.orderby === undefined ? null : parseOrderBy(options.orderby, '$orderby'),
    top: options.top === undefined ? null : parseTop(options.top),
    skip: options.skip === undefined ? 0 : parseSkip(options.skip),
    count: options.count === undefined ? 'none' : parseCount(options.count),
    select: select === null ? null : parsePathList(select, '$select'),
    expand: options.expand === undefined ? [] : parsePathList(options.expand, '$expand'),
  };
}
