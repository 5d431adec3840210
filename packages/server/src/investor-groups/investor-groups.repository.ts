import type { InvestorGroupView } from '@lm/domain';

export const investorGroupColumns = [
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

export function toInvestorGroupView(row: InvestorGroupRow): InvestorGroupView {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
