import fs from 'node:fs';
import path from 'node:path';
import {
  type InvestorType,
  investorTypes,
  onboardingMessages,
  onboardingUploadLimits,
  type SampleApplication,
  sampleApplication,
  sampleIdentifiers,
  samplePdfText,
} from '@lm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpayReference } from '../accounts';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';
import { lenderBpayBillerCode } from './decide-application';
import { uploadMessages } from './receive-submission';
import { submissionsPerAddress } from './submit-application';

let t: TestApp;
let management: string;
let addressCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ clockNow: '2027-03-05T10:00:00+11:00' });
  management = await t.login(demo.management);
});
afterAll(() => t.close());

interface UploadFile {
  content: Buffer | string;
  name: string;
}

/** A multipart submission through the real HTTP layer, from an address of its own (the rate limit is per address). */
async function submit(
  parts: { applicationData?: unknown; version?: string; documentsMetadata?: unknown; files?: UploadFile[] },
  remoteAddress = `10.0.0.${++addressCounter}`,
) {
  const form = new FormData();
  if (parts.version !== undefined) form.append('version', parts.version);
  if (parts.applicationData !== undefined) form.append('applicationData', JSON.stringify(parts.applicationData));
  if (parts.documentsMetadata !== undefined) form.append('documentsMetadata', JSON.stringify(parts.documentsMetadata));
  for (const file of parts.files ?? []) form.append('documents', new Blob([file.content]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/onboarding/user/applications',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
    remoteAddress,
  });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

function sample(type: InvestorType, tag: string): SampleApplication {
  return sampleApplication(type, { today: '2027-03-05', tag: `${type.toLowerCase()}.${tag}` });
}

/** A sample's parts with a pdf for each of its documents. */
function partsOf(application: SampleApplication): {
  version: string;
  applicationData: unknown;
  documentsMetadata: SampleApplication['documentsMetadata'];
  files: UploadFile[];
} {
  return {
    version: '1',
    applicationData: application.applicationData,
    documentsMetadata: application.documentsMetadata,
    files: application.documentsMetadata.map((d) => ({ content: samplePdfText, name: d.fileName })),
  };
}

function storedFiles(): string[] {
  const dir = path.join(t.ctx.config.dataDir, 'files');
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

async function applicationCount(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('onboardingApplications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function idOf(applicationId: string): Promise<number> {
  const res = await t.call('GET', `/api/onboarding/applications?$filter=contains(applicationId,'${applicationId}')`, {
    token: management,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data).toHaveLength(1);
  return res.body.data[0].id;
}

describe('POST api/onboarding/user/applications', () => {
  for (const type of investorTypes) {
    it(`accepts a valid ${type} application, its files stored under generated names and its TFNs encrypted`, async () => {
      const application = sample(type, 'valid');
      const before = storedFiles().length;
      const res = await submit(partsOf(application));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.applicationId).toMatch(/^APP-[0-9A-Z]{8}$/);
      expect(res.body.data.instanceId).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body.userMessage).toBe(onboardingMessages.submitted);
      const files = storedFiles().filter((f) => !f.startsWith('.incoming'));
      expect(files.length - before).toBe(application.documentsMetadata.length);
      for (const file of files) expect(path.basename(file)).toMatch(/^[0-9a-f-]{36}\.pdf$/);

      const stored = await t.ctx.db
        .selectFrom('onboardingApplications')
        .select(['id', 'data'])
        .where('applicationId', '=', res.body.data.applicationId)
        .executeTakeFirstOrThrow();
      const text = JSON.stringify(stored.data);
      expect(text).not.toContain(sampleIdentifiers.tfn);
      expect(text).toContain('tfn:v1:');

      const detail = await t.call('GET', `/api/onboarding/applications/${stored.id}`, { token: management });
      expect(detail.status, JSON.stringify(detail.body)).toBe(200);
      expect(detail.body.data.status).toBe('PENDING');
      expect(detail.body.data.investorType).toBe(type);
      expect(detail.body.data.data.entityTaxInformation.taxFileNumber).toBe('******782');
      const listed = await t.call('GET', `/api/onboarding/applications/${stored.id}/files`, { token: management });
      expect(listed.body.data.map((f: { key: string }) => f.key)).toEqual(
        application.documentsMetadata.map((d) => d.key),
      );
    });
  }

  it('accepts the files before the fields, and refuses a missing applicationData naming it', async () => {
    const application = sample('TRUST_CORPORATE', 'files-first');
    const form = new FormData();
    for (const d of application.documentsMetadata) form.append('documents', new Blob([samplePdfText]), d.fileName);
    form.append('documentsMetadata', JSON.stringify(application.documentsMetadata));
    form.append('applicationData', JSON.stringify(application.applicationData));
    form.append('version', '1');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/user/applications',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      remoteAddress: '10.1.1.1',
    });
    expect(response.statusCode, response.body).toBe(200);

    const missing = await submit({ version: '1', files: [{ content: samplePdfText, name: 'a.pdf' }] });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([{ field: 'applicationData', message: 'applicationData is required.' }]);
  });

  it('an individual with a certificate: staff see its issue date and its expiry two years on', async () => {
    const res = await submit(partsOf(sample('INDIVIDUAL', 'certificate')));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = await idOf(res.body.data.applicationId);
    const detail = await t.call('GET', `/api/onboarding/applications/${id}`, { token: management });
    expect(detail.body.data.certificateIssueDate).toBe('2026-03-05');
    expect(detail.body.data.certificateExpiryDate).toBe('2028-03-05');
    const list = await t.call('GET', `/api/onboarding/applications?$filter=id eq ${id}`, { token: management });
    expect(list.body.data[0].certificateExpiryDate).toBe('2028-03-05');
  });

  const wrongIdentifiers: Array<[string, InvestorType, (data: any) => void, string]> = [
    [
      'TFN',
      'INDIVIDUAL',
      (d) => {
        d.entityTaxInformation.taxFileNumber = sampleIdentifiers.invalidTfn;
      },
      onboardingMessages.tfnInvalid,
    ],
    [
      'ABN',
      'COMPANY',
      (d) => {
        d.companyDetails.abn = sampleIdentifiers.invalidAbn;
      },
      onboardingMessages.abnInvalid,
    ],
    [
      'ACN',
      'COMPANY',
      (d) => {
        d.companyDetails.acn = sampleIdentifiers.invalidAcn;
      },
      onboardingMessages.acnInvalid,
    ],
  ];
  for (const [what, type, spoil, message] of wrongIdentifiers) {
    it(`refuses a wrong ${what} with its message, storing nothing`, async () => {
      const application = sample(type, `wrong-${what}`);
      spoil(application.applicationData);
      const [count, files] = [await applicationCount(), storedFiles().length];
      const res = await submit(partsOf(application));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.userMessage).toBe(message);
      expect(res.body.details.map((d: { message: string }) => d.message)).toContain(message);
      expect(await applicationCount()).toBe(count);
      expect(storedFiles().length).toBe(files);
    });
  }

  describe('hostile uploads are refused and nothing is stored', () => {
    async function refusedWithNothingStored(parts: Parameters<typeof submit>[0], status: number, message: string) {
      const [count, files] = [await applicationCount(), storedFiles().length];
      const res = await submit(parts);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.userMessage).toBe(message);
      expect(await applicationCount()).toBe(count);
      expect(storedFiles().length).toBe(files);
    }

    it('an executable named .pdf', async () => {
      const parts = partsOf(sample('INDIVIDUAL', 'exe'));
      const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512, 0x41)]);
      parts.files = [{ content: exe, name: 'drivers-licence.pdf' }];
      await refusedWithNothingStored(parts, 400, uploadMessages.unsupportedKind('drivers-licence.pdf'));
    });

    it('an HTML page named .pdf, and a good file after a bad one', async () => {
      const application = sample('TRUST_INDIVIDUAL', 'html');
      const parts = partsOf(application);
      parts.files[0] = { content: '<html><script>alert(1)</script></html>', name: 'licence.pdf' };
      await refusedWithNothingStored(parts, 400, uploadMessages.unsupportedKind('licence.pdf'));
    });

    it('a path in the file name', async () => {
      const application = sample('INDIVIDUAL', 'path');
      const metadata = [{ key: 'driversLicence', fileName: '../../etc/passwd.pdf' }];
      await refusedWithNothingStored(
        { ...partsOf(application), documentsMetadata: metadata },
        400,
        uploadMessages.fileNamePath('../../etc/passwd.pdf'),
      );
      // the multipart file name itself: the parser keeps only its base name, so no path reaches the disk
      const withPath = partsOf(application);
      withPath.files[0] = { content: samplePdfText, name: '..\\..\\windows\\licence.pdf' };
      const res = await submit(withPath);
      if (res.status === 200) {
        const id = await idOf(res.body.data.applicationId);
        const files = await t.call('GET', `/api/onboarding/applications/${id}/files`, { token: management });
        expect(files.body.data[0].document.originalName).not.toMatch(/[/\\]/);
      } else {
        expect(res.status).toBe(400);
        expect(res.body.userMessage).toBe(uploadMessages.fileNamePath('..\\..\\windows\\licence.pdf'));
      }
    });

    it('an oversize file', async () => {
      const parts = partsOf(sample('INDIVIDUAL', 'oversize'));
      const big = Buffer.concat([
        Buffer.from(samplePdfText),
        Buffer.alloc(onboardingUploadLimits.documentBytesMax, 0x20),
      ]);
      parts.files = [{ content: big, name: 'drivers-licence.pdf' }];
      await refusedWithNothingStored(parts, 413, uploadMessages.fileTooLarge('drivers-licence.pdf'));
    });

    it('too many files', async () => {
      const parts = partsOf(sample('INDIVIDUAL', 'many'));
      parts.files = Array.from({ length: onboardingUploadLimits.documentsCountMax + 1 }, (_, i) => ({
        content: samplePdfText,
        name: `file-${i}.pdf`,
      }));
      await refusedWithNothingStored(parts, 413, uploadMessages.tooManyFiles);
    });

    it('a document the application does not ask for', async () => {
      const application = sample('INDIVIDUAL', 'extra');
      const parts = partsOf(application);
      parts.documentsMetadata = [...application.documentsMetadata, { key: 'trustDeed', fileName: 'deed.pdf' }];
      parts.files = [...parts.files, { content: samplePdfText, name: 'deed.pdf' }];
      await refusedWithNothingStored(parts, 400, onboardingMessages.documentNotExpected('trustDeed'));
    });

    it('a required document missing', async () => {
      const parts = partsOf(sample('INDIVIDUAL', 'missing'));
      parts.documentsMetadata = parts.documentsMetadata.filter((d) => d.key !== 'driversLicence');
      parts.files = parts.files.filter((f) => f.name !== 'drivers-licence.pdf');
      const res = await submit(parts);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain('individualDetails.driversLicence');
    });
  });

  it('is rate limited per address', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < submissionsPerAddress.max; i++) {
      expect((await submit({ version: '1', applicationData: {} }, address)).status).toBe(400);
    }
    const res = await submit(partsOf(sample('INDIVIDUAL', 'limited')), address);
    expect(res.status).toBe(429);
    expect((await submit(partsOf(sample('INDIVIDUAL', 'other-address')))).status).toBe(200);
  });
});

describe('review list', () => {
  it('filters by ID, Application ID and Creation Date, newest first by default', async () => {
    const submitted = await submit(partsOf(sample('PARTNERSHIP', 'list')));
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const all = await t.call('GET', '/api/onboarding/applications?$count=true&$top=1000', { token: management });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const ids = all.body.data.map((a: { id: number }) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.body.data[0].applicationId).toBe(submitted.body.data.applicationId);
    expect(all.body.count).toBe(ids.length);

    const part = submitted.body.data.applicationId.slice(4, 9);
    const byApplicationId = await t.call(
      'GET',
      `/api/onboarding/applications?$filter=contains(applicationId,'${part}')`,
      {
        token: management,
      },
    );
    expect(byApplicationId.body.data.map((a: { id: number }) => a.id)).toContain(ids[0]);
    const byId = await t.call('GET', `/api/onboarding/applications?$filter=id eq ${ids[0]}`, { token: management });
    expect(byId.body.data).toHaveLength(1);
    expect(byId.body.data[0]).toMatchObject({ investorType: 'PARTNERSHIP', entityName: 'Taylor & Lee Partners' });

    const today = await t.call(
      'GET',
      '/api/onboarding/applications?$filter=creationDate ge 2027-03-05 and creationDate le 2027-03-05&$count=true',
      { token: management },
    );
    expect(today.body.count).toBe(ids.length);
    const before = await t.call('GET', '/api/onboarding/applications?$filter=creationDate le 2027-03-04', {
      token: management,
    });
    expect(before.body.data).toEqual([]);
    const bad = await t.call('GET', '/api/onboarding/applications?pending=maybe', { token: management });
    expect(bad.status).toBe(400);
  });

  it('staff other than management cannot see applications', async () => {
    const support = await t.login(demo.support);
    expect((await t.call('GET', '/api/onboarding/applications', { token: support })).status).toBe(403);
  });
});

describe('review: approve and deny', () => {
  it('approves once: the investor is created, mailed a code that sets a password, and sees their account', async () => {
    const application = sample('INDIVIDUAL', 'approve');
    const submitted = await submit(partsOf(application));
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const id = await idOf(submitted.body.data.applicationId);

    const pending = await t.call('GET', '/api/onboarding/applications?pending=true&$count=true', { token: management });
    expect(pending.body.data.map((a: { id: number }) => a.id)).toContain(id);

    const notTicked = await t.call('POST', `/api/onboarding/applications/${id}/approve`, {
      token: management,
      body: { allPartiesApproved: false },
    });
    expect(notTicked.status).toBe(400);

    const approved = await t.call('POST', `/api/onboarding/applications/${id}/approve`, {
      token: management,
      body: { allPartiesApproved: true },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.userMessage).toBe(onboardingMessages.approved);
    const email = approved.body.data.username as string;
    expect(email).toBe('taylor.individual.approve@example.com');

    const again = await t.call('POST', `/api/onboarding/applications/${id}/approve`, {
      token: management,
      body: { allPartiesApproved: true },
    });
    expect(again.status).toBe(409);
    expect(again.body.userMessage).toBe(onboardingMessages.notPending);
    const denyAfter = await t.call('POST', `/api/onboarding/applications/${id}/deny`, { token: management, body: {} });
    expect(denyAfter.status).toBe(409);
    expect(denyAfter.body.userMessage).toBe(onboardingMessages.notPending);

    const stillPending = await t.call('GET', '/api/onboarding/applications?pending=true', { token: management });
    expect(stillPending.body.data.map((a: { id: number }) => a.id)).not.toContain(id);

    const audit = await t.ctx.db
      .selectFrom('auditLog')
      .select(['objectType', 'after'])
      .where('objectType', '=', 'onboardingApplication')
      .where('objectId', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => (typeof a.after === 'string' ? JSON.parse(a.after) : a.after).status)).toEqual([
      'PENDING',
      'APPROVED',
    ]);

    const mail = t.ctx.mailer.latestTo(email) ?? '';
    expect(mail).toContain(`Your username: ${email}`);
    const code = /Your code:\s+(\d{6})/.exec(mail)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const password = 'New-Passw0rd!';
    const confirmed = await t.call('POST', '/api/user/confirm-reset', {
      body: { username: email, password, confirmationCode: code },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const token = await t.login(email, password);
    const accounts = await t.call('GET', '/api/user/investmentAccounts', { token });
    expect(accounts.status, JSON.stringify(accounts.body)).toBe(200);
    expect(accounts.body.data).toHaveLength(1);
    const account = accounts.body.data[0];
    expect(account.id).toBe(approved.body.data.investmentAccountId);
    expect(account.name).toBe('Taylor Investor');
    expect(account.bpayBillerCode).toBe(lenderBpayBillerCode);
    expect(account.bpayReferenceNumber).toBe(bpayReference(account.id));
    expect(account.availableBalance).toBe(0);

    const detail = await t.call('GET', `/api/onboarding/applications/${id}`, { token: management });
    expect(detail.body.data.status).toBe('APPROVED');
    expect(detail.body.data.investorId).toBe(approved.body.data.investorId);

    // the investor record keeps the tax file number encrypted too, and staff see it masked
    const stored = await t.ctx.db
      .selectFrom('investors')
      .select('taxFileNumber')
      .where('id', '=', approved.body.data.investorId)
      .executeTakeFirstOrThrow();
    expect(stored.taxFileNumber).toMatch(/^tfn:v1:/);
    expect(stored.taxFileNumber?.replace(/\s/g, '')).not.toContain('123456782');
    const investor = await t.call('GET', `/api/investors/${approved.body.data.investorId}`, { token: management });
    expect(investor.status, JSON.stringify(investor.body)).toBe(200);
    expect(investor.body.data.taxFileNumber).toMatch(/^\*+782$/);
  });

  it('two approvals at once: one creates the investor, the other is refused', async () => {
    const submitted = await submit(partsOf(sample('SMSF_INDIVIDUAL', 'race')));
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const id = await idOf(submitted.body.data.applicationId);
    const approve = () =>
      t.call('POST', `/api/onboarding/applications/${id}/approve`, {
        token: management,
        body: { allPartiesApproved: true },
      });
    const answers = await Promise.all([approve(), approve()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const users = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'taylor.smsf_individual.race@example.com')
      .execute();
    expect(users).toHaveLength(1);
  });

  it('an applicant whose email already has a user cannot be approved twice over', async () => {
    const first = await submit(partsOf(sample('PARTNERSHIP', 'twice')));
    const second = await submit(partsOf(sample('PARTNERSHIP', 'twice')));
    const [a, b] = [await idOf(first.body.data.applicationId), await idOf(second.body.data.applicationId)];
    const approve = (id: number) =>
      t.call('POST', `/api/onboarding/applications/${id}/approve`, {
        token: management,
        body: { allPartiesApproved: true },
      });
    expect((await approve(a)).status).toBe(200);
    const refused = await approve(b);
    expect(refused.status).toBe(409);
    expect(refused.body.userMessage).toContain('taylor.partnership.twice@example.com already exists');
    const detail = await t.call('GET', `/api/onboarding/applications/${b}`, { token: management });
    expect(detail.body.data.status).toBe('PENDING');
  });

  it('denies once, and the applicant is told', async () => {
    const submitted = await submit(partsOf(sample('COMPANY', 'deny')));
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const id = await idOf(submitted.body.data.applicationId);
    const approvals = await t.call('GET', `/api/onboarding/applications/${id}/approvals`, { token: management });
    expect(approvals.body.data[0]).toMatchObject({
      status: 'PENDING',
      relationships: ['beneficialOwner', 'companyDirector'],
    });

    const denied = await t.call('POST', `/api/onboarding/applications/${id}/deny`, { token: management, body: {} });
    expect(denied.status, JSON.stringify(denied.body)).toBe(200);
    expect(denied.body.data.status).toBe('DENIED');
    const again = await t.call('POST', `/api/onboarding/applications/${id}/deny`, { token: management, body: {} });
    expect(again.status).toBe(409);
    const approveAfter = await t.call('POST', `/api/onboarding/applications/${id}/approve`, {
      token: management,
      body: { allPartiesApproved: true },
    });
    expect(approveAfter.status).toBe(409);
    const notice = t.ctx.mailer.latestTo('taylor.company.deny@example.com') ?? '';
    expect(notice).toContain('Subject: Your investor application');
    expect(notice).toContain('we are unable to');
    const after = await t.call('GET', `/api/onboarding/applications/${id}/approvals`, { token: management });
    expect(after.body.data[0].status).toBe('DENIED');
  });

  it('downloads a file with the content type of its checked kind and its original name encoded', async () => {
    const application = sample('INDIVIDUAL', 'download');
    application.documentsMetadata[0] = { key: 'driversLicence', fileName: 'Führerschein "neu".pdf' };
    const submitted = await submit(partsOf(application));
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const id = await idOf(submitted.body.data.applicationId);
    const files = await t.call('GET', `/api/onboarding/applications/${id}/files`, { token: management });
    const file = files.body.data[0];
    expect(file.document.name).toBe("Driver's licence");
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/onboarding/applications/${id}/files/${file.id}/download`,
      headers: { authorization: `Bearer ${management}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="F_hrerschein _neu_.pdf"; filename*=UTF-8''F%C3%BChrerschein%20%22neu%22.pdf`,
    );
    expect(download.body).toBe(samplePdfText);
    const missing = await t.call('GET', `/api/onboarding/applications/${id}/files/999999/download`, {
      token: management,
    });
    expect(missing.status).toBe(404);
  });
});
