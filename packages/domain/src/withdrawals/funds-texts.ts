/**
 * The texts of the money screens that are not validation messages (those are `accountMessages`
 * in accounts/account-rules.ts): the Deposit Funds help text and the Withdraw Funds hints of
 * investor-and-admin §2 Profile and §9, and the labels of the two balance totals of the staff
 * accounts screen (§2 "Investment accounts").
 */
export const fundsTexts = {
  /** investor-and-admin §2 Deposit Funds and §9 help text, in full sentences. */
  depositTimingHelp: 'Funds may take 2-3 business days to appear in your investment account.',
  depositCutOffHelp:
    'Payments made by bank biller (BPAY) after 6pm Sydney/Melbourne time on a business day may be delayed.',
  depositHowTo:
    'To add funds, make a BPAY payment from your bank using the biller code and reference number of the account.',
  /** The hint that follows `accountMessages.noBankAccount`. */
  contactSupportForBankAccount: (phone: string, hours: string) =>
    `Please contact our support team on ${phone} (${hours}) to add your bank account details.`,
  withdrawalCodeSent:
    'We have emailed you a 6-digit verification code. Enter it below to verify the withdrawal; the code expires in 10 minutes.',
  withdrawalVerifyLater:
    'The amount stays reserved until the withdrawal is verified or cancelled. Choose Later to verify it afterwards, ask for a new code or cancel it under Withdrawal Requests.',
  readOnlyCannotWithdraw: 'Your access is read only, so withdrawals cannot be lodged from this login.',
  availableInvestorBalance: 'Available Investor Balance',
  currentInvestorBalance: 'Current Investor Balance',
  pending: 'Pending',
  reversalsShown: 'Reversals Are Shown',
  reversalsHidden: 'Reversals Are Hidden',
} as const;
