import {
  badRequest,
  type EditInvestorGroupBody,
  type InvestorGroupView,
  investorGroupEditableFields,
  notFound,
  peopleMessages,
} from '@lm/domain';
import { pickDefined } from '../investors';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import { investorGroupColumns, toInvestorGroupView } from './investor-groups.repository';

/**
 * Edit Investor Group (PUT api/investmentGroups/{id}): the changed fields and the id, which is
 * read-only (a different id in the body is refused). The change and its audit record (before and
 * after) are one transaction.
 */
export async function editInvestorGroup(
  ctx: AppContext,
  groupId: number,
  body: EditInvestorGroupBody,
  audit: AuditContext,
): Promise<InvestorGroupView> {
  if (body.id !== undefined && body.id !== groupId) throw badRequest(peopleMessages.groupIdReadOnly);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('investmentGroups')
      .select(investorGroupColumns)
      .where('id', '=', groupId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound(peopleMessages.investorGroupNotFound);

    const changes = pickDefined(body, investorGroupEditableFields);
    if (Object.keys(changes).length === 0) return toInvestorGroupView(before);

    const after = await trx
      .updateTable('investmentGroups')
      .set({ ...changes, updatedAt: ctx.clock.now() })
      .where('id', '=', groupId)
      .returning(investorGroupColumns)
      .executeTakeFirstOrThrow();
    await audit.record(trx, {
      objectType: 'investmentGroup',
      objectId: groupId,
      before: toInvestorGroupView(before),
      after: toInvestorGroupView(after),
    });
    return toInvestorGroupView(after);
  });
}
