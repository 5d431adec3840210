/**
 * Texts of the client's error catalogue (spec core §5, §8), word for word. Kept apart from the
 * formatting functions so that the web's first chunk can show them without loading decimal.js.
 */
export const displayMessages = {
  noData: 'No data to display',
  fetchFailed: 'Failed to fetch data. Please check your internet connection.',
  actionFailed: 'Action Failed',
  renderFailure:
    'Unfortunately an error has occurred, we are currently looking into this. If this continues to occur please contact our support team.',
  amountMismatch: 'Please enter the same amount to confirm',
} as const;

/** '{X} data is malformed, please contact support if this continues.' (spec core §5). */
export function malformedDataMessage(kind: string): string {
  return `${kind} data is malformed, please contact support if this continues.`;
}
