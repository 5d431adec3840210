import type { InvestorGroupView } from '@lm/domain';
import type { Executor } from '../platform/db/database';

const investorGroupColumns = [
  'id',
  'name',
  'acn',
  'abn',
  'email',
  'status',
  'entityType',
  'type',
  'notes',
  'createdAt',
  'updatedAt',
] as const;

interface InvestorGroupRow extends Omit<InvestorGroupView, 'createdAt' | 'updatedAt'> {
  createdAt: Date;
  updatedAt: Date;
}

function toInvestorGroupView(row: InvestorGroupRow): InvestorGroupView {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export async function findInvestorGroup(db: Executor, groupId: number): Promise<InvestorGroupView | undefined> {
  const row = await db
    .selectFrom('investmentGroups')
    .select(investorGroupColumns)
    .where('id', '=', groupId)
    .executeTakeFirst();
  return row && toInvestorGroupView(row);
}

/** A group as the edit reads it before changing it, locked. */
export async function lockInvestorGroup(db: Executor, groupId: number): Promise<InvestorGroupView | undefined> {
  const row = await db
    .selectFrom('investmentGroups')
    .select(investorGroupColumns)
    .where('id', '=', groupId)
    .forUpdate()
    .executeTakeFirst();
  return row && toInvestorGroupView(row);
}

export interface InvestorGroupChanges {
  name?: string;
  acn?: string | null;
  abn?: string | null;
  email?: string | null;
  status?: string;
  entityType?: string | null;
  type?: string | null;
  notes?: string | null;
}

export async function updateInvestorGroup(
  db: Executor,
  groupId: number,
  changes: InvestorGroupChanges,
  now: Date,
): Promise<InvestorGroupView> {
  const row = await db
    .updateTable('investmentGroups')
    .set({ ...changes, updatedAt: now })
    .where('id', '=', groupId)
    .returning(investorGroupColumns)
    .executeTakeFirstOrThrow();
  return toInvestorGroupView(row);
}
