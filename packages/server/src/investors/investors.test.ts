import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';
import { addGroupMember, depositAndReserve, insertAccount, insertGroup, insertInvestor } from './people.test-support';

let t: TestApp;
const token: Record<string, string> = {};
let ada: { userId: number; investorId: number };
let ben: { userId: number; investorId: number };
let staffUserId: number;
let adaAccounts: number[];
let groups: { viaAccount: number; viaMembership: number; unrelated: number };

beforeAll(async () => {
  t = await createTestApp();
  token.management = await t.login(demo.management);
  token.support = await t.login(demo.support);
  token.auditor = await t.login(demo.auditor);
  token.investor = await t.login(demo.investor);
  token.readOnly = await t.login(demo.readOnly);
  ada = await insertInvestor(
    t.ctx.db,
    { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
    { taxFileNumber: '123 456 782', investorType: 'COMPANY' },
  );
  ben = await insertInvestor(t.ctx.db, {
    email: 'ben@example.com',
    firstName: 'Ben',
    lastName: 'Ng',
    status: 'DISABLED',
  });
  groups = {
    viaAccount: await insertGroup(t.ctx.db, 'Via Account Group'),
    viaMembership: await insertGroup(t.ctx.db, 'Member Group'),
    unrelated: await insertGroup(t.ctx.db, 'Unrelated Group'),
  };
  const first = await insertAccount(t.ctx.db, 'Ada Main', {
    investorIds: [ada.investorId],
    groupId: groups.viaAccount,
  });
  const second = await insertAccount(t.ctx.db, 'Ada and Ben Joint', { investorIds: [ada.investorId, ben.investorId] });
  await insertAccount(t.ctx.db, 'Ben Only', { investorIds: [ben.investorId], groupId: groups.unrelated });
  adaAccounts = [first.id, second.id];
  await depositAndReserve(t.ctx.db, first.ledgerAccountId, 100_050n, 20_025n);
  await addGroupMember(t.ctx.db, groups.viaMembership, ada.investorId);
  staffUserId = (
    await t.ctx.db.selectFrom('users').select('id').where('email', '=', demo.support).executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

async function userRow(userId: number) {
  return t.ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
}

function codeFrom(mail: string | undefined): string {
  const match = /^\s+(\d{6})\s*$/m.exec(mail ?? '');
  if (!match?.[1]) throw new Error('no code in mail');
  return match[1];
}

describe('GET api/investors (list)', () => {
  it('answers investors with their user, newest first, to management, support and the auditor', async () => {
    for (const who of ['management', 'support', 'auditor']) {
      const res = await t.call('GET', '/api/investors?$count=true', { token: token[who] });
      expect(res.status, who).toBe(200);
      expect(res.body.count).toBe(4);
      const ids = res.body.data.map((row: { id: number }) => row.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(res.body.data[0]).toMatchObject({
        id: ben.investorId,
        user: { id: ben.userId, firstName: 'Ben', email: 'ben@example.com', type: 'INVESTOR' },
      });
    }
  });

  it('filters on nested user fields and shows the tax file number masked', async () => {
    const res = await t.call('GET', "/api/investors?$filter=contains(user/email,'ada@') and user/status eq 'ACTIVE'", {
      token: token.auditor,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ id: ada.investorId, taxFileNumber: '******782', investorType: 'COMPANY' });
    const sorted = await t.call('GET', '/api/investors?orderBy=user/lastName asc&top=2&select=id', {
      token: token.management,
    });
    expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
    // Investor (Ivy), Lovelace (Ada), Ng (Ben), Readonly (Reid)
    expect(sorted.body.data.map((row: { id: number }) => row.id)[1]).toBe(ada.investorId);
  });

  it("the tax file number and the user's secrets are not filter keys", async () => {
    const tfn = await t.call('GET', "/api/investors?$filter=taxFileNumber eq '123456782'", { token: token.management });
    expect(tfn.status).toBe(400);
    expect(tfn.body.code).toBe('INVALID_QUERY');
    expect(tfn.body.userMessage).toContain('taxFileNumber');
    const hash = await t.call('GET', "/api/investors?$filter=user/passwordHash ne ''", { token: token.management });
    expect(hash.status).toBe(400);
    expect(hash.body.userMessage).toContain('passwordHash');
  });

  it('is refused to investors', async () => {
    for (const who of ['investor', 'readOnly']) {
      expect((await t.call('GET', '/api/investors', { token: token[who] })).status, who).toBe(403);
    }
  });
});

describe("an investor's accounts and groups", () => {
  it('lists the accounts the investor holds with the ledger balances, id ascending', async () => {
    const res = await t.call('GET', `/api/investors/${ada.investorId}/investmentAccounts?$count=true`, {
      token: token.support,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.data.map((row: { id: number }) => row.id)).toEqual(adaAccounts);
    expect(res.body.data[0]).toMatchObject({
      name: 'Ada Main',
      type: 'INVESTOR_ACCOUNT',
      currentBalance: 1000.5,
      availableBalance: 800.25,
      investmentGroupId: groups.viaAccount,
      isForeign: false,
    });
    expect(res.body.data[1]).toMatchObject({ name: 'Ada and Ben Joint', currentBalance: 0, availableBalance: 0 });
  });

  it('lists the groups of the investor: through an account or as a member', async () => {
    const res = await t.call('GET', `/api/investors/${ada.investorId}/investmentGroups`, { token: token.management });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((row: { id: number }) => row.id)).toEqual([groups.viaMembership, groups.viaAccount]);
    expect(res.body.data[0]).toMatchObject({ name: 'Member Group', status: 'ACTIVE' });
  });

  it('an unknown investor is a 404; the auditor is refused', async () => {
    expect((await t.call('GET', '/api/investors/999999/investmentAccounts', { token: token.management })).status).toBe(
      404,
    );
    expect((await t.call('GET', '/api/investors/999999/investmentGroups', { token: token.management })).status).toBe(
      404,
    );
    for (const path of ['investmentAccounts', 'investmentGroups']) {
      const res = await t.call('GET', `/api/investors/${ada.investorId}/${path}`, { token: token.auditor });
      expect(res.status, path).toBe(403);
    }
  });
});

describe('GET api/investors/{id}', () => {
  it('answers the investor with its user; the tax file number shows its last three digits only', async () => {
    const res = await t.call('GET', `/api/investors/${ada.investorId}`, { token: token.support });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: ada.investorId,
      userId: ada.userId,
      investorType: 'COMPANY',
      accreditedDate: '2024-07-01',
      addressState: 'NSW',
      taxFileNumber: '******782',
      user: {
        id: ada.userId,
        type: 'INVESTOR',
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        mobileNumber1: '0400 111 222',
        status: 'ACTIVE',
      },
    });
    expect(typeof res.body.data.createdAt).toBe('string');
    expect(res.body.data.user).not.toHaveProperty('passwordHash');
  });

  it('an unknown investor is a 404', async () => {
    const res = await t.call('GET', '/api/investors/999999', { token: token.management });
    expect(res.status).toBe(404);
    expect(res.body.userMessage).toBe('Investor not found.');
  });

  it('the detail is refused to the auditor and to investors', async () => {
    for (const who of ['auditor', 'investor', 'readOnly']) {
      const res = await t.call('GET', `/api/investors/${ada.investorId}`, { token: token[who] });
      expect(res.status, who).toBe(403);
    }
  });
});

describe('GET api/investors/statistics', () => {
  it('counts investors by status by default (the dashboard tile reads ACTIVE)', async () => {
    const res = await t.call('GET', '/api/investors/statistics', { token: token.auditor });
    expect(res.status).toBe(200);
    // the two demo investors and Ada are active, Ben is disabled
    expect(res.body.data).toEqual([
      { key: { status: 'ACTIVE' }, status: 'ACTIVE', count: 3 },
      { key: { status: 'DISABLED' }, status: 'DISABLED', count: 1 },
    ]);
  });

  it('groups by several fields', async () => {
    const res = await t.call('GET', '/api/investors/statistics?groupBy=investorType,status', {
      token: token.management,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { key: { investorType: 'COMPANY', status: 'ACTIVE' }, investorType: 'COMPANY', status: 'ACTIVE', count: 1 },
      {
        key: { investorType: 'INDIVIDUAL', status: 'ACTIVE' },
        investorType: 'INDIVIDUAL',
        status: 'ACTIVE',
        count: 2,
      },
      {
        key: { investorType: 'INDIVIDUAL', status: 'DISABLED' },
        investorType: 'INDIVIDUAL',
        status: 'DISABLED',
        count: 1,
      },
    ]);
  });

  it('an unknown grouping is a 400 that names it', async () => {
    const res = await t.call('GET', '/api/investors/statistics?groupBy=passwordHash', { token: token.management });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.userMessage).toContain('groupBy');
  });

  it('is refused to investors', async () => {
    const res = await t.call('GET', '/api/investors/statistics', { token: token.investor });
    expect(res.status).toBe(403);
  });
});

describe('PUT api/users/{id} (Edit Investor)', () => {
  it('management changes names, mobile numbers, contact number and notes, with an audit of before and after', async () => {
    const res = await t.call('PUT', `/api/users/${ada.userId}`, {
      token: token.management,
      body: {
        id: ada.userId,
        firstName: ' Augusta ',
        middleName: 'Ada',
        lastName: 'King',
        mobileNumber1: '+61 400 999 888',
        mobileNumber2: '0411 222 333',
        homePhone: '(02) 9999 0000',
        notes: 'Prefers email.\nCall after 3pm.',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.userMessage).toBe('Investor was successfully edited');
    expect(res.body.data).toMatchObject({ id: ada.userId, firstName: 'Augusta', lastName: 'King' });

    const detail = await t.call('GET', `/api/investors/${ada.investorId}`, { token: token.management });
    expect(detail.body.data.user).toMatchObject({
      firstName: 'Augusta',
      middleName: 'Ada',
      lastName: 'King',
      mobileNumber1: '+61 400 999 888',
      mobileNumber2: '0411 222 333',
      homePhone: '(02) 9999 0000',
      notes: 'Prefers email.\nCall after 3pm.',
      email: 'ada@example.com',
      type: 'INVESTOR',
    });

    const audit = await t.ctx.db
      .selectFrom('auditLog')
      .selectAll()
      .where('objectType', '=', 'user')
      .where('objectId', '=', String(ada.userId))
      .where('route', '=', '/api/users/:id')
      .execute();
    expect(audit).toHaveLength(1);
    const [record] = audit;
    expect(record?.method).toBe('PUT');
    expect(record?.before).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', notes: null });
    expect(record?.after).toMatchObject({
      firstName: 'Augusta',
      lastName: 'King',
      notes: 'Prefers email.\nCall after 3pm.',
    });
  });

  it('support may edit too; only the sent fields change and an emptied optional field becomes null', async () => {
    const res = await t.call('PUT', `/api/users/${ada.userId}`, {
      token: token.support,
      body: { mobileNumber2: '', notes: 'Moved to Hobart.' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await userRow(ada.userId);
    expect(row.mobileNumber2).toBeNull();
    expect(row.notes).toBe('Moved to Hobart.');
    expect(row.firstName).toBe('Augusta');
  });

  it('a change of role is refused with a clear message and nothing is stored', async () => {
    const before = await userRow(ben.userId);
    const res = await t.call('PUT', `/api/users/${ben.userId}`, {
      token: token.management,
      body: { firstName: 'Benjamin', type: 'MANAGEMENT' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, code: 'RULE_REFUSED' });
    expect(res.body.userMessage).toBe('The role of a user cannot be changed here.');
    expect(await userRow(ben.userId)).toEqual(before);
  });

  it('a change of email is refused with a clear message and nothing is stored', async () => {
    const before = await userRow(ben.userId);
    const res = await t.call('PUT', `/api/users/${ben.userId}`, {
      token: token.support,
      body: { lastName: 'Other', email: 'someone-else@example.com' },
    });
    expect(res.status).toBe(422);
    expect(res.body.userMessage).toBe('The email address of a user cannot be changed here.');
    expect(await userRow(ben.userId)).toEqual(before);
  });

  it('the unchanged role and email may travel with the edit', async () => {
    const res = await t.call('PUT', `/api/users/${ben.userId}`, {
      token: token.management,
      body: { id: ben.userId, type: 'INVESTOR', email: 'BEN@example.com', firstName: 'Benjamin' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await userRow(ben.userId)).firstName).toBe('Benjamin');
  });

  it('any other field, or a different id, is refused naming it', async () => {
    const before = await userRow(ben.userId);
    const status = await t.call('PUT', `/api/users/${ben.userId}`, {
      token: token.management,
      body: { firstName: 'X', status: 'ACTIVE', passwordHash: 'x' },
    });
    expect(status.status).toBe(400);
    expect(status.body.userMessage).toContain('These fields cannot be changed here: status, passwordHash');
    const id = await t.call('PUT', `/api/users/${ben.userId}`, {
      token: token.management,
      body: { id: ada.userId, firstName: 'X' },
    });
    expect(id.status).toBe(400);
    expect(id.body.userMessage).toBe('The id of a user is read-only.');
    expect(await userRow(ben.userId)).toEqual(before);
  });

  it('checks the fields with clear messages', async () => {
    const res = await t.call('PUT', `/api/users/${ben.userId}`, {
      token: token.management,
      body: { firstName: '  ', lastName: '', mobileNumber1: 'call me', notes: 'x'.repeat(4001) },
    });
    expect(res.status).toBe(400);
    const messages = Object.fromEntries(
      res.body.details.map((d: { field: string; message: string }) => [d.field, d.message]),
    );
    expect(messages).toEqual({
      firstName: 'Please input a first name',
      lastName: 'Please input a last name',
      mobileNumber1: 'Please input a valid phone number',
      notes: 'Please input at most 4000 characters',
    });
  });

  it('a staff member is not an investor: not found here', async () => {
    const res = await t.call('PUT', `/api/users/${staffUserId}`, {
      token: token.management,
      body: { firstName: 'Sneaky' },
    });
    expect(res.status).toBe(404);
    expect((await userRow(staffUserId)).firstName).toBe('Sam');
  });

  it('the auditor and investors are refused on the server and nothing changes', async () => {
    const before = await userRow(ben.userId);
    for (const who of ['auditor', 'investor', 'readOnly']) {
      const res = await t.call('PUT', `/api/users/${ben.userId}`, {
        token: token[who],
        body: { firstName: 'Hacked', notes: 'by someone' },
      });
      expect(res.status, who).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect(await userRow(ben.userId)).toEqual(before);
  });
});

describe('reset-password and verification mails sent by staff', () => {
  it('support sends the investor a reset code that confirm-reset accepts; the investor logs in with the new password', async () => {
    const sent = await t.call('POST', '/api/user/reset', {
      token: token.support,
      body: { username: 'ada@example.com' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.userMessage).toBe('Verification code sent');
    const mail = t.ctx.mailer.latestTo('ada@example.com');
    expect(mail).toContain('Your password reset code');
    const confirmed = await t.call('POST', '/api/user/confirm-reset', {
      body: { username: 'ada@example.com', password: 'Ada-Passw0rd!', confirmationCode: codeFrom(mail) },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    await t.login('ada@example.com', 'Ada-Passw0rd!');
    const audit = await t.ctx.db
      .selectFrom('auditLog')
      .select(['actorUserId', 'after'])
      .where('route', '=', '/api/user/reset')
      .where('objectId', '=', String(ada.userId))
      .executeTakeFirstOrThrow();
    expect(audit.actorUserId).toBe(staffUserId);
  });

  it('management sends the verification mail; its code is accepted the same way', async () => {
    const sent = await t.call('POST', '/api/auth/register/resend-user-confirmation', {
      token: token.management,
      body: { username: 'ben@example.com' },
    });
    expect(sent.status).toBe(200);
    const mail = t.ctx.mailer.latestTo('ben@example.com');
    expect(mail).toContain('Verify your email address');
    const confirmed = await t.call('POST', '/api/user/confirm-reset', {
      body: { username: 'ben@example.com', password: 'Ben-Passw0rd!1', confirmationCode: codeFrom(mail) },
    });
    expect(confirmed.status).toBe(200);
  });
});

describe('strict input', () => {
  it('a NUL in any text field of Edit Investor is a 400 naming it, and nothing is stored', async () => {
    const before = await userRow(ben.userId);
    for (const field of [
      'firstName',
      'middleName',
      'lastName',
      'mobileNumber1',
      'homePhone',
      'notes',
      'email',
      'type',
    ]) {
      const res = await t.call('PUT', `/api/users/${ben.userId}`, {
        token: token.management,
        body: { [field]: 'bad\u0000value' },
      });
      expect(res.status, field).toBe(400);
      expect(
        res.body.details.map((d: { field: string }) => d.field),
        field,
      ).toContain(field);
    }
    expect(await userRow(ben.userId)).toEqual(before);
  });

  it('ids are not coerced: a text id in the body or a malformed path id is a 400', async () => {
    const textId = await t.call('PUT', `/api/users/${ben.userId}`, {
      token: token.management,
      body: { id: String(ben.userId), firstName: 'X' },
    });
    expect(textId.status).toBe(400);
    for (const path of ['/api/investors/abc', '/api/investors/1.5/investmentAccounts', '/api/users/0']) {
      expect((await t.call('GET', path, { token: token.management })).status, path).toBe(400);
    }
  });
});
