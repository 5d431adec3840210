import { type RawBuilder, sql } from 'kysely';

/**
 * `<column> = any(<values>::<type>[])`: a column among a list of values as ONE array parameter,
 * where Kysely's `where(column, 'in', values)` writes a parameter per value. A batch names
 * thousands (a thousand repayments' loans, their holders' accounts): one parameter keeps the
 * statement's text the same whatever their number, so it is parsed and planned like any other
 * and Node does not build and bind a node per value.
 */
export function anyOf(
  column: string,
  values: readonly (number | string)[],
  type: 'bigint' | 'text' = 'bigint',
): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} = any(${[...values]}::${sql.raw(type)}[])`;
}
