import { Decimal, formatDate, formatMoney, formatPercent, type SalePreview, saleReceiverLabels } from '@lm/domain';

/**
 * The sale's texts (spec core §4: the confirmation states who pays whom what): the day of the
 * sale with who receives that day's repayment, and one line per party of the preview.
 */

/** A purchased percentage as entered, exactly (up to 10 decimals). */
export const percentText = (value: number) => `${new Decimal(value).toDecimalPlaces(10).toString()}%`;

/** The sale's Sydney date, and who receives the repayment due on it when there is one. */
export function saleWhen(preview: SalePreview): string {
  const due = preview.repayments.find((repayment) => repayment.onSaleDate);
  const day = formatDate(preview.saleDay);
  return due ? `${day} (the repayment due that day goes to the ${saleReceiverLabels[due.receiver]})` : day;
}

/** Who pays whom what, in words: the confirmation's lines (and the preview's summary). */
export function saleMoneyLines(preview: SalePreview): string[] {
  const seller = `${preview.investmentAccountName} (${preview.investmentAccountId})`;
  const lines: string[] = [];
  for (const buyer of preview.purchaserDetails) {
    const name = `${buyer.investmentAccountName} (${buyer.investmentAccountId})`;
    if (buyer.isSeller) {
      lines.push(
        `${seller} keeps ${percentText(buyer.purchasedFraction)}: ${formatMoney(buyer.principalAmount)} of principal at ${formatPercent(buyer.interestRate)}.`,
      );
      continue;
    }
    const interest =
      buyer.interestPayout < 0
        ? `less ${formatMoney(-buyer.interestPayout)} of interest the seller refunds`
        : `${formatMoney(buyer.interestPayout)} of accrued interest`;
    lines.push(
      `${name} pays ${seller} ${formatMoney(buyer.fundsRequired)} for ${percentText(buyer.purchasedFraction)} at ${formatPercent(
        buyer.interestRate,
      )}: ${formatMoney(buyer.principalAmount)} of principal and ${interest}.`,
    );
  }
  if (preview.interestTopUpAmount > 0) {
    lines.push(`House account 555 pays ${seller} ${formatMoney(preview.interestTopUpAmount)} of interest top-up.`);
  }
  const deductions = [
    preview.taxWithheldAmount > 0 ? `${formatMoney(preview.taxWithheldAmount)} of withholding tax` : null,
    preview.interestPayoutFee > 0
      ? `a sale fee of ${formatMoney(preview.interestPayoutFee)} to house account 555`
      : null,
  ].filter((text): text is string => text !== null);
  lines.push(
    `${seller} receives ${formatMoney(preview.sellerNetAmount)} in all${deductions.length ? `, after ${deductions.join(' and ')}` : ''}.`,
  );
  return lines;
}
