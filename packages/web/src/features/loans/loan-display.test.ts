import { describe, expect, it } from 'vitest';
import { formatCell } from '../../shared/list/columns';
import { loanTexts } from './loan-texts';
import { loanTopUpsList } from './loans-api';

describe('loan figures as shown', () => {
  it('the funded rate is a percent to 2 places with its sign', () => {
    expect(loanTexts.fundedRate(13.116413878)).toBe('13.12%');
    expect(loanTexts.fundedRate(null)).toBeNull();
  });

  it('mandate options show the mandate rate to 2 places, as every other screen does, and the account id bare', () => {
    const columns = loanTopUpsList(7).columns;
    const rate = columns.find((c) => c.field === 'mandateRate');
    const account = columns.find((c) => c.field === 'investmentAccountId');
    const row = { investmentAccountId: 1001, mandateRate: 14.5 } as never;
    expect(rate && formatCell(rate, row)).toBe('14.50%');
    expect(account && formatCell(account, row)).toBe('1001');
  });
});
