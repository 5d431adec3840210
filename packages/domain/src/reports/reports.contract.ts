import { z } from 'zod';
import { isIsoDate } from '../clock';
import { defineRoute, idParam, idParamsOf } from '../contract';
import { formatDate } from '../format';
import { jobAcceptedSchema, jobMessages } from '../jobs/jobs.contract';
import { Role, type Role as RoleValue } from '../roles';
import {
  type ReportDefinition,
  type ReportFormat,
  type ReportParameterKey,
  reportContentTypes,
  reportDateMax,
  reportDateMin,
  reportFormats,
  reportIds,
} from './report-registry';

/**
 * The report calls (DESIGN §1 "reports", investor-and-admin §7): the definitions a caller may run,
 * and one POST per report answering the file. Management runs reports on every account and loan;
 * an investor runs the investor reports on their own accounts only.
 */

export const reportMessages = {
  /** spec core §8 and investor-and-admin §8, word for word */
  notValid: 'Report is not valid',
  notForRole: 'You do not have permission to run this report',
  notAvailable: 'This report is not available yet',
  formatNotOffered: 'This report is not offered in that format',
  required: (label: string) => `${label} is required`,
  dateInvalid: (label: string) => `${label} is not a valid date`,
  dateBeforeMin: (label: string, min: string) => `${label} cannot be before ${formatDate(min)}`,
  dateAfterMax: (label: string, max: string) => `${label} cannot be after ${formatDate(max)}`,
  startAfterEnd: 'Start Date cannot be after End Date',
  financialYearAfterMax: (label: string, max: string) => `${label} cannot end after ${formatDate(max)}`,
  financialYearOpen: 'The financial year has not closed yet',
  investorEndDateLimit: (max: string) => `Investor reports end no later than ${formatDate(max)}.`,
  generated: 'Report generated',
  /** The job has finished and its file is on its way to the browser. */
  downloading: (fileName: string) => `Downloading ${fileName}`,
  statementNotFound: 'Statement not found',
  /** Job progress stages (DESIGN §1 "long work"). */
  preparing: 'Reading the report\u2019s figures',
  rowsWritten: (written: number, total?: number) =>
    total === undefined
      ? `${written.toLocaleString('en-AU')} rows written`
      : `${written.toLocaleString('en-AU')} of ${total.toLocaleString('en-AU')} rows written`,
  finishing: 'Finishing the file',
} as const;

const dateField = z.string().max(10).optional();
/** Account and loan ids are PostgreSQL integers. */
const reportIdMax = 2_147_483_647;

/**
 * The body of POST api/reports/{reportId} and api/user/reports/{reportId}. Every parameter is
 * optional here; which ones a report needs, and their limits, are its components' and are checked
 * by `checkReportParameters` (so both sides give the same messages).
 */
export const reportRequestBody = z.object({
  format: z.enum(reportFormats).optional(),
  accountId: z.number().int().positive().max(reportIdMax).optional(),
  loanId: z.number().int().positive().max(reportIdMax).optional(),
  startDate: dateField,
  endDate: dateField,
  date: dateField,
  financialYear: z.number().int().min(2000).max(2100).optional(),
});
export type ReportRequestBody = z.infer<typeof reportRequestBody>;

/** The financial year ending 30 June of `year` (it starts 1 July of the year before; DESIGN §1 "time"). */
export function financialYearPeriod(year: number): { startDate: string; endDate: string } {
  return { startDate: `${year - 1}-07-01`, endDate: `${year}-06-30` };
}

/**
 * The closed financial years a tax statement may be asked for, newest first: the last one that has
 * closed by `today` (and, for an investor, that ends by the end-date limit), and the `count - 1`
 * before it. Each is named by the year it ends in.
 */
export function closedFinancialYears(today: string, count: number, endDateMax?: string): number[] {
  let year = Number(today.slice(0, 4));
  if (financialYearPeriod(year).endDate >= today) year -= 1;
  while (endDateMax !== undefined && financialYearPeriod(year).endDate > endDateMax) year -= 1;
  return Array.from({ length: count }, (_, i) => year - i);
}

/** FY 2025-26 (the year ending 30 June 2026). */
export function financialYearName(year: number): string {
  return `FY ${year - 1}-${String(year % 100).padStart(2, '0')}`;
}

/** The checked parameters a report's dataset receives. */
export interface ReportParameters {
  format: ReportFormat;
  accountId?: number;
  loanId?: number;
  startDate?: string;
  endDate?: string;
  date?: string;
  financialYear?: number;
}

export interface ReportParameterIssue {
  field: ReportParameterKey | 'format';
  message: string;
}

export interface ReportCheckContext {
  role: RoleValue;
  /** The investor end-date limit in force (investor-and-admin §9; configurable on the server). */
  investorEndDateMax: string;
}

/**
 * Checks a request against a report's components: required components filled, dates real and
 * within the component's limits (2100-12-31 by default; the investor end-date limit for an
 * investor), start not after end; parameters the report does not take are dropped.
 */
export function checkReportParameters(
  definition: ReportDefinition,
  body: ReportRequestBody,
  context: ReportCheckContext,
): { parameters: ReportParameters; issues: ReportParameterIssue[] } {
  const issues: ReportParameterIssue[] = [];
  const format = body.format ?? definition.defaultFormat;
  if (!definition.formats.includes(format)) issues.push({ field: 'format', message: reportMessages.formatNotOffered });
  const parameters: ReportParameters = { format };
  const investor = context.role === Role.INVESTOR;
  for (const component of definition.components) {
    const value = body[component.key];
    if (value === undefined || value === '') {
      if (component.required) issues.push({ field: component.key, message: reportMessages.required(component.label) });
      continue;
    }
    if (component.kind === 'date') {
      const text = String(value);
      if (!isIsoDate(text)) {
        issues.push({ field: component.key, message: reportMessages.dateInvalid(component.label) });
        continue;
      }
      const min = component.min ?? reportDateMin;
      let max = component.max ?? reportDateMax;
      if (investor && context.investorEndDateMax < max) max = context.investorEndDateMax;
      if (text < min)
        issues.push({ field: component.key, message: reportMessages.dateBeforeMin(component.label, min) });
      else if (text > max) {
        issues.push({ field: component.key, message: reportMessages.dateAfterMax(component.label, max) });
      }
    }
    if (component.kind === 'financialYear' && investor) {
      const end = financialYearPeriod(Number(value)).endDate;
      if (end > context.investorEndDateMax) {
        issues.push({
          field: component.key,
          message: reportMessages.financialYearAfterMax(component.label, context.investorEndDateMax),
        });
      }
    }
    (parameters as unknown as Record<string, unknown>)[component.key] = value;
  }
  if (parameters.startDate && parameters.endDate && parameters.startDate > parameters.endDate) {
    issues.push({ field: 'endDate', message: reportMessages.startAfterEnd });
  }
  return { parameters, issues };
}

export const reportComponentSchema = z.object({
  key: z.enum(['accountId', 'loanId', 'startDate', 'endDate', 'date', 'financialYear']),
  kind: z.enum(['account', 'loan', 'date', 'financialYear']),
  label: z.string(),
  required: z.boolean(),
  allLabel: z.string().optional(),
  min: z.string().optional(),
  max: z.string().optional(),
});

export const reportDefinitionSchema = z.object({
  id: z.enum(reportIds),
  label: z.string(),
  components: z.array(reportComponentSchema),
  defaultBodyParameters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  fileName: z.string(),
  roles: z.array(z.enum(Object.values(Role) as [RoleValue, ...RoleValue[]])),
  formats: z.array(z.enum(reportFormats)),
  defaultFormat: z.enum(reportFormats),
  available: z.boolean(),
});

export const reportListSchema = z.object({
  reports: z.array(reportDefinitionSchema),
  /** The end-date limit of investor reports, said on screen to investors. */
  investorEndDateMax: z.string(),
});
export type ReportList = z.infer<typeof reportListSchema>;

/** Any text for the report id: an id the registry does not know answers 404 'Report is not valid'. */
export const reportIdParams = z.object({ reportId: z.string().max(100) });

const tag = 'reports';
const fileTypes = { contentTypes: Object.values(reportContentTypes) };
const generateDescription =
  'Answers the file (content-disposition: attachment) in the body format, the report\u2019s own format by default. ' +
  `An unknown report answers 404 "${reportMessages.notValid}"; a missing or out-of-range parameter 400 naming it. ` +
  `With the header \`Prefer: ${jobMessages.preferAsync}\` it answers 202 \`{jobId}\` once every check has passed, and the ` +
  'file is made by a job (GET api/jobs/{jobId}, then its resultUrl). A closed financial year\u2019s tax statement is ' +
  'also stored (Available Statements), as a new version when its content changed.';

export const reportListRoute = defineRoute({
  method: 'GET',
  path: '/api/reports',
  tag,
  summary: 'The report definitions the caller may run',
  description: 'Each with its id, label, components, defaultBodyParameters, fileName, roles and formats.',
  response: reportListSchema,
});

export const generateReportRoute = defineRoute({
  method: 'POST',
  path: '/api/reports/:reportId',
  tag,
  summary: 'Generate a report (management)',
  description: generateDescription,
  params: reportIdParams,
  body: reportRequestBody,
  response: z.unknown(),
  file: fileTypes,
  accepted: jobAcceptedSchema,
});

export const generateOwnReportRoute = defineRoute({
  method: 'POST',
  path: '/api/user/reports/:reportId',
  tag,
  summary: "Generate a report on one of the caller's own accounts (investor)",
  description: `${generateDescription} Another investor's account answers 404; a management report 403.`,
  params: reportIdParams,
  body: reportRequestBody,
  response: z.unknown(),
  file: fileTypes,
  accepted: jobAcceptedSchema,
});

/** Empty values are dropped from a report request (investor-and-admin §2): null, '' and undefined. */
export function dropEmptyReportValues(values: unknown): unknown {
  if (typeof values !== 'object' || values === null) return values;
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined && v !== ''));
}

/**
 * The request of one report as its form validates it: empty values dropped, then the body schema
 * and the report's component rules, each message under its field.
 */
export function reportFormSchema(definition: ReportDefinition, context: ReportCheckContext) {
  return z.preprocess(
    dropEmptyReportValues,
    reportRequestBody.superRefine((body, issues) => {
      for (const issue of checkReportParameters(definition, body, context).issues) {
        issues.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
      }
    }),
  );
}

/**
 * One stored statement of an account (Available Statements): a version of its tax statement for a
 * closed financial year, as generated from the ledger, with the hash of its content and the call
 * that downloads the file issued then. A correction of the ledger makes a new version.
 */
export const availableStatementSchema = z.object({
  statementId: z.number().int().positive(),
  reportType: z.enum(reportIds),
  financialYear: z.number().int(),
  version: z.number().int().positive(),
  label: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  generatedAt: z.string(),
  /** sha-256 (hex) of the statement's figures and the ids of the ledger entries it summarises. */
  contentHash: z.string(),
  fileName: z.string(),
  /** GET this path to download the stored file. */
  downloadUrl: z.string(),
});
export type AvailableStatement = z.infer<typeof availableStatementSchema>;

export const statementListParams = z.object({ accountId: idParam, reportType: z.string().max(100) });

/** At most this many financial years are listed. */
export const availableStatementsMax = 20;

export const availableStatementsRoute = defineRoute({
  method: 'GET',
  path: '/api/reports/:accountId/file-types/:reportType',
  tag,
  summary: "An account's available statements (management)",
  description:
    'For account-tax-statement: every stored version of its statements (one is stored each time a closed ' +
    'financial year\u2019s statement is generated and its content changed), newest year and version first, each ' +
    `with its download URL. Another report type answers 404 "${reportMessages.notValid}".`,
  params: statementListParams,
  response: z.array(availableStatementSchema),
});

export const ownAvailableStatementsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/reports/:accountId/file-types/:reportType',
  tag,
  summary: "The caller's own account's available statements (investor)",
  description:
    'As the management call, within the investor end-date limit; another investor\u2019s account answers 404.',
  params: statementListParams,
  response: z.array(availableStatementSchema),
});

export const statementFileParams = idParamsOf('accountId', 'statementId');

export const statementFileRoute = defineRoute({
  method: 'GET',
  path: '/api/reports/:accountId/statements/:statementId',
  tag,
  summary: 'Download a stored statement (management)',
  description: 'Answers the file as it was issued. A statement of another account answers 404.',
  params: statementFileParams,
  response: z.unknown(),
  file: fileTypes,
});

export const ownStatementFileRoute = defineRoute({
  method: 'GET',
  path: '/api/user/reports/:accountId/statements/:statementId',
  tag,
  summary: "Download a stored statement of the caller's own account (investor)",
  description: 'Answers the file as it was issued; another investor\u2019s account or statement answers 404.',
  params: statementFileParams,
  response: z.unknown(),
  file: fileTypes,
});
