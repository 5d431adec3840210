import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { anyOf } from './any-of';

describe('anyOf: a column among a list of values, as one array parameter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('finds the rows of the listed ids (camel-cased column, numbers or text), none for an empty list', async () => {
    const all = await t.ctx.db.selectFrom('ledgerAccounts').select(['id', 'kind']).orderBy('id').limit(3).execute();
    expect(all.length).toBe(3);
    const wanted = [all[2]!.id, all[0]!.id, 987_654_321];
    const found = await t.ctx.db
      .selectFrom('ledgerAccounts')
      .select('id')
      .where(anyOf('id', wanted))
      .orderBy('id')
      .execute();
    expect(found.map((r) => r.id)).toEqual([all[0]!.id, all[2]!.id]);
    expect(await t.ctx.db.selectFrom('ledgerAccounts').select('id').where(anyOf('id', [])).execute()).toEqual([]);
    const kinds = await t.ctx.db
      .selectFrom('ledgerAccounts as l')
      .select('l.id')
      .where(anyOf('l.kind', [all[0]!.kind], 'text'))
      .execute();
    expect(kinds.map((r) => r.id)).toContain(all[0]!.id);
  });

  it('takes more values than a statement may have parameters (65,535)', async () => {
    const ids = Array.from({ length: 70_000 }, (_, n) => n + 1);
    const rows = await t.ctx.db.selectFrom('ledgerAccounts').select('id').where(anyOf('id', ids)).execute();
    expect(rows.length).toBeGreaterThan(0);
  });
});
