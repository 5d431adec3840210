import { type Cents, centsToNumber, type StatisticsInterval, statisticsIntervals } from '@lm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, openFundedAccount } from '../repayments/repayments.test-support';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

/**
 * The investor dashboard's interval graphs read GET api/user/transactions/statistics (issue
 * "Dashboards", Must show): on a hand-computed book, every bucket boundary falls on Sydney
 * midnight, across both daylight-saving changes and the financial-year boundary, for every
 * interval; and the buckets add up to the ledger's rows for the period.
 *
 * Each deposit is finalised at an instant chosen next to a boundary; the amounts are powers of
 * two in cents, so every bucket's total says exactly which deposits it holds.
 */
const deposits: { instant: string; sydneyDay: string; cents: Cents }[] = [
  // Saturday 5 October 2024, 11:30 pm AEST (+10)
  { instant: '2024-10-05T13:30:00Z', sydneyDay: '2024-10-05', cents: 101n },
  // Sunday 6 October 2024, 1:30 am AEST: daylight saving starts at 2 am that day
  { instant: '2024-10-05T15:30:00Z', sydneyDay: '2024-10-06', cents: 202n },
  // Monday 7 October 2024, 12:30 am AEDT (+11): at +10 it would still be Sunday, the week before
  { instant: '2024-10-06T13:30:00Z', sydneyDay: '2024-10-07', cents: 404n },
  // Sunday 6 April 2025, 12:30 am AEDT: at +10 it would be Saturday 5 April; daylight saving ends at 3 am
  { instant: '2025-04-05T13:30:00Z', sydneyDay: '2025-04-06', cents: 808n },
  // Monday 30 June 2025, 11:30 pm AEST: the last day of FY 24-25
  { instant: '2025-06-30T13:30:00Z', sydneyDay: '2025-06-30', cents: 1616n },
  // Tuesday 1 July 2025, 12:30 am AEST: the first day of FY 25-26 (and a new quarter, half and month)
  { instant: '2025-06-30T14:30:00Z', sydneyDay: '2025-07-01', cents: 3232n },
];

/** The expected buckets of each interval, worked out by hand from the Sydney days above. */
const expected: Record<StatisticsInterval, Record<string, Cents>> = {
  day: {
    '2024-10-05': 101n,
    '2024-10-06': 202n,
    '2024-10-07': 404n,
    '2025-04-06': 808n,
    '2025-06-30': 1616n,
    '2025-07-01': 3232n,
  },
  // weeks start on Monday: 30 Sep 2024 holds Sat 5 and Sun 6 Oct; Mon 7 Oct starts the next one
  week: { '2024-09-30': 303n, '2024-10-07': 404n, '2025-03-31': 808n, '2025-06-30': 4848n },
  // fortnights from Monday 3 January 2000: one starts on Monday 7 October 2024 (9,044 days on),
  // so the early hours of that Monday, after the clocks went forward, begin a new fortnight
  fortnight: { '2024-09-23': 303n, '2024-10-07': 404n, '2025-03-24': 808n, '2025-06-30': 4848n },
  month: { '2024-10-01': 707n, '2025-04-01': 808n, '2025-06-01': 1616n, '2025-07-01': 3232n },
  quarter: { '2024-10-01': 707n, '2025-04-01': 2424n, '2025-07-01': 3232n },
  half: { '2024-07-01': 707n, '2025-01-01': 2424n, '2025-07-01': 3232n },
  year: { '2024-01-01': 707n, '2025-01-01': 5656n },
  financialYear: { '2024-07-01': 3131n, '2025-07-01': 3232n },
};

let t: TestApp;
let investor: string;
let management: string;
let accountId: number;

beforeAll(async () => {
  t = await createTestApp({ clockNow: '2024-09-01T10:00:00+10:00' });
  accountId = await openFundedAccount(t.ctx, { name: 'Boundary Book', email: demo.investor });
  for (const d of deposits) {
    t.ctx.clock.set(d.instant);
    await deposit(t.ctx, accountId, d.cents);
  }
  t.ctx.clock.set('2025-07-10T10:00:00+10:00');
  investor = await t.login(demo.investor);
  management = await t.login(demo.management);
}, 600_000);
afterAll(() => t.close());

async function buckets(groupBy: StatisticsInterval, range = 'startDate=2024-07-01&endDate=2025-12-31') {
  const res = await t.call(
    'GET',
    `/api/user/transactions/statistics?groupBy=${groupBy}&type=DEPOSIT&accountId=${accountId}&${range}`,
    { token: investor },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { key: string; count: number; totalGrossAmount: number }[];
}

describe('interval statistics in Sydney time', () => {
  it.each(statisticsIntervals)(
    'buckets by %s start on the Sydney day across daylight saving and 1 July',
    async (interval) => {
      const rows = await buckets(interval);
      const got = Object.fromEntries(rows.map((row) => [row.key.slice(0, 10), row.totalGrossAmount]));
      const want = Object.fromEntries(
        Object.entries(expected[interval]).map(([key, cents]) => [key, centsToNumber(cents)]),
      );
      expect(got).toEqual(want);
    },
  );

  it('cuts a range at Sydney midnight: 1 July alone holds only the first FY 25-26 deposit', async () => {
    const rows = await buckets('day', 'startDate=2025-07-01&endDate=2025-07-01');
    expect(rows.map((row) => [row.key.slice(0, 10), row.totalGrossAmount, row.count])).toEqual([
      ['2025-07-01', 32.32, 1],
    ]);
    const june = await buckets('financialYear', 'startDate=2024-07-01&endDate=2025-06-30');
    expect(june.map((row) => row.totalGrossAmount)).toEqual([31.31]);
  });

  it("adds up to the ledger's rows of the account for the period", async () => {
    const rows = await buckets('financialYear');
    const statisticsCents = rows.reduce((sum, row) => sum + BigInt(Math.round(row.totalGrossAmount * 100)), 0n);
    const list = await t.call(
      'GET',
      `/api/transactions?$filter=${encodeURIComponent(`investmentAccountId eq ${accountId} and type eq 'DEPOSIT'`)}&$top=100`,
      { token: management },
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const ledgerCents = (list.body.data as { grossAmount: number }[]).reduce(
      (sum, row) => sum + BigInt(Math.round(row.grossAmount * 100)),
      0n,
    );
    expect(statisticsCents).toBe(ledgerCents);
    expect(statisticsCents).toBe(deposits.reduce((sum, d) => sum + d.cents, 0n));
  });
});
