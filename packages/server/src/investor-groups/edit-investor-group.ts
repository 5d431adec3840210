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
import { lockInvestorGroup, updateInvestorGroup } from './investor-groups.repository';

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
    const before = await lockInvestorGroup(trx, groupId);
    if (!before) throw notFound(peopleMessages.investorGroupNotFound);

    const changes = pickDefined(body, investorGroupEditableFields);
    if (Object.keys(changes).length === 0) return before;

    const after = await updateInvestorGroup(trx, groupId, changes, ctx.clock.now());
    await audit.record(trx, { objectType: 'investmentGroup', objectId: groupId, before, after });
    return after;
  });
}
