/**
 * The Upload Repayments wizard (investor-and-admin §2 Upload Repayments, §4 "Repayment upload"):
 * its step names and the text shown when every step is done, word for word.
 */
export const receiptUploadTexts = {
  steps: ['Upload Receipts', 'Repayments'] as const,
  finished: "All steps completed - you're finished",
} as const;
