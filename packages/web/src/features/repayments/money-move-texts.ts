import { centsFromNumber, centsToNumber, formatMoney } from '@lm/domain';

/** The sum of the rows' amounts, added in cents (no float drift). */
export function totalAmount<R>(rows: readonly R[], amountOf: (row: R) => number | null | undefined): number {
  return centsToNumber(rows.reduce((sum, row) => sum + centsFromNumber(amountOf(row) ?? 0, true), 0n));
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The confirmations before a click moves money (ours: the specification does not word them): how
 * many rows and their total, as money.
 */
export const moneyMoveTexts = {
  publishTitle: 'Publish Repayments',
  publishQuestion: (rows: number, total: number) =>
    `Publish ${count(rows, 'receipt', 'receipts')} with a total net amount of ${formatMoney(total)}? Each is applied to its loan's repayments and paid to the investors.`,
  fractionaliseTitle: 'Fractionalise Repayments',
  fractionaliseQuestion: (rows: number, total: number) =>
    `Fractionalise ${count(rows, 'repayment', 'repayments')} with a total net amount of ${formatMoney(total)}? The amounts are paid to the investors of each loan.`,
};
