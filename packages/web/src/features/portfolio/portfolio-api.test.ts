import { portfolioTabs } from '@lm/domain';
import { describe, expect, it } from 'vitest';
import { portfolioArrearsHref, portfolioTabFilter, termText } from './portfolio-api';

const tab = (id: string) => {
  const found = portfolioTabs.find((t) => t.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('portfolio tabs as list conditions', () => {
  it('lists unsold investments by their loan status, and sold ones under Closed', () => {
    expect(portfolioTabFilter(tab('deployed'))).toBe("loanStatus in ('DEPLOYED','ACTIVE') and saleDate eq null");
    expect(portfolioTabFilter(tab('arrears'))).toBe("loanStatus in ('ACTIVE_IN_ARREARS') and saleDate eq null");
    expect(portfolioTabFilter(tab('pending'))).toBe(
      "loanStatus in ('SETUP','PENDING_RELEASE','FUNDING','MARKETPLACE_FUNDING_EXPIRED','FULLY_FUNDED') and saleDate eq null",
    );
    expect(portfolioTabFilter(tab('closed'))).toBe(
      "(loanStatus in ('RESCHEDULED','CLOSED','PAYOUT','SOLD','WRITTEN_OFF') or saleDate ne null)",
    );
  });

  it('links the dashboard arrears strip to the In Arrears tab', () => {
    expect(portfolioArrearsHref()).toBe('/portfolio?tab=arrears');
    expect(portfolioArrearsHref(1001)).toBe('/portfolio?tab=arrears&account=1001');
  });

  it('shows a term as its length in units', () => {
    expect(termText({ term: 12, termPeriod: 1, termPeriodUnit: 'MONTHS' })).toBe('12 Months');
    expect(termText({ term: 6, termPeriod: 2, termPeriodUnit: 'WEEKS' })).toBe('12 Weeks');
    expect(termText({ term: null, termPeriod: null, termPeriodUnit: null })).toBe('');
  });
});
