/** Business dates are in Australia/Sydney; the financial year starts 1 July. */
export const businessTimeZone = 'Australia/Sydney';

const dateFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: businessTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Sydney calendar date (YYYY-MM-DD) of an instant. */
export function sydneyDate(instant: Date): string {
  return dateFormatter.format(instant);
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first day (YYYY-MM-DD) of the financial year that contains a Sydney date. */
export function financialYearStart(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  return `${month >= 7 ? year : year - 1}-07-01`;
}

/** FY label as the dashboard shows it: FY '25-26. */
export function financialYearLabel(isoDate: string): string {
  const start = Number(financialYearStart(isoDate).slice(0, 4));
  const two = (n: number) => String(n % 100).padStart(2, '0');
  return `FY '${two(start)}-${two(start + 1)}`;
}

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
