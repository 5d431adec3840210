import { businessTimeZone } from '../clock';

// ---------------------------------------------------------------------------------------------
// Sydney dates as instants

const offsetFormatter = new Intl.DateTimeFormat('en-US', { timeZone: businessTimeZone, timeZoneName: 'longOffset' });

function sydneyOffsetMs(instant: Date): number {
  const name = offsetFormatter.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === '-' ? -1 : 1) * minutes * 60_000;
}

/** The instant a Sydney calendar date (YYYY-MM-DD) begins. */
export function sydneyStartOfDay(isoDate: string): Date {
  const utcMidnight = Date.parse(`${isoDate}T00:00:00Z`);
  let guess = utcMidnight - sydneyOffsetMs(new Date(utcMidnight));
  guess = utcMidnight - sydneyOffsetMs(new Date(guess));
  return new Date(guess);
}

/** The last millisecond of a Sydney calendar date. */
export function sydneyEndOfDay(isoDate: string): Date {
  const next = new Date(`${isoDate}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return new Date(sydneyStartOfDay(next.toISOString().slice(0, 10)).getTime() - 1);
}
