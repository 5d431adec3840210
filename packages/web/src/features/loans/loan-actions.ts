import {
  type Availability,
  fundingPhaseStatuses,
  isFullyFunded,
  type LoanForActions,
  loanActions,
  loanMessages,
  managementInvestStatuses,
} from '@lm/domain';
import { loanTexts } from './loan-texts';

const enabled: Availability = { enabled: true, reason: null };
const disabled = (reason: string): Availability => ({ enabled: false, reason });

/** Management invests (chosen rate, 1%, auto) only while the loan is raising money (the server's rule). */
function investAvailability(loan: LoanForActions): Availability {
  if (isFullyFunded(loan)) return disabled(loanMessages.fullyFunded);
  if (!managementInvestStatuses.includes(loan.status)) return disabled(loanMessages.notOpenForInvestment);
  return enabled;
}

/**
 * Every action button of the Loan Information tab with its availability: the domain's rules of
 * spec core §4 (payout, write off, delete, Invest 1%) with their §8 reasons, and the invest and
 * deploy moves the server allows. `deploy` is null once the loan is past funding (no button).
 */
export function loanActionAvailability(loan: LoanForActions) {
  const rules = loanActions(loan);
  const invest = investAvailability(loan);
  return {
    ...rules,
    investOnePercent: rules.investOnePercent.enabled ? invest : rules.investOnePercent,
    invest,
    autoInvest: invest,
    deploy: !(['SETUP', ...fundingPhaseStatuses] as readonly string[]).includes(loan.status)
      ? null
      : loan.status === 'FULLY_FUNDED'
        ? enabled
        : disabled(isFullyFunded(loan) ? loanTexts.notDeployable : loanMessages.notFullyFunded),
  };
}
export type LoanActionAvailability = ReturnType<typeof loanActionAvailability>;
