import { describe, expect, it } from 'vitest';
import { loanStatuses } from '../loans/index';
import { portfolioTabOf, portfolioTabs } from './portfolio';

describe('portfolio tabs', () => {
  it('puts every loan status but Deleted in exactly one tab', () => {
    for (const status of loanStatuses) {
      const tabs = portfolioTabs.filter((t) => (t.loanStatuses as readonly string[]).includes(status));
      expect(tabs.length, status).toBe(status === 'DELETED' ? 0 : 1);
    }
  });

  it('sorts investments by their loan status, sold ones into Closed', () => {
    expect(portfolioTabOf({ loanStatus: 'ACTIVE', saleDate: null })).toBe('deployed');
    expect(portfolioTabOf({ loanStatus: 'DEPLOYED', saleDate: null })).toBe('deployed');
    expect(portfolioTabOf({ loanStatus: 'ACTIVE_IN_ARREARS', saleDate: null })).toBe('arrears');
    expect(portfolioTabOf({ loanStatus: 'FUNDING', saleDate: null })).toBe('pending');
    expect(portfolioTabOf({ loanStatus: 'FULLY_FUNDED', saleDate: null })).toBe('pending');
    expect(portfolioTabOf({ loanStatus: 'WRITTEN_OFF', saleDate: null })).toBe('closed');
    expect(portfolioTabOf({ loanStatus: 'PAYOUT', saleDate: null })).toBe('closed');
    expect(portfolioTabOf({ loanStatus: 'ACTIVE', saleDate: '2027-03-01T00:00:00Z' })).toBe('closed');
    expect(portfolioTabOf({ loanStatus: 'DELETED', saleDate: null })).toBeNull();
  });
});
