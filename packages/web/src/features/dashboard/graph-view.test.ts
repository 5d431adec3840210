import { describe, expect, it } from 'vitest';
import {
  bucketKeys,
  bucketLabel,
  drillDown,
  drillUp,
  financialYearView,
  type GraphView,
  monthsBackView,
  rangeOf,
  readView,
  seriesData,
  unknownGraphParams,
  viewCaption,
  writeView,
  yearlyView,
} from './graph-view';

describe('interval graph views', () => {
  it('shows five financial years, the last holding today, and crosses 30 June into the next year', () => {
    const view = yearlyView('2025-06-30');
    expect(view).toEqual({ level: 'year', start: '2020-07-01' });
    expect(bucketKeys(view)).toEqual(['2020-07-01', '2021-07-01', '2022-07-01', '2023-07-01', '2024-07-01']);
    expect(rangeOf(view)).toEqual({ startDate: '2020-07-01', endDate: '2025-06-30' });
    expect(yearlyView('2025-07-01').start).toBe('2021-07-01');
    expect(bucketLabel('2024-07-01', 'year')).toBe("FY '24-25");
  });

  it('drills a financial year into its twelve months, July to June', () => {
    const months = drillDown(yearlyView('2025-03-05'), '2024-07-01') as GraphView;
    expect(months).toEqual({ level: 'month', start: '2024-07-01', periods: 12 });
    const keys = bucketKeys(months);
    expect(keys).toHaveLength(12);
    expect(keys[0]).toBe('2024-07-01');
    expect(keys[11]).toBe('2025-06-01');
    expect(rangeOf(months).endDate).toBe('2025-06-30');
    expect(viewCaption(months)).toBe('Jul 2024 - Jun 2025');
  });

  it('drills a month into the Monday weeks that touch it', () => {
    // 1 September 2024 is a Sunday: its week began on Monday 26 August
    const weeks = drillDown({ level: 'month', start: '2024-07-01', periods: 12 }, '2024-09-01') as GraphView;
    expect(weeks).toEqual({ level: 'week', start: '2024-09-01' });
    expect(bucketKeys(weeks)).toEqual([
      '2024-08-26',
      '2024-09-02',
      '2024-09-09',
      '2024-09-16',
      '2024-09-23',
      '2024-09-30',
    ]);
    expect(rangeOf(weeks)).toEqual({ startDate: '2024-09-01', endDate: '2024-09-30' });
  });

  it('keeps seven Sydney days in the week daylight saving starts (Sunday 6 October 2024) and ends (6 April 2025)', () => {
    const start = drillDown({ level: 'week', start: '2024-10-01' }, '2024-09-30') as GraphView;
    expect(bucketKeys(start)).toEqual([
      '2024-09-30',
      '2024-10-01',
      '2024-10-02',
      '2024-10-03',
      '2024-10-04',
      '2024-10-05',
      '2024-10-06',
    ]);
    expect(bucketLabel('2024-10-06', 'day')).toBe('Sun 06/10');
    const end = bucketKeys({ level: 'day', start: '2025-03-31' });
    expect(end).toHaveLength(7);
    expect(end.at(-1)).toBe('2025-04-06');
  });

  it('drills a week into its days across the financial-year boundary, and back up to that year', () => {
    // the week of Monday 30 June 2025 holds the last day of FY 24-25 and the first of FY 25-26
    const days = drillDown({ level: 'week', start: '2025-06-01' }, '2025-06-30') as GraphView;
    expect(bucketKeys(days)).toEqual([
      '2025-06-30',
      '2025-07-01',
      '2025-07-02',
      '2025-07-03',
      '2025-07-04',
      '2025-07-05',
      '2025-07-06',
    ]);
    expect(drillDown(days, '2025-07-01')).toBeNull();
    const weeks = drillUp(days) as GraphView;
    expect(weeks).toEqual({ level: 'week', start: '2025-06-01' });
    const months = drillUp(weeks) as GraphView;
    expect(months).toEqual({ level: 'month', start: '2024-07-01', periods: 12 });
    const years = drillUp(months) as GraphView;
    expect(bucketKeys(years).at(-1)).toBe('2024-07-01');
    expect(drillUp(years)).toBeNull();
  });

  it('opens Loans Funded six months back and the due graphs on the current and next financial years', () => {
    const funded = monthsBackView('2025-03-05', 6);
    expect(bucketKeys(funded)).toEqual([
      '2024-10-01',
      '2024-11-01',
      '2024-12-01',
      '2025-01-01',
      '2025-02-01',
      '2025-03-01',
    ]);
    expect(financialYearView('2025-03-05')).toEqual({ level: 'month', start: '2024-07-01', periods: 12 });
    expect(financialYearView('2025-03-05', 1).start).toBe('2025-07-01');
  });

  it('writes a view into the URL and reads it back, refusing what is not a bucket start', () => {
    const views: GraphView[] = [
      { level: 'year', start: '2020-07-01' },
      { level: 'month', start: '2024-10-01', periods: 6 },
      { level: 'week', start: '2024-09-01' },
      { level: 'day', start: '2024-09-30' },
    ];
    for (const view of views) expect(readView(writeView(view))).toEqual(view);
    expect(readView('year.2021-01-01')).toBeNull();
    expect(readView('month.2024-07-02.12')).toBeNull();
    expect(readView('month.2024-07-01.7')).toBeNull();
    expect(readView('day.2024-10-01')).toBeNull();
    expect(readView('fortnight.2024-10-01')).toBeNull();
    expect(readView('week.2024-02-31')).toBeNull();
    expect(readView(null)).toBeNull();
  });

  it('lays the server rows on every bucket, zero where the server had none', () => {
    const view: GraphView = { level: 'day', start: '2024-09-30' };
    const data = seriesData(
      view,
      [
        { key: '2024-10-06', count: 2, totalPrincipalAmount: 100.5, totalInterestAmount: 3.25 },
        { key: '2024-09-30', count: 1, totalPrincipalAmount: 10 },
      ],
      [
        { id: 'principal', label: 'Principal', field: 'totalPrincipalAmount', color: '#000' },
        { id: 'interest', label: 'Interest', field: 'totalInterestAmount', color: '#111' },
      ],
    );
    expect(data.values.principal).toEqual([10, 0, 0, 0, 0, 0, 100.5]);
    expect(data.values.interest).toEqual([0, 0, 0, 0, 0, 0, 3.25]);
    expect(data.counts).toEqual([1, 0, 0, 0, 0, 0, 2]);
  });

  it('names the graph parameters of a link that the dashboard does not have', () => {
    expect(unknownGraphParams(new URLSearchParams('g.paid=year.2020-07-01&g.loss=day.2024-09-30&account=3'))).toEqual([
      'g.loss',
    ]);
  });
});
