import {
  assertLoanTransition,
  badRequest,
  type CreateLoanBody,
  centsFromNumber,
  centsToString,
  fundingPhaseStatus,
  type LoanDetailsInput,
  type LoanStatus,
  loanMessages,
  marketplaceInstant,
  notFound,
} from '@lm/domain';
import { clientForLoan } from '../clients';
import { createLedgerAccount } from '../ledger';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import type { Tx } from '../platform/db/database';
import {
  existingInvestmentAccountIds,
  insertLoan,
  insertLoanDetails,
  insertMandateTopups,
  insertRepayments,
} from './loans.repository';
import { type LoanListRow, loanView } from './loans.resource';
import { claimThirdPartyId } from './third-party-id';

/** loan_details columns from the body's details (absent ones null). */
export function detailValues(details: Partial<LoanDetailsInput> | null | undefined) {
  const d = details ?? {};
  const value = <K extends keyof LoanDetailsInput>(k: K) => (d[k] === undefined ? null : d[k]);
  return {
    loanPurpose: value('loanPurpose'),
    industryType: value('industryType'),
    businessAge: value('businessAge'),
    directorCount: value('directorCount'),
    employeeCount: value('employeeCount'),
    companyRevenue:
      d.companyRevenue === undefined || d.companyRevenue === null
        ? null
        : centsToString(centsFromNumber(d.companyRevenue)),
    companyState: value('companyState'),
    bankruptciesLegalActionsCollections: value('bankruptciesLegalActionsCollections'),
    securityType: value('securityType'),
    financialAccountsType: value('financialAccountsType'),
    financialAccountsDate: value('financialAccountsDate'),
    loanStory: value('loanStory'),
    underwriterComment: value('underwriterComment'),
  };
}

async function checkTopUpAccounts(trx: Tx, body: CreateLoanBody): Promise<void> {
  const ids = body.investmentTopups.map((t) => t.investmentAccountId);
  if (new Set(ids).size !== ids.length) throw badRequest(loanMessages.topUpAccountRepeated);
  if (ids.length === 0) return;
  const found = await existingInvestmentAccountIds(trx, ids);
  if (found.length !== ids.length) throw notFound(loanMessages.accountNotFound);
}

/**
 * POST api/loans (spec core §7): the reviewed schedule becomes a loan with its repayments, mandate
 * options and client (an existing one used, or a new one created), and its own ledger accounts for
 * funding and collections. A loan whose setup is done goes straight to where its marketplace window
 * puts it (Funding and visible when the window includes now); otherwise it stays in Setup.
 */
export async function createLoan(ctx: AppContext, body: CreateLoanBody, audit: AuditContext): Promise<LoanListRow> {
  const now = ctx.clock.now();
  const { loan } = body;
  const amountCents = centsFromNumber(loan.amount);
  const marketplaceStartDate = loan.marketplaceStartDate
    ? marketplaceInstant(loan.marketplaceStartDate, 'start')
    : null;
  const marketplaceExpiryDate = loan.marketplaceExpiryDate
    ? marketplaceInstant(loan.marketplaceExpiryDate, 'end')
    : null;
  const status: LoanStatus = fundingPhaseStatus(
    {
      status: 'SETUP',
      setupStatus: loan.setupStatus,
      amountCents,
      fundedAmountCents: 0n,
      marketplaceStartDate,
      marketplaceExpiryDate,
    },
    now,
  );
  assertLoanTransition('SETUP', status, 'SETUP_DONE');
  const marketplaceStatus = loan.marketplaceStatus ?? (loan.setupStatus === 'DONE' ? 'VISIBLE' : 'HIDDEN');

  return ctx.db.transaction().execute(async (trx) => {
    await claimThirdPartyId(trx, loan.thirdPartyId);
    const clientId = await clientForLoan(trx, body.clientDetails, audit, now);
    await checkTopUpAccounts(trx, body);
    const label = loan.thirdPartyId ? `${loan.name} (${loan.thirdPartyId})` : loan.name;
    const fundingLedgerAccountId = await createLedgerAccount(trx, 'LOAN_FUNDING', `Funding of loan ${label}`);
    const collectionsLedgerAccountId = await createLedgerAccount(
      trx,
      'LOAN_COLLECTIONS',
      `Collections of loan ${label}`,
    );
    const loanId = await insertLoan(trx, {
      name: loan.name,
      thirdPartyId: loan.thirdPartyId ?? null,
      clientId,
      amount: centsToString(amountCents),
      baseInterestRate: String(loan.baseInterestRate),
      marketplaceRate: String(loan.marketplaceRate),
      marketplaceStatus,
      marketplaceStartDate,
      marketplaceExpiryDate,
      disbursementDate: loan.disbursementDate ?? null,
      startDate: loan.startDate ?? null,
      gracePeriodDays: loan.gracePeriodDays,
      status,
      subStatus: loan.subStatus ?? null,
      setupStatus: loan.setupStatus,
      interestType: loan.interestType,
      interestCalculationMethod: loan.interestCalculationMethod,
      term: loan.term,
      termPeriod: loan.termPeriod,
      termPeriodUnit: loan.termPeriodUnit,
      notes: loan.notes ?? null,
      fundingLedgerAccountId,
      collectionsLedgerAccountId,
      createdAt: now,
      updatedAt: now,
    });
    await insertLoanDetails(trx, { loanId, ...detailValues(loan.loanDetails) });
    await insertRepayments(
      trx,
      body.repayments.map((r) => {
        const principal = centsFromNumber(r.principalDue);
        const interest = centsFromNumber(r.interestDue);
        const gst = centsFromNumber(r.gstAmount);
        const stampDuty = centsFromNumber(r.stampDutyAmount);
        const gross =
          r.grossAmount === undefined ? principal + interest + gst + stampDuty : centsFromNumber(r.grossAmount);
        return {
          loanId,
          dueDate: r.dueDate,
          status: 'UNPAID',
          principalDue: centsToString(principal),
          interestDue: centsToString(interest),
          gstAmount: centsToString(gst),
          stampDutyAmount: centsToString(stampDuty),
          grossAmount: centsToString(gross),
          createdAt: now,
        };
      }),
    );
    await insertMandateTopups(
      trx,
      body.investmentTopups.map((t) => ({
        loanId,
        investmentAccountId: t.investmentAccountId,
        mandateRate: String(t.mandateRate),
        isActive: t.isActive,
      })),
    );
    const after = await loanView(trx, loanId, now);
    await audit.record(trx, {
      objectType: 'loan',
      objectId: loanId,
      after: { ...after, repayments: body.repayments, investmentTopups: body.investmentTopups },
    });
    return after;
  });
}
