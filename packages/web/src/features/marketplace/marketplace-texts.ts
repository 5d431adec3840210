/** Texts of the marketplace the specification does not word (its own are `loanMessages` in @lm/domain). */
export const marketplaceTexts = {
  readOnlyCannotInvest: 'Your access is read only, so investments cannot be made from this login.',
  noAccount: 'You have no investment account to invest from.',
  lockedLoan: 'This loan is locked on the marketplace and cannot be invested in at the moment.',
} as const;
