import { businessTimeZone } from '@lm/domain';
import { type RawBuilder, sql } from 'kysely';

/**
 * Business dates in SQL (DESIGN §1 "time": business dates are in Australia/Sydney), written once.
 * The time zone comes from the domain's `businessTimeZone`.
 */

/** SQL text of the Sydney calendar day of a timestamptz expression, for list resources' field SQL. */
export function sydneyDayText(expression: string): string {
  return `(${expression} at time zone '${businessTimeZone}')::date`;
}

/** The Sydney calendar day (a `date`) of a timestamptz expression, as a query fragment. */
export function sydneyDay(expression: string): RawBuilder<string> {
  return sql.raw(sydneyDayText(expression));
}

/** The instant (timestamptz) a Sydney calendar day begins, from a `date` fragment. */
export function sydneyMidnight(day: RawBuilder<unknown>): RawBuilder<Date> {
  return sql<Date>`(cast(${day} as timestamp) at time zone ${sql.lit(businessTimeZone)})`;
}
