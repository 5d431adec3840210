import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { arrayParameter, updateByIds } from './update-by-ids';

describe('updateByIds: a batch of rows updated by id in one statement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('sets each named row from its own values and leaves the others', async () => {
    const { rows } = await sql<{ id: number; name: string }>`
      select id, name from ledger_accounts order by id limit 4`.execute(t.ctx.db);
    expect(rows.length).toBe(4);
    const [a, b, c, d] = rows.map((r) => ({ ...r, id: Number(r.id) }));
    await t.ctx.db
      .transaction()
      .execute(async (trx) => {
        await updateByIds(
          'ledger_accounts',
          [c!.id, a!.id],
          { label: { type: 'text', values: ['third', 'first'] } },
          sql`name = t.name || ' / ' || v.label`,
        ).execute(trx);
        const after = await sql<{ id: number; name: string }>`
        select id, name from ledger_accounts where id in (${a!.id}, ${b!.id}, ${c!.id}, ${d!.id}) order by id`.execute(
          trx,
        );
        expect(after.rows.map((r) => r.name)).toEqual([`${a!.name} / first`, b!.name, `${c!.name} / third`, d!.name]);
        // the error rolls the transaction back: the demo book keeps its names
        throw new Error('rolled back');
      })
      .catch((error: Error) => {
        if (error.message !== 'rolled back') throw error;
      });
  });

  it('writes numeric and bigint values as one array literal, and reads them back exactly', async () => {
    const values = ['41.67', '-0.05', null, '120000.00', 7];
    const literal = arrayParameter({ type: 'numeric', values });
    expect(literal).toBe('{41.67,-0.05,NULL,120000.00,7}');
    const { rows } = await sql<{ value: string | null }>`
      select unnest(${literal}::numeric[])::text as value`.execute(t.ctx.db);
    expect(rows.map((r) => r.value)).toEqual(['41.67', '-0.05', null, '120000.00', '7']);
    expect(arrayParameter({ type: 'bigint', values: [3, 12] })).toBe('{3,12}');
    // text stays an array for the driver to quote
    expect(arrayParameter({ type: 'text', values: ['a,b'] })).toEqual(['a,b']);
  });

  it('refuses a numeric value that is not a plain number, so nothing can be written into the literal', () => {
    for (const bad of ['1,2', '1}', '1e5', 'NaN', '', ' 1']) {
      expect(() => arrayParameter({ type: 'numeric', values: [bad] })).toThrow('not a numeric');
    }
    expect(() => arrayParameter({ type: 'bigint', values: [Number.NaN] })).toThrow('not a bigint');
  });

  it('refuses a table or column name that is not a plain identifier', () => {
    expect(() => updateByIds('loans; drop table loans', [1], {}, sql`status = 'x'`)).toThrow('not a plain identifier');
    expect(() =>
      updateByIds('loans', [1], { 'status) --': { type: 'text', values: ['x'] } }, sql`status = v.status`),
    ).toThrow('not a plain identifier');
  });
});
