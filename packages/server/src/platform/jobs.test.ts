import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { runDailyJobOnce } from './jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none', clockNow: '2027-03-05T10:00:00+11:00' });
});
afterAll(() => t.close());

describe('daily jobs', () => {
  it('run once per Sydney date, retry after a failure, and run again the next day', async () => {
    let runs = 0;
    let fail = true;
    const job = {
      name: 'test-job',
      run: async () => {
        runs++;
        if (fail) throw new Error('boom');
        return { ok: true };
      },
    };
    expect(await runDailyJobOnce(t.ctx, job)).toBe('failed');
    fail = false;
    expect(await runDailyJobOnce(t.ctx, job)).toBe('ran');
    expect(await runDailyJobOnce(t.ctx, job)).toBe('skipped');
    expect(runs).toBe(2);
    t.ctx.clock.advance(24 * 3600_000);
    expect(await runDailyJobOnce(t.ctx, job)).toBe('ran');
    const rows = await t.ctx.db.selectFrom('jobs').selectAll().where('name', '=', 'test-job').orderBy('id').execute();
    expect(rows.map((r) => [r.runForDate, r.status])).toEqual([
      ['2027-03-05', 'SUCCEEDED'],
      ['2027-03-06', 'SUCCEEDED'],
    ]);
  });
});
