import { type RawBuilder, sql } from 'kysely';

/** A column of a batch: its values in the order of the ids, and their PostgreSQL type. */
export interface BatchColumn {
  type: 'bigint' | 'numeric' | 'text';
  values: readonly (string | number | null)[];
}

const identifier = /^[a-z][a-z0-9_]*$/;

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
  const arrays = names.map((name) => sql`${columns[name]!.values}::${sql.raw(columns[name]!.type)}[]`);
  return sql`
    update ${sql.raw(table)} t set ${set}
    from unnest(${ids}::bigint[], ${sql.join(arrays)}) as v(id, ${sql.raw(names.join(', '))})
    where t.id = any(${ids}::bigint[]) and t.id = v.id`;
}
