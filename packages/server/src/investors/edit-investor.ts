import {
  AppError,
  type EditUserBody,
  investorEditableFields,
  notFound,
  peopleMessages,
  type UserView,
  userEditRefusal,
} from '@lm/domain';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import { findInvestorOfUser, lockUserView, updateUser } from './investors.repository';
import { pickDefined } from './pick-defined';

/**
 * Edit Investor (PUT api/users/{id}): names, mobile numbers, contact number and notes of an
 * investor's user. A change of id, role or email is refused and nothing is stored. The change
 * and its audit record (before and after) are one transaction.
 */
export async function editInvestor(
  ctx: AppContext,
  userId: number,
  body: EditUserBody,
  audit: AuditContext,
): Promise<UserView> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await lockUserView(trx, userId);
    const investor = await findInvestorOfUser(trx, userId);
    // only investors are edited through this path; staff accounts are not
    if (!before || !investor) throw notFound(peopleMessages.investorNotFound);

    const refusal = userEditRefusal(before, body);
    if (refusal) throw new AppError(refusal.code, refusal.message);

    const changes = pickDefined(body, investorEditableFields);
    if (Object.keys(changes).length === 0) return before;

    const after = await updateUser(trx, userId, changes, ctx.clock.now());
    await audit.record(trx, { objectType: 'user', objectId: userId, before, after });
    return after;
  });
}
