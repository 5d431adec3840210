import { loanMessages } from '@lm/domain';
import { describe, expect, it } from 'vitest';
import { mandateOptionsCheck } from './loan-form';

describe('mandate options on New Loan (core §5)', () => {
  const options = [13.25, 13.75, 14.25, 14.5].map((mandateRate) => ({ mandateRate, isActive: true }));

  it('at a maximum rate below every mandate rate all four are offered and valid', () => {
    expect(mandateOptionsCheck(options, 13)).toEqual({ offered: [true, true, true, true], problem: null });
  });

  it('raising the maximum rate to 14.25 offers only 14.5% and names the ticked ones invalid', () => {
    expect(mandateOptionsCheck(options, 14.25)).toEqual({
      offered: [false, false, false, true],
      problem: loanMessages.mandateOptionsInvalid,
    });
  });

  it('once the options not above the maximum are unticked, the options are valid again', () => {
    const unticked = options.map((o) => ({ ...o, isActive: o.mandateRate > 14.25 }));
    expect(mandateOptionsCheck(unticked, 14.25).problem).toBeNull();
  });

  it('without a maximum rate yet every option is offered', () => {
    expect(mandateOptionsCheck(options, null)).toEqual({ offered: [true, true, true, true], problem: null });
  });
});
