import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demo, type TestApp } from '../../test-support/test-app';
import { openDatabase } from '../db/database';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('HTTP platform', () => {
  it('health answers without a token', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(await res.json()).toEqual({
      success: true,
      data: { status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
    });
  });

  it('666 travels over real HTTP', async () => {
    const res = await fetch(`${base}/api/user/details`, { headers: { authorization: 'Bearer x.y.z' } });
    expect(res.status).toBe(666);
    expect(await res.json()).toMatchObject({
      success: false,
      userMessage: 'Token tampered with',
      code: 'TOKEN_TAMPERED',
    });
  });

  it('an unknown api path is a 404 envelope', async () => {
    const res = await fetch(`${base}/api/no/such/thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('a body that fails its schema is a 400 naming each field', async () => {
    const res = await t.call('POST', '/api/auth/login', { body: { email: 5 } });
    expect(res.status).toBe(400);
    const fields = res.body.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('a body over 1 MB is refused', async () => {
    const token = await t.login(demo.management);
    const res = await fetch(`${base}/api/user/update`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ oldPassword: 'x'.repeat(1_100_000), newPassword: 'y' }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded database', () => {
  it('a second server on the same data directory is refused with a clear message', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-lock-'));
    const first = await openDatabase({ pgliteDir: path.join(dir, 'pgdata'), lockDir: dir, migrate: false });
    await expect(openDatabase({ pgliteDir: path.join(dir, 'pgdata'), lockDir: dir, migrate: false })).rejects.toThrow(
      /already using the data directory/,
    );
    await first.close();
    const again = await openDatabase({ pgliteDir: path.join(dir, 'pgdata'), lockDir: dir, migrate: false });
    await again.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000); // creates a new database on disk: slow on a busy machine

  it('transactions never interleave: a concurrent write waits for the transaction', async () => {
    const db = t.ctx.db;
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const tx = db.transaction().execute(async (trx) => {
      await trx.insertInto('clients').values({ name: 'in transaction' }).execute();
      order.push('tx-insert');
      await gate;
      order.push('tx-end');
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = db
      .insertInto('clients')
      .values({ name: 'outside' })
      .execute()
      .then(() => order.push('outside'));
    await new Promise((r) => setTimeout(r, 50));
    release();
    await Promise.all([tx, outside]);
    expect(order).toEqual(['tx-insert', 'tx-end', 'outside']);
  });
});
