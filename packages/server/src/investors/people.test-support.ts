import { createLedgerAccount, postEntry, systemAccountId } from '../ledger';
import type { Db, Executor } from '../platform/db/database';

/**
 * Rows for the people tests, written straight into the test's own database (the demo book's
 * investors and groups are the money seed's; these tests make their own).
 */
export async function insertInvestor(
  db: Executor,
  user: { email: string; firstName: string; lastName: string; status?: string; type?: string },
  investor: { investorType?: string; taxFileNumber?: string | null } = {},
): Promise<{ userId: number; investorId: number }> {
  const u = await db
    .insertInto('users')
    .values({ type: 'INVESTOR', status: 'ACTIVE', mobileNumber1: '0400 111 222', ...user })
    .returning('id')
    .executeTakeFirstOrThrow();
  const i = await db
    .insertInto('investors')
    .values({
      userId: u.id,
      investorType: investor.investorType ?? 'INDIVIDUAL',
      taxFileNumber: investor.taxFileNumber ?? null,
      addressState: 'NSW',
      accreditedDate: '2024-07-01',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId: u.id, investorId: i.id };
}

export async function insertGroup(db: Executor, name: string, fields: { notes?: string; abn?: string } = {}) {
  const g = await db
    .insertInto('investmentGroups')
    .values({ name, entityType: 'COMPANY', type: 'FAMILY_OFFICE', ...fields })
    .returning('id')
    .executeTakeFirstOrThrow();
  return g.id;
}

export async function insertAccount(
  db: Executor,
  name: string,
  links: { investorIds: number[]; groupId?: number | null },
): Promise<{ id: number; ledgerAccountId: number }> {
  const ledgerAccountId = await createLedgerAccount(db, 'INVESTOR_CASH', name);
  const a = await db
    .insertInto('investmentAccounts')
    .values({ name, ledgerAccountId, investmentGroupId: links.groupId ?? null, bpayBillerCode: '123456' })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const investorId of links.investorIds) {
    await db.insertInto('investmentAccountInvestors').values({ investmentAccountId: a.id, investorId }).execute();
  }
  return { id: a.id, ledgerAccountId };
}

/** A finalised deposit into an account and a pending debit out of it (a lodged withdrawal), through the ledger. */
export async function depositAndReserve(db: Db, ledgerAccountId: number, depositCents: bigint, pendingCents: bigint) {
  await db.transaction().execute(async (trx) => {
    const trust = await systemAccountId(trx, 'TRUST_BANK');
    const now = new Date();
    await postEntry(
      trx,
      {
        kind: 'DEPOSIT',
        postings: [
          { ledgerAccountId: trust, amountCents: -depositCents },
          { ledgerAccountId, amountCents: depositCents },
        ],
      },
      now,
    );
    await postEntry(
      trx,
      {
        kind: 'WITHDRAWAL',
        pending: true,
        postings: [
          { ledgerAccountId, amountCents: -pendingCents },
          { ledgerAccountId: trust, amountCents: pendingCents },
        ],
      },
      now,
    );
  });
}

export async function addGroupMember(db: Executor, groupId: number, investorId: number) {
  await db.insertInto('investmentGroupInvestors').values({ investmentGroupId: groupId, investorId }).execute();
}
