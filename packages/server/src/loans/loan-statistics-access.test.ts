import { allRoles, type Role, reducedDashboardLoanStatisticsFields } from '@lm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoanViaApi, fundingClock, smallLoanBody } from '../investments/investing.test-support';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

/** GET api/loans/statistics: a role groups and totals only by what its screens show. */

let t: TestApp;
const token = {} as Record<'MANAGEMENT' | 'SUPPORT' | 'AUDITOR', string>;
beforeAll(async () => {
  t = await createTestApp({ clockNow: fundingClock });
  token.MANAGEMENT = await t.login(demo.management);
  for (const amount of [50_000, 80_000]) await createLoanViaApi(t, token.MANAGEMENT, smallLoanBody(amount));
  token.SUPPORT = await t.login(demo.support);
  token.AUDITOR = await t.login(demo.auditor);
});
afterAll(() => t.close());

const stats = (role: keyof typeof token, query: string) =>
  t.call('GET', `/api/loans/statistics?${query}`, { token: token[role] });

// the reduced staff dashboard's four tables, as the web asks for them (dashboard-api.ts)
const dashboardQueries = [
  'groupBy=status&$select=status,count&$orderby=status asc',
  "groupBy=id,name,gracePeriodDays,status&$select=id,name,gracePeriodDays,status,count&$filter=status eq 'ACTIVE_IN_ARREARS'&$orderby=id desc",
  "groupBy=id,name,marketplaceExpiryDate,status&$select=id,name,marketplaceExpiryDate,status,count&$filter=status eq 'MARKETPLACE_FUNDING_EXPIRED'&$orderby=marketplaceExpiryDate desc",
  'groupBy=id,name,fundedDate,status&$select=id,name,fundedDate,status,count&$filter=fundedDate ge 2020-01-01&$orderby=fundedDate desc',
];

describe.each(['SUPPORT', 'AUDITOR'] as const)('%s loan statistics', (role) => {
  it('answers every table of the reduced staff dashboard', async () => {
    for (const query of dashboardQueries) {
      const res = await stats(role, query);
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it('cannot rebuild the loan list with amounts through groupBy', async () => {
    const res = await stats(role, 'groupBy=id,name,clientId,amount');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect(res.body.userMessage).toBe("The loan statistics field 'clientId' is not open to your role");
    expect(res.body.details).toEqual([{ field: 'groupBy', message: res.body.userMessage }]);
    for (const field of ['amount', 'thirdPartyId', 'baseInterestRate', 'industryType', 'companyState']) {
      const one = await stats(role, `groupBy=id,${field}`);
      expect(one.status, field).toBe(403);
      expect(one.body.userMessage).toContain(`'${field}'`);
    }
  });

  it('gets no amount, invested total or principal due in any form', async () => {
    const plain = await stats(role, 'groupBy=id,name,status');
    expect(plain.status).toBe(200);
    expect(plain.body.data.length).toBeGreaterThan(0);
    for (const row of plain.body.data) {
      for (const field of Object.keys(row)) {
        if (field !== 'key') expect(reducedDashboardLoanStatisticsFields, field).toContain(field);
      }
    }
    const selected = await stats(role, 'groupBy=id&$select=id,totalLoanAmount,totalPrincipalDue');
    expect(selected.status).toBe(403);
    expect(selected.body.details).toEqual([{ field: '$select', message: expect.stringContaining('totalLoanAmount') }]);
    // a total in a filter or an order would leak it one comparison at a time
    const filtered = await stats(role, 'groupBy=id&$filter=totalInvestedAmount gt 1000');
    expect(filtered.status).toBe(400);
    expect(JSON.stringify(filtered.body)).toContain('totalInvestedAmount');
    const ordered = await stats(role, 'groupBy=id&$orderby=totalPrincipalDue desc');
    expect(ordered.status).toBe(400);
    expect(JSON.stringify(ordered.body)).toContain('totalPrincipalDue');
  });
});

describe('MANAGEMENT loan statistics', () => {
  it('groups and totals by any field', async () => {
    const res = await stats('MANAGEMENT', 'groupBy=id,name,clientId,amount&$select=id,amount,totalPrincipalDue,count');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data[0]).toMatchObject({ amount: expect.any(Number), totalPrincipalDue: expect.any(Number) });
  });
});

it('the investor roles are refused loan statistics altogether', async () => {
  const investorRoles: Role[] = allRoles.filter((r) => r === 'INVESTOR' || r === 'INVESTOR_READ_ONLY');
  for (const role of investorRoles) {
    const email = role === 'INVESTOR' ? demo.investor : demo.readOnly;
    const res = await t.call('GET', '/api/loans/statistics?groupBy=status', { token: await t.login(email) });
    expect(res.status).toBe(403);
  }
});
