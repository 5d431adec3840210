import type Decimal from 'decimal.js';
import { formatCents } from '../format';
import { type Cents, centsToString, Decimal as D } from '../money';
import { type LoanStatus, loanStatusLabels } from './loan-enums';

// ---------------------------------------------------------------------------------------------
// Messages, word for word from spec core §5 and §8 (and our own where the specification is silent;
// those are marked)

const rateText = (rate: Decimal.Value) => new D(rate).toString();

export const loanMessages = {
  // §5 invest amount
  investAmountGreaterThanZero: 'Please input an investment amount greater than $0',
  investAmountGreaterThanHundred: 'Please input an investment amount greater than $100',
  selectAccountAndAmount: 'Please select an account and enter in an investment amount',
  amountAboveRemaining: 'Please input an amount less than or equal to the remaining value of the loan',
  amountAboveBalance: 'Please input an amount less than or equal to your account balance',
  confirmAmountMismatch: 'Please enter the same amount to confirm',
  // §5 administrator invest
  investRateAboveMaximum: (maximumRate: Decimal.Value) =>
    `The investment rate cannot exceed the Maximum Interest rate of ${rateText(maximumRate)}%`,
  investRateZero: 'The investment rate cannot be zero',
  // §5 loan edit and creation
  marketplaceRateNotPositive: 'Please input a rate greater than 0.',
  marketplaceRateAboveMaximum: (maximumRate: Decimal.Value) =>
    `Please input an amount less than or equal to the Maximum Interest Rate of ${rateText(maximumRate)}%`,
  typeRequired: 'Please input a type.',
  clientNameRequired: 'Please input a client name.',
  mandateOptionsInvalid:
    'The mandate options are invalid. A mandate can only be active if the rate is greater than the maximum loan rate.',
  formInvalid: 'There is an incorrect value in the form',
  formValid: 'The form is valid',
  confirmCreate: 'Please confirm the creation of the new loan',
  // §5 single-item fetches and schedule processing
  loanMalformed: 'Loan data is malformed, please contact support if this continues.',
  repaymentsUnprocessable:
    'There was an issue with your request, either there are no repayments or the file could not be properly processed.',
  // §8 disabled-action reasons
  noRepayments: 'Loan has no repayments',
  notInArrearsInterest: 'Loan interest type is not In Arrears',
  loanClosed: 'Loan is closed',
  fundedBeforeCutoff: 'Loan was funded before 11/02/19, contact IT to manually payout loan',
  notFullyFunded: 'Loan is not fully funded',
  fullyPaidOff: 'Loan is already fully paid off',
  // ours: a written-off loan is not paid off
  alreadyWrittenOff: 'Loan has been written off',
  hasInvestments: 'Loan has investments against it',
  notSetupOrFunding: 'Loan is not of status Setup or Funding',
  fullyFunded: 'Loan is fully funded',
  houseAlreadyInvested: 'the house account is already invested in this loan',
  onePercentExists: '1% investment already exists',
  payoutTooFarInFuture: 'The payout can be previewed but not completed. The payout date is too far in the future.',
  investmentFinalised: 'Investment has been finalised',
  // §8 success toasts
  investmentSuccessful: 'Investment successful',
  loanCreated: 'Loan was successfully created',
  loanEdited: 'Loan was successfully edited',
  arrearsCalculated: 'Loans in arrears have been calculated',
  payoutCreated: 'Loan Payout has been created',
  loanPaidOut: 'loan has been paid out',
  // ours: the specification names no toast for publishing the payout receipt from the loan
  payoutReceiptPublished: 'The payout receipt has been published',
  loanWrittenOff: 'Loan has been successfully written off',
  loanDeleted: 'Loan has been successfully deleted',
  reversalSuccessful: 'Reversal was successful',
  changesProcessed: 'Changes were processed',
  // investor-and-admin §2 "Clients": our wording, the specification names no toast
  clientCreated: 'Client was successfully created',
  clientEdited: 'Client was successfully edited',
  // core §2.6
  marketplaceEmpty: 'No new loans available, please check again later.',
  // ours: the specification is silent on these situations
  loanNotFound: 'Loan not found',
  investmentNotFound: 'Investment not found',
  accountNotFound: 'Investment account not found',
  nameRequired: 'Please input a name.',
  amountNotPositive: 'Please input an amount greater than 0.',
  amountCents: 'Please input an amount with at most two decimal places.',
  gracePeriodNegative: 'Please input a number of days of 0 or more.',
  marketplaceWindowOrder: 'The marketplace expiry date must be after the marketplace start date.',
  principalNotAmount: (principal: Cents, amount: Cents) =>
    `The principal of the repayments adds up to $${centsToString(principal)}, not the loan amount of $${centsToString(amount)}.`,
  repaymentDatesOrder: 'Repayment due dates must be in increasing order without repeats.',
  clientNotFound: 'Client not found',
  notOpenForInvestment: 'This loan is not open for investment.',
  loanLocked: 'This loan is locked on the marketplace and cannot be invested in at the moment.',
  notOnMarketplace: 'This loan is not on the marketplace.',
  mandateNotActiveOnLoan: "This account's mandate is not an active mandate option of this loan.",
  noMandateCapacity: 'No active mandate account of this loan has funds available to invest.',
  investmentAlreadyReversed: 'Investment has already been reversed',
  deployNotFullyFunded: 'Loan is not fully funded',
  payoutDateNotRepayment: "Please choose the due date of one of the loan's open repayments.",
  writeOffPrincipalTooLarge: (remaining: Cents) =>
    `The principal amount cannot be more than the principal remaining of ${formatCents(remaining)}.`,
  writeOffInterestTooLarge: (remaining: Cents) =>
    `The interest amount cannot be more than the interest remaining of ${formatCents(remaining)}.`,
  writeOffNotDeployed: 'A loan can be written off only after it has been deployed.',
  baseRateBelowInvestments: (rate: Decimal.Value) =>
    `The Maximum Interest Rate cannot be lower than the rate of an existing investment (${rateText(rate)}%).`,
  amountNotEditable: 'The amount of a loan cannot be changed; delete the loan and create it again from a schedule.',
  transitionRefused: (from: LoanStatus, to: LoanStatus) =>
    `A loan cannot move from ${loanStatusLabels[from]} to ${loanStatusLabels[to]}.`,
  fieldFixedAfterFunding: (field: string) => `The ${field} of a loan cannot be changed once it is fully funded.`,
  setupCannotGoBack: 'The setup of a loan cannot go back to Initial once it is done.',
  marketplaceStatusFixed: 'The marketplace visibility of a loan cannot be changed once it is deployed.',
  topUpAccountRepeated: 'An investment account appears more than once in the mandate options.',
  payoutAlreadyCreated: 'A payout has already been created for this loan.',
  thirdPartyIdInUse: (thirdPartyId: string, loanId: number, name: string) =>
    `Third party ID ${thirdPartyId} is already used by loan #${loanId} (${name}).`,
  clientNameEmpty: 'Please input a non-empty value',
  clientNameEditEmpty: 'Please input a name',
  idMismatch: 'The id in the body is not the id of the path.',
} as const;
