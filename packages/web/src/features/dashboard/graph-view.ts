import {
  addDays,
  financialYearLabel,
  financialYearStart,
  intervalStart,
  nextIntervalStart,
  type StatisticsInterval,
  type StatisticsRow,
} from '@lm/domain';

/**
 * The drill state of one interval graph (spec core §2.4, §9): Yearly -> Monthly (6 or 12 periods)
 * -> Weekly -> Daily on a bar click, and back up. Pure date arithmetic on Sydney business dates
 * (YYYY-MM-DD), so a view's buckets are the server's buckets: the server keys each bucket by its
 * first Sydney day with the same `intervalStart` of the domain.
 *
 * A view is a level and the first day of its range; it is written into the URL
 * (`year.2022-07-01`, `month.2024-07-01.12`) so a drilled graph can be bookmarked and shared.
 */
export type GraphLevel = 'year' | 'month' | 'week' | 'day';

export interface GraphView {
  level: GraphLevel;
  /** The first day of the range shown. */
  start: string;
  /** Months shown by a monthly view (6 or 12). */
  periods?: number;
}

export const levelLabels: Record<GraphLevel, string> = {
  year: 'Yearly',
  month: 'Monthly',
  week: 'Weekly',
  day: 'Daily',
};

/** Graph ids the investor dashboard holds (the `g.<id>` URL parameters). */
export const graphIds = ['paid', 'funded', 'due', 'next'] as const;

/** `g.<id>` parameters of the URL that name no graph of the dashboard (a stale or edited link). */
export function unknownGraphParams(params: URLSearchParams): string[] {
  return [...params.keys()].filter(
    (key) => key.startsWith('g.') && !(graphIds as readonly string[]).includes(key.slice(2)),
  );
}

/** Financial years a yearly view shows. */
export const yearsShown = 5;
export const monthlyPeriodsAllowed = [6, 12] as const;

/** The interval the server groups a level by: years are financial years (1 July). */
export function groupByOf(level: GraphLevel): StatisticsInterval {
  return level === 'year' ? 'financialYear' : level;
}

function addMonths(isoDate: string, months: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/** The first and last day (inclusive) of a view's range: the startDate and endDate of its request. */
export function rangeOf(view: GraphView): { startDate: string; endDate: string } {
  let end: string;
  switch (view.level) {
    case 'year':
      end = addMonths(view.start, 12 * yearsShown);
      break;
    case 'month':
      end = addMonths(view.start, view.periods ?? 12);
      break;
    case 'week':
      end = addMonths(view.start, 1);
      break;
    case 'day':
      end = addDays(view.start, 7);
      break;
  }
  return { startDate: view.start, endDate: addDays(end, -1) };
}

/**
 * The buckets of a view, in order, each keyed by its interval's first day as the server keys it.
 * A weekly view of a month starts with the week holding the 1st (which may begin the month before).
 */
export function bucketKeys(view: GraphView): string[] {
  const { startDate, endDate } = rangeOf(view);
  const interval = groupByOf(view.level);
  const keys: string[] = [];
  for (let key = intervalStart(startDate, interval); key <= endDate; key = nextIntervalStart(key, interval)) {
    keys.push(key);
  }
  return keys;
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The axis label of a bucket: FY '24-25, Jul 2024, w/c 01/07, Mon 01/07. */
export function bucketLabel(key: string, level: GraphLevel): string {
  const dayMonth = `${key.slice(8, 10)}/${key.slice(5, 7)}`;
  switch (level) {
    case 'year':
      return financialYearLabel(key);
    case 'month':
      return `${monthNames[Number(key.slice(5, 7)) - 1]} ${key.slice(0, 4)}`;
    case 'week':
      return `w/c ${dayMonth}`;
    case 'day':
      return `${dayNames[new Date(`${key}T00:00:00Z`).getUTCDay()]} ${dayMonth}`;
  }
}

/** The view a click on a bar opens (null on a daily view: the bar's rows are shown instead). */
export function drillDown(view: GraphView, key: string): GraphView | null {
  switch (view.level) {
    case 'year':
      return { level: 'month', start: key, periods: 12 };
    case 'month':
      return { level: 'week', start: key };
    case 'week':
      return { level: 'day', start: key };
    case 'day':
      return null;
  }
}

/** The view one level up, holding the current one (null at Yearly). */
export function drillUp(view: GraphView): GraphView | null {
  switch (view.level) {
    case 'year':
      return null;
    case 'month':
      return { level: 'year', start: addMonths(financialYearStart(view.start), -12 * (yearsShown - 1)) };
    case 'week':
      return { level: 'month', start: financialYearStart(view.start), periods: 12 };
    case 'day':
      return { level: 'week', start: `${view.start.slice(0, 7)}-01` };
  }
}

/** The yearly view ending with the financial year of `today`. */
export function yearlyView(today: string): GraphView {
  return { level: 'year', start: addMonths(financialYearStart(today), -12 * (yearsShown - 1)) };
}

/** A monthly view of `periods` months ending with the month of `today` (Loans Funded: 6 back). */
export function monthsBackView(today: string, periods: number): GraphView {
  return { level: 'month', start: addMonths(`${today.slice(0, 7)}-01`, -(periods - 1)), periods };
}

/** The twelve months of the financial year holding `today`, or of the one after it. */
export function financialYearView(today: string, yearsAhead = 0): GraphView {
  return { level: 'month', start: addMonths(financialYearStart(today), 12 * yearsAhead), periods: 12 };
}

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** `month.2024-07-01.12` */
export function writeView(view: GraphView): string {
  return view.level === 'month' ? `${view.level}.${view.start}.${view.periods ?? 12}` : `${view.level}.${view.start}`;
}

/**
 * A view read back from the URL; anything malformed (or a start that is not the first day of its
 * level's interval) is null, and the graph shows its default view.
 */
export function readView(text: string | null): GraphView | null {
  if (!text) return null;
  const [level, start, periodsText] = text.split('.');
  if (!start || !isoDatePattern.test(start) || Number.isNaN(Date.parse(`${start}T00:00:00Z`))) return null;
  switch (level) {
    case 'year':
      return financialYearStart(start) === start ? { level, start } : null;
    case 'month': {
      const periods = Number(periodsText ?? 12);
      if (!(monthlyPeriodsAllowed as readonly number[]).includes(periods)) return null;
      return start.endsWith('-01') ? { level, start, periods } : null;
    }
    case 'week':
      return start.endsWith('-01') ? { level, start } : null;
    case 'day':
      return intervalStart(start, 'week') === start ? { level, start } : null;
    default:
      return null;
  }
}

/** The title of a view's range: FY '20-21 to FY '24-25, Jul 2024 - Jun 2025, Sep 2024, w/c 09/09/2024. */
export function viewCaption(view: GraphView): string {
  const keys = bucketKeys(view);
  const first = keys[0] ?? view.start;
  const last = keys.at(-1) ?? view.start;
  switch (view.level) {
    case 'year':
      return `${financialYearLabel(first)} to ${financialYearLabel(last)}`;
    case 'month':
      return `${bucketLabel(first, 'month')} - ${bucketLabel(last, 'month')}`;
    case 'week':
      return bucketLabel(view.start, 'month');
    case 'day':
      return `Week commencing ${view.start.slice(8, 10)}/${view.start.slice(5, 7)}/${view.start.slice(0, 4)}`;
  }
}

/** One series of a graph: which total of a statistics row it plots. */
export interface GraphSeries {
  id: string;
  label: string;
  field: keyof StatisticsRow;
  color: string;
}

/**
 * The server's rows laid on the view's buckets (a bucket with nothing in it is zero): one value
 * per series per bucket, in bucket order. Amounts stay as the server's cents-rounded numbers.
 */
export function seriesData(
  view: GraphView,
  rows: readonly StatisticsRow[],
  series: readonly GraphSeries[],
): { keys: string[]; values: Record<string, number[]>; counts: number[] } {
  const keys = bucketKeys(view);
  const byKey = new Map(rows.map((row) => [row.key.slice(0, 10), row]));
  const values: Record<string, number[]> = {};
  for (const s of series) {
    values[s.id] = keys.map((key) => {
      const value = byKey.get(key)?.[s.field];
      return typeof value === 'number' ? value : 0;
    });
  }
  return { keys, values, counts: keys.map((key) => byKey.get(key)?.count ?? 0) };
}
