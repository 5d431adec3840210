import {
  type CreateLoanBody,
  canChangeMarketplaceStatus,
  createLoanBody,
  type EditLoanBody,
  editLoanBody,
  type InterestCalculationMethod,
  type InterestType,
  isMandateOption,
  type LoanStatus,
  loanFieldsFixedOnceFunded,
  type MarketplaceStatus,
  managementInvestStatuses,
  mandateOptionsRefusal,
  marketplaceRateRefusal,
  type ScheduleDraft,
  type SecurityType,
  type SetupStatus,
  sydneyDate,
  type TermPeriodUnit,
} from '@lm/domain';
import { z } from 'zod';
import type { LoanRow } from './loans-api';

/**
 * The loan form shared by the Create Loan review step and the Edit Loan dialog (spec core §4, §5):
 * its values as the inputs hold them (text '' for empty, numbers null for empty, dates YYYY-MM-DD),
 * the request bodies they become, and the schemas that check them. The rules are the domain's:
 * the form runs the same zod schemas the server runs (createLoanBody, editLoanBody).
 */

/** Editable loan details (loanDetails of spec core §3) shown on the forms. */
export const loanDetailFormFields = [
  'loanPurpose',
  'industryType',
  'companyState',
  'securityType',
  'businessAge',
  'loanStory',
] as const;
export type LoanDetailFormField = (typeof loanDetailFormFields)[number];

export interface LoanFormFields {
  name: string;
  thirdPartyId: string;
  subStatus: string;
  notes: string;
  baseInterestRate: number | null;
  marketplaceRate: number | null;
  gracePeriodDays: number | null;
  interestType: InterestType;
  interestCalculationMethod: InterestCalculationMethod | '';
  term: number | null;
  termPeriod: number | null;
  termPeriodUnit: TermPeriodUnit;
  marketplaceStartDate: string | null;
  marketplaceExpiryDate: string | null;
  disbursementDate: string | null;
  startDate: string | null;
  setupStatus: SetupStatus;
  marketplaceStatus: MarketplaceStatus | '';
  loanDetails: Record<LoanDetailFormField, string>;
}

/** A mandate option as the review step shows it: the account's name comes with it. */
export interface MandateOptionField {
  investmentAccountId: number;
  accountName: string;
  mandateRate: number;
  isActive: boolean;
}

/**
 * The mandate options against the maximum rate the form now holds (core §5): an option is offered
 * only while its mandate rate is above that rate; an active option that is not makes the options
 * invalid, with the specification's words. Without a maximum rate every option is offered.
 */
export function mandateOptionsCheck(
  options: readonly Pick<MandateOptionField, 'mandateRate' | 'isActive'>[],
  baseRate: number | null | undefined,
): { offered: boolean[]; problem: string | null } {
  if (baseRate === null || baseRate === undefined || !Number.isFinite(baseRate)) {
    return { offered: options.map(() => true), problem: null };
  }
  return {
    offered: options.map((option) => isMandateOption(option.mandateRate, baseRate)),
    problem: mandateOptionsRefusal(options, baseRate),
  };
}

export interface CreateLoanForm {
  loan: LoanFormFields & { amount: number };
  clientDetails: { name: string };
  repayments: ScheduleDraft['repayments'];
  investmentTopups: MandateOptionField[];
}

export interface EditLoanForm {
  loan: LoanFormFields;
}

/** Our own text for a required number or choice left empty (the specification is silent). */
export const valueRequiredMessage = 'Please input a value.';

/** A zod error map for the forms: an empty required number or choice reads valueRequiredMessage. */
export const requiredNumberMessage = (issue: { code: string; input?: unknown }) =>
  issue.code === 'invalid_type' && (issue.input === null || issue.input === undefined)
    ? valueRequiredMessage
    : undefined;

const text = (value: string | null | undefined) => value ?? '';
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
/** A marketplace window instant (ISO) as the Sydney date the form edits. */
const dateOf = (value: string | null | undefined) =>
  value ? (value.length === 10 ? value : sydneyDate(new Date(value))) : null;

function detailsOf(details: Partial<Record<LoanDetailFormField, string | number | null>> | null | undefined) {
  return Object.fromEntries(
    loanDetailFormFields.map((field) => [field, details?.[field] == null ? '' : String(details[field])]),
  ) as Record<LoanDetailFormField, string>;
}

/** The review step's values from a processed schedule (POST api/loans/processFile). */
export function draftToForm(
  draft: ScheduleDraft & {
    investmentTopups?: readonly {
      investmentAccountId: number;
      mandateRate: number;
      isActive: boolean;
      investmentAccount?: { name: string } | null;
    }[];
  },
): CreateLoanForm {
  const { loan } = draft;
  return {
    loan: {
      name: text(loan.name),
      thirdPartyId: text(loan.thirdPartyId),
      subStatus: '',
      notes: text(loan.notes),
      amount: loan.amount,
      baseInterestRate: loan.baseInterestRate,
      marketplaceRate: loan.marketplaceRate,
      gracePeriodDays: loan.gracePeriodDays,
      interestType: loan.interestType as InterestType,
      interestCalculationMethod: loan.interestCalculationMethod ?? '',
      term: loan.term,
      termPeriod: loan.termPeriod,
      termPeriodUnit: loan.termPeriodUnit as TermPeriodUnit,
      marketplaceStartDate: loan.marketplaceStartDate,
      marketplaceExpiryDate: loan.marketplaceExpiryDate,
      disbursementDate: loan.disbursementDate,
      startDate: loan.startDate,
      setupStatus: loan.setupStatus as SetupStatus,
      marketplaceStatus: '',
      loanDetails: detailsOf(loan.loanDetails as Partial<Record<LoanDetailFormField, string | number | null>>),
    },
    clientDetails: { name: text(draft.clientDetails.name) },
    repayments: draft.repayments,
    investmentTopups: (draft.investmentTopups ?? []).map((option) => ({
      investmentAccountId: option.investmentAccountId,
      accountName: option.investmentAccount?.name ?? `Account ${option.investmentAccountId}`,
      mandateRate: option.mandateRate,
      isActive: option.isActive,
    })),
  };
}

/** The Edit Loan dialog's values from the loan as GET api/loans answers it. */
export function loanToForm(loan: LoanRow): EditLoanForm {
  return {
    loan: {
      name: loan.name,
      thirdPartyId: text(loan.thirdPartyId),
      subStatus: text(loan.subStatus),
      notes: text(loan.notes),
      baseInterestRate: loan.baseInterestRate,
      marketplaceRate: loan.marketplaceRate,
      gracePeriodDays: loan.gracePeriodDays,
      interestType: loan.interestType as InterestType,
      interestCalculationMethod: loan.interestCalculationMethod as InterestCalculationMethod,
      term: loan.term,
      termPeriod: loan.termPeriod,
      termPeriodUnit: loan.termPeriodUnit as TermPeriodUnit,
      marketplaceStartDate: dateOf(loan.marketplaceStartDate),
      marketplaceExpiryDate: dateOf(loan.marketplaceExpiryDate),
      disbursementDate: dateOf(loan.disbursementDate),
      startDate: dateOf(loan.startDate),
      setupStatus: loan.setupStatus as SetupStatus,
      marketplaceStatus: loan.marketplaceStatus as MarketplaceStatus,
      loanDetails: detailsOf(loan.loanDetails as Partial<Record<LoanDetailFormField, string | number | null>>),
    },
  };
}

/** The loan fields of a request body (empty texts become null; an unset choice stays unset for the schema to name). */
function loanFieldsBody(fields: LoanFormFields) {
  const details = Object.fromEntries(
    loanDetailFormFields.map((field) => [field, orNull(fields.loanDetails[field])]),
  ) as Record<LoanDetailFormField, string | null> & { securityType: SecurityType | null };
  return {
    name: fields.name,
    thirdPartyId: orNull(fields.thirdPartyId),
    subStatus: orNull(fields.subStatus),
    notes: orNull(fields.notes),
    baseInterestRate: fields.baseInterestRate,
    marketplaceRate: fields.marketplaceRate,
    gracePeriodDays: fields.gracePeriodDays,
    interestType: fields.interestType,
    interestCalculationMethod: fields.interestCalculationMethod === '' ? undefined : fields.interestCalculationMethod,
    term: fields.term,
    termPeriod: fields.termPeriod,
    termPeriodUnit: fields.termPeriodUnit,
    marketplaceStartDate: fields.marketplaceStartDate,
    marketplaceExpiryDate: fields.marketplaceExpiryDate,
    disbursementDate: fields.disbursementDate,
    startDate: fields.startDate,
    setupStatus: fields.setupStatus,
    ...(fields.marketplaceStatus === '' ? {} : { marketplaceStatus: fields.marketplaceStatus }),
    loanDetails: details,
  };
}

/** POST api/loans: loan, repayments, investmentTopups (from the mandate rows) and clientDetails. */
export function createLoanRequest(form: CreateLoanForm) {
  return {
    loan: { ...loanFieldsBody(form.loan), amount: form.loan.amount },
    repayments: form.repayments,
    investmentTopups: form.investmentTopups.map(({ investmentAccountId, mandateRate, isActive }) => ({
      investmentAccountId,
      mandateRate,
      isActive,
    })),
    clientDetails: { name: orNull(form.clientDetails.name) },
  };
}

/**
 * The review step's schema: the form becomes the POST api/loans body, which createLoanBody checks
 * (every rule of core §5 for creation, with its words). Errors land on the form's own paths.
 */
export const createLoanFormSchema = z.preprocess((value) => createLoanRequest(value as CreateLoanForm), createLoanBody);
export type CreateLoanOutput = CreateLoanBody;

/** The whole edit body of a form (every field), before the changed ones are picked. */
function editBodyOf(form: EditLoanForm): Record<string, unknown> {
  return loanFieldsBody(form.loan);
}

/**
 * The Edit Loan schema: editLoanBody (its rules and words) and the marketplace rate against the
 * maximum rate as the form now holds them (core §5).
 */
export const editLoanFormSchema = z
  .object({ loan: z.preprocess((value) => editBodyOf({ loan: value as LoanFormFields }), editLoanBody) })
  .superRefine((form, ctx) => {
    const { marketplaceRate, baseInterestRate } = form.loan;
    if (marketplaceRate === undefined || baseInterestRate === undefined) return;
    const problem = marketplaceRateRefusal(marketplaceRate, baseInterestRate);
    if (problem) ctx.addIssue({ code: 'custom', path: ['loan', 'marketplaceRate'], message: problem });
  });

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Edit sends only the changed fields, with the id (spec core §4, §7); changed loan details travel as loanDetails. */
export function changedLoanFields(id: number, original: EditLoanForm, edited: EditLoanForm): EditLoanBody | null {
  const before = editBodyOf(original);
  const after = editBodyOf(edited);
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (key === 'loanDetails') continue;
    if (!same(value, before[key])) changes[key] = value;
  }
  const detailsBefore = before.loanDetails as Record<string, unknown>;
  const detailsAfter = after.loanDetails as Record<string, unknown>;
  const detailChanges = Object.fromEntries(
    Object.entries(detailsAfter).filter(([key, value]) => !same(value, detailsBefore[key])),
  );
  if (Object.keys(detailChanges).length > 0) changes.loanDetails = detailChanges;
  if (Object.keys(changes).length === 0) return null;
  return { id, ...changes } as EditLoanBody;
}

/** The loan has reached its amount: its funding terms are fixed (domain loanFieldsFixedOnceFunded). */
export function fundingTermsFixed(status: LoanStatus): boolean {
  return status !== 'SETUP' && !managementInvestStatuses.includes(status);
}

/** Whether an edit form field is locked for this loan. */
export function fieldLocked(field: keyof LoanFormFields, loan: Pick<LoanRow, 'status' | 'setupStatus'>): boolean {
  if (field === 'setupStatus' && loan.setupStatus === 'DONE') return true;
  if (field === 'marketplaceStatus') return !canChangeMarketplaceStatus(loan.status as LoanStatus);
  return (
    (loanFieldsFixedOnceFunded as readonly string[]).includes(field) && fundingTermsFixed(loan.status as LoanStatus)
  );
}
