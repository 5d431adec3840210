import crypto from 'node:crypto';
import {
  AppError,
  type Cents,
  centsFromString,
  centsToNumber,
  centsToString,
  Decimal,
  daysBetween,
  estimateRepaymentShare,
  houseAccountId,
  lastFractionalisedDueDate,
  loanMessages,
  maximumSaleInstant,
  mulRound,
  normaliseSaleInstant,
  notFound,
  type PurchaserDetail,
  type RouteData,
  refuse,
  repaymentDueInstant,
  type SalePreview,
  type SaleRepayment,
  type SaleRequest,
  type SellRequest,
  saleDateProblem,
  saleDayOf,
  saleMessages,
  saleRepaymentsOf,
  saleRequestProblems,
  type saleSellRoute,
  sellInvestmentRefusal,
  splitSale,
  sydneyDate,
} from '@lm/domain';
import { type AccountRowInput, lockForMovement, postMoney, systemAccountId } from '../ledger';
import { findLoan, type LoanRecord, lockLoan } from '../loans';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import type { Executor } from '../platform/db/database';
import * as repo from './sale.repository';

/**
 * The secondary sale of an investment (spec core §3, §4, §5; DOMAIN.md "Secondary sale of an
 * investment"). `quoteSale` answers the preview; `sellInvestment` performs exactly the quoted sale
 * or refuses, in one transaction: the loan and then the investment locked (the order investing and
 * reversing use, so two sales of one investment queue and the second finds it sold), every party's
 * funds checked under the ledger locks, one balanced ledger entry for all the money, the original
 * investment closed and one new investment per row opened.
 */

type SaleInvestment = NonNullable<Awaited<ReturnType<typeof repo.selectSaleInvestment>>>;

interface SalePlan {
  preview: Omit<
    SalePreview,
    | 'sellerHasFunds'
    | 'orgInterestCommissionHasFunds'
    | 'orgHasFunds'
    | 'providerHasFunds'
    | 'allHaveFunds'
    | 'purchaserDetails'
  > & { purchaserDetails: Omit<PurchaserDetail, 'availableBalance' | 'hasFunds' | 'totalFundsRequired'>[] };
  money: ReturnType<typeof splitSale>;
  saleInstant: Date;
  investment: SaleInvestment;
  loan: LoanRecord;
}

/** A row rule broken: 400 naming the field, as the request schema's own refusals are. */
function invalid(problems: { field: string; message: string }[]): AppError {
  return new AppError('VALIDATION_FAILED', problems[0]!.message, problems);
}

/** Works the sale out from the locked (or, for a quote, read) loan and investment; refuses a broken rule. */
async function planSale(
  db: Executor,
  loan: LoanRecord,
  investment: SaleInvestment,
  request: SaleRequest,
  now: Date,
  feePercent: string,
): Promise<SalePlan> {
  const refusal = sellInvestmentRefusal({ ...investment, loanStatus: loan.status });
  if (refusal) throw refuse(refusal);

  const sellerRate = investment.investmentInterestRate;
  const rows = request.purchaserDetailsRequests;
  const problems = saleRequestProblems(rows, {
    maximumRate: loan.baseInterestRate,
    seller: { investmentAccountId: investment.investmentAccountId, rate: sellerRate },
  });
  if (problems.length > 0) throw invalid(problems);

  const allRepayments = await repo.selectSaleRepayments(db, loan.id);
  const repaymentStates = allRepayments.map((r) => ({
    dueDate: r.dueDate,
    status: r.status,
    fractionalised: Boolean(r.fractionalised),
    awaitingFractionalise: Boolean(r.awaitingFractionalise),
  }));
  const saleInstant = normaliseSaleInstant(request.saleDate, now);
  const dateProblem = saleDateProblem({
    requested: request.saleDate,
    saleInstant,
    now,
    repayments: repaymentStates,
    interestCalculationMethod: loan.interestCalculationMethod,
  });
  if (dateProblem) throw refuse(dateProblem);

  const accountIds = [...new Set([investment.investmentAccountId, ...rows.map((r) => r.investmentAccountId)])];
  const accounts = new Map((await repo.selectSaleAccounts(db, accountIds)).map((a) => [a.id, a]));
  for (const id of accountIds) if (!accounts.has(id)) throw notFound(saleMessages.buyerAccountNotFound(id));
  const seller = accounts.get(investment.investmentAccountId)!;

  const principalOutstandingCents =
    centsFromString(investment.investedAmount) -
    centsFromString(investment.principalRepaid) -
    centsFromString(investment.principalWrittenOff);
  if (principalOutstandingCents <= 0n) throw refuse(saleMessages.nothingOutstanding);

  const saleDay = saleDayOf(saleInstant);
  const accruedFromDate =
    lastFractionalisedDueDate(repaymentStates) ?? loan.disbursementDate ?? sydneyDate(investment.finalisedDate!);
  const nextDue = saleRepaymentsOf(allRepayments).find(
    (r) => repaymentDueInstant(r.dueDate).getTime() > saleInstant.getTime(),
  );
  const money = splitSale({
    principalOutstandingCents,
    sellerRate,
    sellerAccountId: investment.investmentAccountId,
    sellerIsForeign: seller.isForeign,
    baseRate: loan.baseInterestRate,
    interestType: loan.interestType,
    accruedDays: Math.max(0, daysBetween(accruedFromDate, saleDay)),
    refundDays: nextDue ? Math.max(0, daysBetween(saleDay, nextDue.dueDate)) : 0,
    interestPayoutFeeRate: feePercent,
    rows,
  });
  if (money.rows.some((r) => !r.isSeller && r.principalCents === 0n)) throw refuse(saleMessages.percentageTooSmall);

  const loanOutstandingCents = centsFromString(await repo.selectLoanOutstanding(db, loan.id));
  const repayments: SaleRepayment[] = saleRepaymentsOf(allRepayments).map((r) => {
    const dueInstant = repaymentDueInstant(r.dueDate);
    const afterSale = dueInstant.getTime() > saleInstant.getTime();
    return {
      repaymentId: r.id,
      dueDate: r.dueDate,
      dueInstant: dueInstant.toISOString(),
      status: r.status,
      principalDue: centsToNumber(centsFromString(r.principalDue)),
      interestDue: centsToNumber(centsFromString(r.interestDue)),
      grossAmount: centsToNumber(centsFromString(r.grossAmount)),
      afterSale,
      receiver: afterSale ? 'BUYER' : 'SELLER',
      onSaleDate: r.dueDate === saleDay,
      fractionalised: Boolean(r.fractionalised),
    };
  });
  const comingRepayments = saleRepaymentsOf(allRepayments).filter(
    (r) => repaymentDueInstant(r.dueDate).getTime() > saleInstant.getTime(),
  );

  const purchaserDetails = money.rows.map((row) => {
    const account = accounts.get(row.investmentAccountId)!;
    const estimates = comingRepayments.map((r) => {
      const share = estimateRepaymentShare({
        principalCents: row.principalCents,
        loanOutstandingCents,
        rate: row.interestRate,
        baseRate: loan.baseInterestRate,
        principalDueCents: centsFromString(r.principalDue),
        interestDueCents: centsFromString(r.interestDue),
      });
      return {
        repaymentId: r.id,
        dueDate: r.dueDate,
        principalAmount: centsToNumber(share.principalCents),
        interestAmount: centsToNumber(share.interestCents),
        totalAmount: centsToNumber(share.principalCents + share.interestCents),
      };
    });
    return {
      investmentAccountId: row.investmentAccountId,
      investmentAccountName: account.name,
      interestRate: Number(row.interestRate),
      purchasedFraction: Number(row.purchasedFraction),
      isSeller: row.isSeller,
      principalAmount: centsToNumber(row.principalCents),
      interestPayout: centsToNumber(row.interestPayoutCents),
      interestPayoutFee: centsToNumber(row.feeCents),
      interestTopUpAmountFee: centsToNumber(row.topUpCents),
      fundsRequired: centsToNumber(row.fundsRequiredCents),
      repayments: estimates,
    };
  });

  const preview: SalePlan['preview'] = {
    quoteId: '',
    saleDate: saleInstant.toISOString(),
    saleDay,
    maximumSaleDate: maximumSaleInstant(repaymentStates, now).toISOString(),
    originalInvestmentId: investment.id,
    loanId: loan.id,
    interestType: loan.interestType,
    investmentAccountId: investment.investmentAccountId,
    investmentAccountName: seller.name,
    isForeign: seller.isForeign,
    interestRate: Number(sellerRate),
    baseInterestRate: Number(loan.baseInterestRate),
    principalOutstanding: centsToNumber(principalOutstandingCents),
    accruedFromDate,
    accruedDays: Math.max(0, daysBetween(accruedFromDate, saleDay)),
    sellerFundsRequired: centsToNumber(money.sellerFundsRequiredCents),
    principalAmount: centsToNumber(money.principalCents),
    interestPayout: centsToNumber(money.interestPayoutCents),
    interestPayoutFee: centsToNumber(money.feeCents),
    interestTopUpAmount: centsToNumber(money.topUpCents),
    taxWithheldAmount: centsToNumber(money.taxWithheldCents),
    sellerNetAmount: centsToNumber(money.sellerNetCents),
    orgInterestCommission: centsToNumber(money.topUpCents),
    orgInterestFee: centsToNumber(money.feeCents),
    orgFundsRequired: centsToNumber(money.topUpCents),
    providerInterestPayout: 0,
    providerInterestPayoutFee: 0,
    providerFundsRequired: 0,
    purchaserDetails,
    sellerRemainder: money.remainder
      ? {
          investmentAccountId: investment.investmentAccountId,
          interestRate: Number(sellerRate),
          purchasedFraction: Number(money.remainder.purchasedFraction),
          principalAmount: centsToNumber(money.remainder.principalCents),
        }
      : null,
    repayments,
  };
  preview.quoteId = quoteIdOf(preview);
  return { preview, money, saleInstant, investment, loan };
}

/**
 * Names a sale exactly: its investment, date, rows and every amount it would move. A quote stays
 * valid while none of these changes (spec core §4 PREVIEW_SUCCESS). The date is the sale's Sydney
 * day and which repayments fall after it (the receiver toggle), not the instant itself: a sale
 * dated today is at "now", which has moved on by the time it is confirmed. Balances are not part
 * of it (the sell checks funds itself).
 */
function quoteIdOf(preview: SalePlan['preview']): string {
  const named = {
    originalInvestmentId: preview.originalInvestmentId,
    saleDay: preview.saleDay,
    buyersReceive: preview.repayments.filter((r) => r.afterSale).map((r) => r.repaymentId),
    principalOutstanding: preview.principalOutstanding,
    accruedFromDate: preview.accruedFromDate,
    rows: preview.purchaserDetails.map((p) => [
      p.investmentAccountId,
      p.interestRate,
      p.purchasedFraction,
      p.principalAmount,
      p.interestPayout,
      p.interestPayoutFee,
      p.interestTopUpAmountFee,
    ]),
    remainder: preview.sellerRemainder,
    seller: [preview.taxWithheldAmount, preview.sellerNetAmount, preview.sellerFundsRequired],
  };
  return crypto.createHash('sha256').update(JSON.stringify(named)).digest('base64url').slice(0, 32);
}

/** Adds every party's funds to a plan: available balances as they stand in `db` (locked for a sale). */
async function withFunds(db: Executor, plan: SalePlan): Promise<SalePreview> {
  const { money, preview } = plan;
  const sellerId = plan.investment.investmentAccountId;
  const ids = [...new Set([sellerId, houseAccountId, ...money.rows.map((r) => r.investmentAccountId)])].sort(
    (a, b) => a - b,
  );
  const available = new Map<number, Cents>(
    (await repo.selectAvailableBalances(db, ids)).map((row) => [row.id, centsFromString(row.availableBalance)]),
  );

  // what each account pays as a buyer, and what it gets back in the same entry
  const needs = new Map<number, Cents>();
  for (const row of money.rows) {
    if (row.isSeller) continue;
    needs.set(row.investmentAccountId, (needs.get(row.investmentAccountId) ?? 0n) + row.fundsRequiredCents);
  }
  const incoming = new Map<number, Cents>([[sellerId, money.sellerNetCents]]);
  incoming.set(houseAccountId, (incoming.get(houseAccountId) ?? 0n) + money.feeCents - money.topUpCents);
  // an account's cash after the whole entry may not be negative
  const after = (id: number) => (available.get(id) ?? 0n) - (needs.get(id) ?? 0n) + (incoming.get(id) ?? 0n);
  const buyerHasFunds = (id: number) => (available.get(id) ?? 0n) >= (needs.get(id) ?? 0n) && after(id) >= 0n;

  const purchaserDetails = preview.purchaserDetails.map((p) => ({
    ...p,
    availableBalance: centsToNumber(available.get(p.investmentAccountId) ?? 0n),
    hasFunds: p.isSeller ? true : buyerHasFunds(p.investmentAccountId),
    totalFundsRequired: centsToNumber(p.isSeller ? 0n : (needs.get(p.investmentAccountId) ?? 0n)),
  }));
  const sellerHasFunds = after(sellerId) >= 0n;
  const orgHasFunds = after(houseAccountId) >= 0n;
  const allHaveFunds = sellerHasFunds && orgHasFunds && purchaserDetails.every((p) => p.hasFunds);
  return {
    ...preview,
    purchaserDetails,
    sellerHasFunds,
    orgInterestCommissionHasFunds: orgHasFunds,
    orgHasFunds,
    providerHasFunds: true,
    allHaveFunds,
  };
}

/** POST api/investments/actions/sell/quote: the sale preview, or the rule it breaks. */
export async function quoteSale(ctx: AppContext, request: SaleRequest): Promise<SalePreview> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const investment = await repo.selectSaleInvestment(trx, request.investmentId);
    if (!investment) throw notFound(loanMessages.investmentNotFound);
    const loan = await findLoan(trx, investment.loanId);
    const plan = await planSale(trx, loan, investment, request, now, ctx.config.saleInterestPayoutFeePercent);
    return withFunds(trx, plan);
  });
}

export type SellResult = RouteData<typeof saleSellRoute>;

/** POST api/investments/actions/sell: exactly the quoted sale (when `quoteId` is given) or a refusal. */
export async function sellInvestment(
  ctx: AppContext,
  request: SellRequest,
  actorUserId: number | null,
  audit: AuditContext,
): Promise<SellResult> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const found = await repo.selectSaleInvestment(trx, request.investmentId);
    if (!found) throw notFound(loanMessages.investmentNotFound);
    // the loan first, then the investment: the order of investing and reversing, so none deadlock
    const loan = await lockLoan(trx, found.loanId, now);
    const investment = await repo.lockSaleInvestment(trx, request.investmentId);
    const plan = await planSale(trx, loan, investment, request, now, ctx.config.saleInterestPayoutFeePercent);
    if (request.quoteId !== undefined && request.quoteId !== plan.preview.quoteId) {
      throw refuse(saleMessages.quoteChanged);
    }
    const { money } = plan;
    const sellerId = investment.investmentAccountId;
    const taxPayable = await systemAccountId(trx, 'TAX_WITHHELD_PAYABLE');
    await lockForMovement(
      trx,
      [sellerId, houseAccountId, ...money.rows.map((r) => r.investmentAccountId)],
      money.taxWithheldCents > 0n ? [taxPayable] : [],
    );
    const preview = await withFunds(trx, plan);
    if (!preview.allHaveFunds) throw refuse(saleMessages.notEnoughFunds);

    // the new holdings: one per row, the seller's remainder included, finalised at once
    const holdings = [
      ...money.rows
        .filter((r) => !r.isSeller)
        .map((r) => ({
          accountId: r.investmentAccountId,
          rate: r.interestRate,
          principalCents: r.principalCents,
          isSeller: false,
        })),
      ...(money.remainder && money.remainder.principalCents > 0n
        ? [
            {
              accountId: sellerId,
              rate: new Decimal(investment.investmentInterestRate).toString(),
              principalCents: money.remainder.principalCents,
              isSeller: true,
            },
          ]
        : []),
    ];
    const principalSplitCents = money.principalCents + (money.remainder?.principalCents ?? 0n);
    const newIds = await repo.insertSaleInvestments(
      trx,
      holdings.map((h) => ({
        loanId: loan.id,
        investmentAccountId: h.accountId,
        investedAmount: centsToString(h.principalCents),
        investmentInterestRate: h.rate,
        mandateRate: h.isSeller ? investment.mandateRate : null,
        originalInvestmentId: investment.id,
        // the part of the loan this holding stands for, in the sold investment's terms
        shareBasis: centsToString(
          mulRound(
            centsFromString(investment.shareBasis ?? investment.investedAmount),
            new Decimal(h.principalCents.toString()).div(principalSplitCents.toString()),
          ),
        ),
        investmentAccountTransactionId: null,
        // held from the sale instant: the repayments due after it are its (docs/decisions/010-sale-instant-and-quote.md)
        creationDate: plan.saleInstant,
        finalisedDate: now,
      })),
    );

    // one entry: buyers' cash -> seller (principal + interest - tax - fee), -> tax withheld, -> 555 (fee); 555 -> seller (top-up)
    const label = `investment ${investment.id} of loan ${loan.id}`;
    const accountRows: AccountRowInput[] = [];
    const buyerRowIndex: number[] = [];
    let holdingIndex = 0;
    for (const row of money.rows) {
      if (row.isSeller) continue;
      const investmentId = newIds[holdingIndex++]!;
      buyerRowIndex.push(accountRows.length);
      accountRows.push({
        investmentAccountId: row.investmentAccountId,
        type: 'PURCHASE',
        amountCents: -(row.principalCents + row.interestPayoutCents),
        principalCents: row.principalCents,
        interestCents: row.interestPayoutCents,
        loanId: loan.id,
        investmentId,
        counterpartAccountId: sellerId,
        comment: `Purchase of ${row.purchasedFraction}% of ${label}`,
      });
    }
    const sellerRowIndex = accountRows.length;
    accountRows.push({
      investmentAccountId: sellerId,
      type: 'SALE',
      amountCents: money.sellerNetCents,
      principalCents: money.principalCents,
      interestCents: money.interestPayoutCents,
      feesCents: money.feeCents,
      taxWithheldCents: money.taxWithheldCents,
      loanId: loan.id,
      investmentId: investment.id,
      comment: `Sale of ${label}`,
    });
    if (money.feeCents > 0n) {
      accountRows.push({
        investmentAccountId: houseAccountId,
        type: 'FEE',
        amountCents: money.feeCents,
        feesCents: money.feeCents,
        loanId: loan.id,
        investmentId: investment.id,
        counterpartAccountId: sellerId,
        comment: `Sale fee on the interest payout of ${label}`,
      });
    }
    if (money.topUpCents > 0n) {
      accountRows.push({
        investmentAccountId: houseAccountId,
        type: 'INTEREST_TOP_UP',
        amountCents: -money.topUpCents,
        interestCents: money.topUpCents,
        loanId: loan.id,
        investmentId: investment.id,
        counterpartAccountId: sellerId,
        comment: `Interest top-up to the seller of ${label}`,
      });
    }
    const rowsToPost = accountRows.filter((r) => r.amountCents !== 0n);
    const posted = await postMoney(
      trx,
      {
        kind: 'INVESTMENT_SALE',
        description: `Sale of ${label}`,
        createdBy: actorUserId,
        accountRows: rowsToPost,
        otherPostings:
          money.taxWithheldCents > 0n ? [{ ledgerAccountId: taxPayable, amountCents: money.taxWithheldCents }] : [],
      },
      now,
    );
    const transactionIdOf = (index: number): number | null => {
      const at = rowsToPost.indexOf(accountRows[index]!);
      return at < 0 ? null : (posted.transactionIds[at] ?? null);
    };
    const saleTransactionId = transactionIdOf(sellerRowIndex);
    if (saleTransactionId === null) throw new Error('a sale without a seller row');

    const links = holdings.map((h, index) => ({
      investmentId: newIds[index]!,
      transactionId: h.isSeller ? saleTransactionId : transactionIdOf(buyerRowIndex[index]!),
    }));
    await repo.setInvestmentTransactions(trx, links);
    await repo.markInvestmentSold(trx, investment.id, plan.saleInstant, saleTransactionId);

    await audit.record(trx, {
      objectType: 'investment',
      objectId: investment.id,
      before: { saleDate: null },
      after: {
        saleDate: plan.saleInstant.toISOString(),
        ledgerEntryId: posted.entryId,
        newInvestmentIds: newIds,
        principalAmount: centsToNumber(money.principalCents),
        interestPayout: centsToNumber(money.interestPayoutCents),
      },
    });

    return {
      originalInvestmentId: investment.id,
      saleDate: plan.saleInstant.toISOString(),
      ledgerEntryId: posted.entryId,
      saleTransactionId,
      newInvestments: holdings.map((h, index) => ({
        investmentId: newIds[index]!,
        investmentAccountId: h.accountId,
        interestRate: Number(h.rate),
        principalAmount: centsToNumber(h.principalCents),
        isSeller: h.isSeller,
        transactionId: h.isSeller ? null : links[index]!.transactionId,
      })),
      preview,
    };
  });
}
