import { addDays, businessTimeZone } from '@lm/domain';

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: businessTimeZone, timeZoneName: 'longOffset' });

/** Sydney's offset from UTC at an instant, in minutes (+600 or +660). */
function sydneyOffsetMinutes(instant: Date): number {
  const name = offsetFormat.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/**
 * The instant a Sydney calendar day (plus `days`) begins, as an ISO date-time with Z: the
 * boundary a date criterion on a date-time field compares with.
 */
export function sydneyStartOfDay(isoDate: string, days = 0): string {
  const day = addDays(isoDate, days);
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // the offset at the guess, then at the corrected instant (daylight saving changes at 2-3 am)
  let instant = utcMidnight - sydneyOffsetMinutes(new Date(utcMidnight)) * 60_000;
  instant = utcMidnight - sydneyOffsetMinutes(new Date(instant)) * 60_000;
  return new Date(instant).toISOString().replace('.000Z', 'Z');
}
