import { type RawBuilder, sql } from 'kysely';

/** A column of a batch: its values in the order of the ids, and their PostgreSQL type. */
export interface BatchColumn {
  type: 'bigint' | 'numeric' | 'text';
  values: readonly (string | number | null)[];
}

const identifier = /^[a-z][a-z0-9_]*$/;

/** An integer or a plain decimal: what an element of a bigint or numeric array literal may be. */
const plainNumber = /^-?\d+(?:\.\d+)?$/;

/**
 * A column's values as its array parameter. Bigint and numeric values are written here as
 * PostgreSQL's array text (`{41.67,0.00,NULL}`): node-postgres quotes and escapes every string of
 * an array parameter with two regular expressions (its arrayString), which took 2 ms of
 * fractionalising one repayment across 1,000 holders (2,000 amounts). A value that is not a plain
 * number is refused rather than written into the literal. Text is left to the driver.
 */
export function arrayParameter(column: BatchColumn): readonly (string | number | null)[] | string {
  if (column.type === 'text') return column.values;
  const elements = column.values.map((value) => {
    if (value === null) return 'NULL';
    const text = String(value);
    if (!plainNumber.test(text)) throw new Error(`not a ${column.type}: ${text}`);
    return text;
  });
  return `{${elements.join(',')}}`;
}

/**
 * One statement that updates a batch of a table's rows, each found by its id:
 *
 *   update <table> t set <set>
 *   from unnest(<ids>, <column values>...) as v(id, <column names>)
 *   where t.id = any(<ids>) and t.id = v.id
 *
 * `set` reads the row as `t` and its batch values as `v`. The ids are given twice, as the join and
 * as an index condition: with the join alone, PostgreSQL's default costs plan a batch of thousands
 * as a merge join that reads the table's primary key from its first row up to the batch's last id,
 * or as a hash of the whole table (docs/decisions/005-ledger-throughput.md, 2026-11-27).
 */
export function updateByIds(
  table: string,
  ids: readonly number[],
  columns: Readonly<Record<string, BatchColumn>>,
  set: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const names = Object.keys(columns);
  for (const name of [table, ...names]) {
    if (!identifier.test(name)) throw new Error(`not a plain identifier: ${name}`);
  }
  const arrays = names.map((name) => sql`${arrayParameter(columns[name]!)}::${sql.raw(columns[name]!.type)}[]`);
  const idArray = arrayParameter({ type: 'bigint', values: ids });
  return sql`
    update ${sql.raw(table)} t set ${set}
    from unnest(${idArray}::bigint[], ${sql.join(arrays)}) as v(id, ${sql.raw(names.join(', '))})
    where t.id = any(${idArray}::bigint[]) and t.id = v.id`;
}
