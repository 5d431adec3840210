import { addDays, sydneyStartOfDay as sydneyDayStart } from '@lm/domain';

/**
 * The instant a Sydney calendar day (plus `days`) begins, as an ISO date-time with Z: the
 * boundary a date criterion on a date-time field compares with. The rule (daylight saving
 * included) is the domain's `sydneyStartOfDay`; this is its form in a list filter's URL.
 */
export function sydneyStartOfDay(isoDate: string, days = 0): string {
  return sydneyDayStart(addDays(isoDate, days)).toISOString().replace('.000Z', 'Z');
}
