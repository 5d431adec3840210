import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGroupMember, insertAccount, insertGroup, insertInvestor } from '../investors/people.test-support';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

let t: TestApp;
const token: Record<string, string> = {};
let groupId: number;
let otherGroupId: number;
let members: { byAccount: number; byMembership: number; outsider: number };
let groupAccountIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  token.management = await t.login(demo.management);
  token.support = await t.login(demo.support);
  token.auditor = await t.login(demo.auditor);
  token.investor = await t.login(demo.investor);
  token.readOnly = await t.login(demo.readOnly);
  groupId = await insertGroup(t.ctx.db, 'Harbour Family Office', { abn: '51 824 753 556' });
  otherGroupId = await insertGroup(t.ctx.db, 'Second Group');
  const a = await insertInvestor(t.ctx.db, { email: 'a@example.com', firstName: 'Ann', lastName: 'Account' });
  const m = await insertInvestor(t.ctx.db, { email: 'm@example.com', firstName: 'Max', lastName: 'Member' });
  const o = await insertInvestor(t.ctx.db, { email: 'o@example.com', firstName: 'Oli', lastName: 'Outsider' });
  members = { byAccount: a.investorId, byMembership: m.investorId, outsider: o.investorId };
  const first = await insertAccount(t.ctx.db, 'Harbour One', { investorIds: [a.investorId], groupId });
  const second = await insertAccount(t.ctx.db, 'Harbour Two', { investorIds: [], groupId });
  await insertAccount(t.ctx.db, 'Elsewhere', { investorIds: [o.investorId], groupId: otherGroupId });
  groupAccountIds = [first.id, second.id];
  await addGroupMember(t.ctx.db, groupId, m.investorId);
});
afterAll(() => t.close());

async function groupRow(id: number) {
  return t.ctx.db.selectFrom('investmentGroups').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('GET api/investmentGroups (list)', () => {
  it('answers the groups newest first, filtered by the list query', async () => {
    const all = await t.call('GET', '/api/investmentGroups?$count=true', { token: token.support });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.count).toBe(2);
    expect(all.body.data.map((row: { id: number }) => row.id)).toEqual([otherGroupId, groupId]);
    const some = await t.call('GET', "/api/investmentGroups?$filter=startswith(name,'Harbour')&$select=id,name", {
      token: token.management,
    });
    expect(some.body.data).toEqual([{ id: groupId, name: 'Harbour Family Office' }]);
  });

  it('refuses an unknown field naming it, and refuses the auditor and investors', async () => {
    const bad = await t.call('GET', "/api/investmentGroups?$filter=owner eq 'x'", { token: token.management });
    expect(bad.status).toBe(400);
    expect(bad.body.userMessage).toContain('owner');
    for (const who of ['auditor', 'investor', 'readOnly']) {
      expect((await t.call('GET', '/api/investmentGroups', { token: token[who] })).status, who).toBe(403);
    }
  });
});

describe('Group Accounts and Group Investors', () => {
  it("lists the group's accounts, id ascending", async () => {
    const res = await t.call('GET', `/api/investmentGroups/${groupId}/investmentAccounts`, { token: token.support });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((row: { id: number }) => row.id)).toEqual(groupAccountIds);
    expect(res.body.data[0]).toMatchObject({ name: 'Harbour One', investmentGroupId: groupId, currentBalance: 0 });
  });

  it("lists the group's investors with their user: account holders and members, not outsiders", async () => {
    const res = await t.call('GET', `/api/investmentGroups/${groupId}/investors?$expand=user`, {
      token: token.management,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((row: { id: number }) => row.id)).toEqual([members.byMembership, members.byAccount]);
    expect(res.body.data[0].user).toMatchObject({ firstName: 'Max', lastName: 'Member', email: 'm@example.com' });
    const other = await t.call('GET', `/api/investmentGroups/${otherGroupId}/investors`, { token: token.support });
    expect(other.body.data.map((row: { id: number }) => row.id)).toEqual([members.outsider]);
  });

  it('an unknown group is a 404; the auditor is refused', async () => {
    for (const path of ['investmentAccounts', 'investors']) {
      const missing = await t.call('GET', `/api/investmentGroups/999999/${path}`, { token: token.management });
      expect(missing.status, path).toBe(404);
      const auditor = await t.call('GET', `/api/investmentGroups/${groupId}/${path}`, { token: token.auditor });
      expect(auditor.status, path).toBe(403);
    }
  });
});

describe('GET api/investmentGroups/{id}', () => {
  it('answers the group', async () => {
    const res = await t.call('GET', `/api/investmentGroups/${groupId}`, { token: token.support });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: groupId,
      name: 'Harbour Family Office',
      abn: '51 824 753 556',
      acn: null,
      email: null,
      status: 'ACTIVE',
      entityType: 'COMPANY',
      type: 'FAMILY_OFFICE',
      notes: null,
    });
  });

  it('an unknown group is a 404; the auditor and investors are refused', async () => {
    expect((await t.call('GET', '/api/investmentGroups/999999', { token: token.management })).status).toBe(404);
    for (const who of ['auditor', 'investor', 'readOnly']) {
      expect((await t.call('GET', `/api/investmentGroups/${groupId}`, { token: token[who] })).status, who).toBe(403);
    }
  });
});

describe('PUT api/investmentGroups/{id} (Edit Investor Group)', () => {
  it('management changes the sent fields with an audit of before and after', async () => {
    const res = await t.call('PUT', `/api/investmentGroups/${groupId}`, {
      token: token.management,
      body: {
        id: groupId,
        name: 'Harbour Family Office Pty Ltd',
        email: 'Office@Harbour.example',
        notes: 'Two trustees.\nQuarterly statements.',
        status: 'INACTIVE',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.userMessage).toBe('Investor Group was successfully edited');
    const detail = await t.call('GET', `/api/investmentGroups/${groupId}`, { token: token.management });
    expect(detail.body.data).toMatchObject({
      id: groupId,
      name: 'Harbour Family Office Pty Ltd',
      email: 'office@harbour.example',
      notes: 'Two trustees.\nQuarterly statements.',
      status: 'INACTIVE',
      abn: '51 824 753 556',
      entityType: 'COMPANY',
    });
    const audit = await t.ctx.db
      .selectFrom('auditLog')
      .selectAll()
      .where('objectType', '=', 'investmentGroup')
      .where('objectId', '=', String(groupId))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.route).toBe('/api/investmentGroups/:id');
    expect(audit[0]?.before).toMatchObject({ name: 'Harbour Family Office', status: 'ACTIVE', notes: null });
    expect(audit[0]?.after).toMatchObject({ name: 'Harbour Family Office Pty Ltd', status: 'INACTIVE' });
  });

  it('support may edit groups too', async () => {
    const res = await t.call('PUT', `/api/investmentGroups/${groupId}`, {
      token: token.support,
      body: { acn: '004 085 616', status: 'ACTIVE' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await groupRow(groupId)).acn).toBe('004 085 616');
  });

  it('the id is read-only: a different id in the body is refused and nothing is stored', async () => {
    const before = await groupRow(groupId);
    const res = await t.call('PUT', `/api/investmentGroups/${groupId}`, {
      token: token.management,
      body: { id: otherGroupId, name: 'Renamed' },
    });
    expect(res.status).toBe(400);
    expect(res.body.userMessage).toBe('The id of an investor group is read-only.');
    expect(await groupRow(groupId)).toEqual(before);
    expect((await groupRow(otherGroupId)).name).toBe('Second Group');
  });

  it('checks the fields with clear messages; unknown fields are named', async () => {
    const res = await t.call('PUT', `/api/investmentGroups/${groupId}`, {
      token: token.management,
      body: { name: ' ', email: 'not-an-email', status: 'GONE' },
    });
    expect(res.status).toBe(400);
    const fields = res.body.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(['name', 'email', 'status']);
    expect(res.body.details[0].message).toBe('Please input a name');
    expect(res.body.details[1].message).toBe('Please input a valid email address.');
    const unknown = await t.call('PUT', `/api/investmentGroups/${groupId}`, {
      token: token.management,
      body: { createdAt: '2020-01-01T00:00:00Z' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.userMessage).toContain('These fields cannot be changed here: createdAt');
  });

  it('an unknown group is a 404', async () => {
    const res = await t.call('PUT', '/api/investmentGroups/999999', { token: token.management, body: { name: 'X' } });
    expect(res.status).toBe(404);
  });

  it('the auditor and investors are refused on the server and nothing changes', async () => {
    const before = await groupRow(otherGroupId);
    for (const who of ['auditor', 'investor', 'readOnly']) {
      const res = await t.call('PUT', `/api/investmentGroups/${otherGroupId}`, {
        token: token[who],
        body: { name: 'Hacked', notes: 'by someone' },
      });
      expect(res.status, who).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect(await groupRow(otherGroupId)).toEqual(before);
  });
});

describe('strict input', () => {
  it('a control character in any text field of the edit is a 400 naming it, and nothing is stored', async () => {
    const before = await groupRow(groupId);
    for (const field of ['name', 'acn', 'abn', 'email', 'entityType', 'type', 'notes']) {
      const res = await t.call('PUT', `/api/investmentGroups/${groupId}`, {
        token: token.management,
        body: { [field]: `bad\u0000value` },
      });
      expect(res.status, field).toBe(400);
      expect(
        res.body.details.map((d: { field: string }) => d.field),
        field,
      ).toContain(field);
    }
    expect(await groupRow(groupId)).toEqual(before);
  });

  it('ids are not coerced: a text id in the body or a malformed path id is a 400', async () => {
    const textId = await t.call('PUT', `/api/investmentGroups/${groupId}`, {
      token: token.management,
      body: { id: String(groupId), name: 'X' },
    });
    expect(textId.status).toBe(400);
    for (const path of ['/api/investmentGroups/1e2', '/api/investmentGroups/0', '/api/investmentGroups/-3/investors']) {
      expect((await t.call('GET', path, { token: token.management })).status, path).toBe(400);
    }
  });
});
