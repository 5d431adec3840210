import { loanStatisticsRoute } from '@lm/domain/routes';

import { describe, expect, it } from 'vitest';
import { pathOf } from '../../shared/api/call-route';
import { loanStatisticsPath } from './staff-tables-request';

describe('the staff dashboard tables the app starts with', () => {
  it('names the endpoint of the domain contract', () => {
    expect(loanStatisticsPath).toBe(pathOf(loanStatisticsRoute));
  });
});
