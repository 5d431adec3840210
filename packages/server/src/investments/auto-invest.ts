import {
  AppError,
  allocateLargestRemainder,
  type Cents,
  centsFromNumber,
  centsFromString,
  centsToNumber,
  type investmentAutoInvestRoute,
  loanMessages,
  managementInvestStatuses,
  mandateTermTooShort,
  minCents,
  type RouteData,
  refuse,
} from '@lm/domain';
import { balancesOf, lockForMovement } from '../ledger';
import { lockLoan } from '../loans';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import { investInLockedLoan, investmentView, settleFundingStatus } from './invest-in-loan';
import { selectActiveMandates, selectHeldInLoan } from './investments.repository';

export type AutoInvestResult = RouteData<typeof investmentAutoInvestRoute>;

/**
 * POST api/loans/{id}/actions/autoInvest (DOMAIN.md "Auto Invest", the mandate wording of
 * investor-and-admin §5): the amount (the whole remaining funding when not given, never more) is
 * split across the loan's active mandate accounts pro rata to each one's capacity, the smaller of
 * its available balance and what its mandate maximum exposure still allows in this loan, by the
 * largest-remainder method, each at its mandate rate. Accounts whose mandate maximum term is shorter
 * than the loan's term are skipped. When the capacities fall short, each account invests its capacity.
 */
export async function autoInvest(
  ctx: AppContext,
  loanId: number,
  requestedAmount: number | null | undefined,
  createdBy: number | null,
  audit: AuditContext,
): Promise<AutoInvestResult> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    let loan = await settleFundingStatus(trx, await lockLoan(trx, loanId, now), now);
    if (!managementInvestStatuses.includes(loan.status)) {
      throw refuse(
        loan.fundedAmountCents >= loan.amountCents ? loanMessages.fullyFunded : loanMessages.notOpenForInvestment,
      );
    }
    const remainingCents = loan.amountCents - loan.fundedAmountCents;
    const wantedCents: Cents =
      requestedAmount === null || requestedAmount === undefined ? remainingCents : centsFromNumber(requestedAmount);
    if (wantedCents <= 0n) {
      const message = loanMessages.investAmountGreaterThanZero;
      throw new AppError('VALIDATION_FAILED', message, [{ field: 'amount', message }]);
    }
    if (wantedCents > remainingCents) throw refuse(loanMessages.amountAboveRemaining);

    const mandates = await selectActiveMandates(trx, loan.id);
    const eligible = mandates.filter(
      (m) => !mandateTermTooShort({ maxTerm: m.mandateMaxTerm, maxTermUnit: m.mandateMaxTermUnit }, loan),
    );
    await lockForMovement(
      trx,
      eligible.map((m) => m.id),
      [loan.fundingLedgerAccountId],
    );
    const capacities: Cents[] = [];
    for (const m of eligible) {
      const { availableCents } = await balancesOf(trx, m.id);
      let capacity = availableCents > 0n ? availableCents : 0n;
      if (m.mandateMaxExposure !== null) {
        const held = await selectHeldInLoan(trx, loan.id, m.id);
        const left = centsFromString(m.mandateMaxExposure) - centsFromString(held);
        capacity = minCents(capacity, left > 0n ? left : 0n);
      }
      capacities.push(capacity);
    }
    const capacityTotal = capacities.reduce((a, b) => a + b, 0n);
    if (capacityTotal <= 0n) throw refuse(loanMessages.noMandateCapacity);
    const totalCents = minCents(wantedCents, capacityTotal);
    const pieces = allocateLargestRemainder(totalCents, capacities.map(String));

    const investmentIds: number[] = [];
    for (const [index, m] of eligible.entries()) {
      const piece = pieces[index] ?? 0n;
      if (piece <= 0n) continue;
      const invested = await investInLockedLoan(
        trx,
        loan,
        {
          investmentAccountId: m.id,
          amountCents: piece,
          mode: { kind: 'MANDATE', mandateRate: m.mandateRate },
          createdBy,
        },
        now,
      );
      loan = invested.loan;
      investmentIds.push(invested.investmentId);
    }
    const investments = [];
    for (const id of investmentIds) investments.push(await investmentView(trx, id));
    const result = { loanId: loan.id, amount: centsToNumber(totalCents), investments };
    await audit.record(trx, { objectType: 'loanAutoInvest', objectId: loan.id, after: result });
    return result;
  });
}
