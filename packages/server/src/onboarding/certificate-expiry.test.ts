import { onboardingMessages, sampleApplication, samplePdfText } from '@lm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoanViaApi, deposit, fundingClock, smallLoanBody } from '../investments/investing.test-support';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';
import { certificateExpiryNoticeJob } from './certificate-expiry-notices';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  // 2026-12-10 in Sydney: the small test loan is on the marketplace
  t = await createTestApp({ clockNow: fundingClock });
  admin = await t.login(demo.management);
});
afterAll(() => t.close());

async function submit(parts: { applicationData: unknown; documentsMetadata: Array<{ fileName: string }> }) {
  const form = new FormData();
  form.append('version', '1');
  form.append('applicationData', JSON.stringify(parts.applicationData));
  form.append('documentsMetadata', JSON.stringify(parts.documentsMetadata));
  for (const d of parts.documentsMetadata) form.append('documents', new Blob([samplePdfText]), d.fileName);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/onboarding/user/applications',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

describe('a sophisticated-investor certificate expires two years after its issue date', () => {
  it('the approved investor invests while it is valid and is refused from its expiry date on', async () => {
    // issued 2024-12-11: valid until the end of 2026-12-10, expired from 2026-12-11
    const application = sampleApplication('INDIVIDUAL', { today: '2025-12-11', tag: 'expiry' });
    const submitted = await submit(application);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const list = await t.call(
      'GET',
      `/api/onboarding/applications?$filter=applicationId eq '${submitted.body.data.applicationId}'`,
      {
        token: admin,
      },
    );
    const row = list.body.data[0];
    expect(row.certificateIssueDate).toBe('2024-12-11');
    expect(row.certificateExpiryDate).toBe('2026-12-11');

    const approved = await t.call('POST', `/api/onboarding/applications/${row.id}/approve`, {
      token: admin,
      body: { allPartiesApproved: true },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const { username, investmentAccountId } = approved.body.data;
    const code = /Your code:\s+(\d{6})/.exec(t.ctx.mailer.latestTo(username) ?? '')?.[1];
    const password = 'New-Passw0rd!';
    const confirmed = await t.call('POST', '/api/user/confirm-reset', {
      body: { username, password, confirmationCode: code },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    let token = await t.login(username, password);

    // a month before it expires, the investor is told once
    expect(await certificateExpiryNoticeJob.run(t.ctx)).toEqual({ due: 1, mailed: 1 });
    const notice = t.ctx.mailer.latestTo(username) ?? '';
    expect(notice).toContain('Subject: Your sophisticated investor certificate expires soon');
    expect(notice).toContain('11/12/2026');
    expect(await certificateExpiryNoticeJob.run(t.ctx)).toEqual({ due: 0, mailed: 0 });

    await deposit(t.ctx, investmentAccountId, 500_000n);

    const loanId = await createLoanViaApi(t, admin, smallLoanBody(10_000));
    const invest = () =>
      t.call('POST', `/api/user/loans/${loanId}/invest`, { token, body: { investmentAccountId, amount: 1_000 } });
    const valid = await invest();
    expect(valid.status, JSON.stringify(valid.body)).toBe(200);

    t.ctx.clock.advance(24 * 60 * 60_000);
    // a day on, the access tokens have expired
    token = await t.login(username, password);
    admin = await t.login(demo.management);
    const expired = await invest();
    expect(expired.status, JSON.stringify(expired.body)).toBe(422);
    expect(expired.body.userMessage).toBe(onboardingMessages.certificateExpired);

    // management records a new certificate: the investor may invest again
    const investorId = approved.body.data.investorId;
    const renew = (issueDate: string) =>
      t.call('POST', `/api/investors/${investorId}/actions/renewCertificate`, {
        token: admin,
        body: { issueDate },
      });
    expect((await renew('2024-12-11')).status).toBe(422);
    const future = await renew('2026-12-12');
    expect(future.status).toBe(400);
    expect(future.body.userMessage).toBe(onboardingMessages.dateAfterToday);
    const renewed = await renew('2026-12-01');
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.data).toEqual({
      investorId,
      accreditationLevel: 'SOPHISTICATED',
      certificateIssueDate: '2026-12-01',
      certificateExpiryDate: '2028-12-01',
    });
    expect(renewed.body.userMessage).toBe(onboardingMessages.certificateRenewed);
    const again = await invest();
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });
});
