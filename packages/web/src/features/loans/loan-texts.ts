/**
 * Texts of the loan screens that the specification does not word (its own words are
 * `loanMessages` in @lm/domain): headings, hints and confirmation questions of our own.
 */
import { formatPercent } from '@lm/domain';

export const loanTexts = {
  /** The funded (weighted) rate: a percent to 2 places, as every rate. */
  fundedRate: (rate: number | null) => (rate === null ? null : formatPercent(rate)),
  onePercentMissing:
    'The house account (555) has not made its 1% investment in this loan yet. Use Invest 1% to make it.',
  uploadHint:
    'Upload the repayment schedule of the loan (CSV or XLSX, standard provider): the loan fields, then the table of repayments.',
  noFileChosen: 'No file chosen',
  reviewHint: 'Review the loan processed from the schedule, correct what is needed, then create it.',
  mandateOptionsHint:
    'Investment accounts whose mandate rate is above the maximum interest rate of the loan; an active option is topped up to its mandate rate.',
  mandateNotAboveMaximum: 'not above the maximum interest rate',
  noMandateOptions: 'No investment account has a mandate rate above the maximum interest rate of this loan.',
  rateFixedToMandate: "Fixed to the account's mandate rate",
  investmentsReadOnly: 'Only management can change loans.',
  deployQuestion: (amount: string) =>
    `Deploy this loan? Its investments are finalised and ${amount} is paid to the borrower.`,
  deleteQuestion: (name: string) => `Delete the loan ${name}? Any house account investment in it is reversed.`,
  onePercentQuestion: (amount: string) => `Invest ${amount} from the house account (555) in this loan?`,
  autoInvestHint:
    "Split the amount across the loan's active mandate accounts, pro rata to what each can take, at their mandate rates.",
  notDeployable: 'Only a fully funded loan can be deployed',
  writeOffQuestion: (w: {
    name: string;
    principal: string;
    interest: string;
    principalLeft: string;
    interestLeft: string;
  }) =>
    `Write off ${w.principal} of principal and ${w.interest} of interest of ${w.name}? The investors bear the loss. ` +
    `Still owed afterwards: ${w.principalLeft} of principal and ${w.interestLeft} of interest.`,
  payoutReceiptNotPublished: 'Not published: publish it when the borrower pays the payout amount',
  payoutReceiptPublished: (when: string) => `Published ${when}; not fractionalised yet`,
  payoutReceiptFractionalised: (when: string) => `Fractionalised ${when}: the investors have been paid out`,
  payoutReceiptAlreadyPublished: 'The payout receipt has been published',
  payoutReceiptPublishFirst: 'Publish the payout receipt first',
  payoutReceiptAlreadyFractionalised: 'The payout receipt has been fractionalised',
} as const;
