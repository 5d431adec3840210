import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoanViaApi, smallLoanBody } from '../investments/investing.test-support';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(demo.management);
});
afterAll(() => t.close());

describe('clients', () => {
  it('creates, reads, lists and edits a client', async () => {
    const created = await t.call('POST', '/api/clients', { token: admin, body: { name: '  Acme Tools Pty Ltd ' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ id, name: 'Acme Tools Pty Ltd' });
    const wrapped = await t.call('POST', '/api/clients', { token: admin, body: { client: { name: 'Beta Bakers' } } });
    expect(wrapped.body.data.name).toBe('Beta Bakers');

    const one = await t.call('GET', `/api/clients/${id}`, { token: await t.login(demo.support) });
    expect(one.body.data).toMatchObject({ id, name: 'Acme Tools Pty Ltd' });

    const list = await t.call('GET', "/api/clients?$filter=contains(name,'Acme')&$count=true", { token: admin });
    expect(list.body.count).toBe(1);
    expect(list.body.data[0]).toMatchObject({ id, name: 'Acme Tools Pty Ltd', loanCount: 0 });
    const ordered = await t.call('GET', '/api/clients', { token: admin });
    const ids = ordered.body.data.map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const edited = await t.call('PUT', `/api/clients/${id}`, { token: admin, body: { id, name: 'Acme Tools Ltd' } });
    expect(edited.status).toBe(200);
    expect(edited.body.data.name).toBe('Acme Tools Ltd');
    const audit = await t.ctx.db
      .selectFrom('auditLog')
      .select(['before', 'after'])
      .where('objectType', '=', 'client')
      .where('objectId', '=', String(id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.before).toEqual({ name: 'Acme Tools Pty Ltd' });
  });

  it('refuses empty names with the messages of investor-and-admin §5', async () => {
    const create = await t.call('POST', '/api/clients', { token: admin, body: { name: '   ' } });
    expect(create.status).toBe(400);
    expect(create.body.userMessage).toBe('Please input a non-empty value');
    const missing = await t.call('POST', '/api/clients', { token: admin, body: {} });
    expect(missing.body.userMessage).toBe('Please input a non-empty value');
    const created = await t.call('POST', '/api/clients', { token: admin, body: { name: 'Gamma' } });
    const edit = await t.call('PUT', `/api/clients/${created.body.data.id}`, { token: admin, body: { name: '' } });
    expect(edit.status).toBe(400);
    expect(edit.body.userMessage).toBe('Please input a name');
    expect((await t.call('GET', '/api/clients/999999', { token: admin })).status).toBe(404);
  });

  it('refuses control characters and over-long names as bad input naming the field (was a 500)', async () => {
    for (const name of ['Acme\u0000Tools', '\u001b[31mRed', 'x'.repeat(201)]) {
      const created = await t.call('POST', '/api/clients', { token: admin, body: { name } });
      expect(created.status, JSON.stringify(created.body)).toBe(400);
      expect(created.body.details.map((d: { field: string }) => d.field)).toContain('name');
      const wrapped = await t.call('POST', '/api/clients', { token: admin, body: { client: { name } } });
      expect(wrapped.status).toBe(400);
      expect(wrapped.body.details.map((d: { field: string }) => d.field)).toContain('client.name');
    }
    const nul = await t.call('POST', '/api/clients', { token: admin, body: { name: 'a\u0000b' } });
    expect(nul.body.userMessage).toBe('The text contains characters that are not allowed');
    const created = await t.call('POST', '/api/clients', { token: admin, body: { name: 'Delta Pty Ltd' } });
    const id = created.body.data.id;
    const edit = await t.call('PUT', `/api/clients/${id}`, { token: admin, body: { id, name: 'Delta\u0000' } });
    expect(edit.status).toBe(400);
    expect(edit.body.details.map((d: { field: string }) => d.field)).toContain('name');
    const textId = await t.call('PUT', `/api/clients/${id}`, { token: admin, body: { id: String(id), name: 'Delta' } });
    expect(textId.status).toBe(400);
    expect((await t.call('GET', '/api/clients/1e3', { token: admin })).status).toBe(400);
    expect((await t.call('GET', `/api/clients/${id}`, { token: admin })).body.data.name).toBe('Delta Pty Ltd');
  });

  it("lists a client's loans through GET api/loans?$filter=clientId eq {id}", async () => {
    const loanId = await createLoanViaApi(t, admin, smallLoanBody(1000));
    const loan = await t.call('GET', `/api/loans?$filter=id eq ${loanId}`, { token: admin });
    const clientId = loan.body.data[0].clientId;
    const loans = await t.call(
      'GET',
      `/api/loans?$filter=clientId eq ${clientId}&$select=id,thirdPartyId,name,baseInterestRate,amount,fundedAmount,status,subStatus,marketplaceExpiryDate`,
      { token: admin },
    );
    expect(loans.body.data.map((l: { id: number }) => l.id)).toContain(loanId);
    expect(Object.keys(loans.body.data[0]).sort()).toEqual([
      'amount',
      'baseInterestRate',
      'fundedAmount',
      'id',
      'marketplaceExpiryDate',
      'name',
      'status',
      'subStatus',
      'thirdPartyId',
    ]);
    const client = await t.call('GET', `/api/clients?$filter=id eq ${clientId}`, { token: admin });
    expect(client.body.data[0].loanCount).toBeGreaterThanOrEqual(1);
  });

  it('is changed by management only', async () => {
    const support = await t.login(demo.support);
    expect((await t.call('POST', '/api/clients', { token: support, body: { name: 'x' } })).status).toBe(403);
    expect((await t.call('GET', '/api/clients', { token: await t.login(demo.investor) })).status).toBe(403);
  });
});
