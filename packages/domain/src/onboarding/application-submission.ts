import { z } from 'zod';
import { hasControlCharacters, hasLoneSurrogate } from '../contract';
import { maskTaxFileNumber } from '../investors/people';
import {
  certificateExpiryDate,
  type FieldDefinition,
  type FormContext,
  type FormDefinition,
  type FormIssue,
  type FormValues,
  getValue,
  pruneHidden,
  validateForm,
  visibleDocumentKeys,
  visibleFieldsOfForm,
} from './form-engine';
import {
  type AccreditationLevel,
  type ApproverRelationship,
  approvalCountMax,
  approverRelationships,
  consentPaths,
  type InvestorType,
  investorApplication,
} from './investor-application';
import { type DocumentMetadata, onboardingApplicationVersion } from './onboarding.contract';
import { onboardingMessages } from './onboarding-messages';

/**
 * What the server does with a submitted application before it stores anything: the structure
 * (`applicationDataSchema`, derived from the definition), then every rule of the definition
 * (`validateInvestorApplication`) with the documents that came with it.
 */

// ---------------------------------------------------------------------------------------------
// The structure, derived from the definition

const safeText = (max: number) =>
  z
    .string()
    .max(max, `The text is longer than ${max} characters`)
    .refine(
      (value) => !hasControlCharacters(value) && !hasLoneSurrogate(value),
      'The text contains characters that are not allowed',
    );

const addressSchema = z.strictObject({
  line1: safeText(200).nullish(),
  line2: safeText(200).nullish(),
  suburb: safeText(100).nullish(),
  state: safeText(50).nullish(),
  postcode: safeText(12).nullish(),
  country: safeText(100).nullish(),
});

function fieldSchema(field: FieldDefinition): z.ZodType | null {
  switch (field.kind) {
    case 'info':
      return null;
    case 'file':
      // the documents travel as files; a name or marker the web keeps here is dropped
      return z.unknown().optional();
    case 'checkbox':
      return z.boolean().nullish();
    case 'address':
      return addressSchema.nullish();
    case 'number':
    case 'percent':
    case 'money':
      return z.union([z.number().finite(), safeText(24)]).nullish();
    case 'date':
      return safeText(10).nullish();
    default:
      return safeText(field.maxLength ?? 200).nullish();
  }
}

type SchemaTree = { [key: string]: SchemaTree | z.ZodType | { repeat: SchemaTree; max: number } };

function place(tree: SchemaTree, path: string[], leaf: SchemaTree[string]): void {
  let node = tree;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as SchemaTree;
  }
  node[path[path.length - 1] as string] = leaf;
}

function isZod(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

function toSchema(node: SchemaTree[string]): z.ZodType {
  if (isZod(node)) return node;
  if ('repeat' in node && typeof node.max === 'number') {
    return z
      .array(toSchema(node.repeat as SchemaTree))
      .max(node.max)
      .nullish();
  }
  const shape: Record<string, z.ZodType> = {};
  for (const [key, child] of Object.entries(node as SchemaTree)) shape[key] = toSchema(child);
  return z.strictObject(shape).nullish();
}

/**
 * The shape of application data a form definition accepts: one strict object per section (an
 * array for a repeatable one), each field typed by its kind with its length limit. Unknown keys
 * are refused, naming them; whether a value is needed or valid is the rules' business.
 */
export function applicationDataSchemaOf(definition: FormDefinition): z.ZodType<FormValues> {
  const root: SchemaTree = {};
  for (const step of definition.steps) {
    for (const section of step.sections) {
      const sectionTree: SchemaTree = {};
      for (const field of section.fields) {
        const schema = fieldSchema(field);
        if (schema !== null) place(sectionTree, field.name.split('.'), schema);
      }
      const path = section.path.split('.');
      if (section.repeat) {
        place(root, path, { repeat: sectionTree, max: section.repeat.max });
        // the count lives in a sibling section (approvals.approvalCount)
      } else {
        let node = root;
        for (const key of path) {
          node[key] ??= {};
          node = node[key] as SchemaTree;
        }
        Object.assign(node, sectionTree);
      }
    }
  }
  const shape: Record<string, z.ZodType> = {};
  for (const [key, child] of Object.entries(root)) shape[key] = toSchema(child);
  return z.strictObject(shape) as unknown as z.ZodType<FormValues>;
}

/** The application data the investor application accepts (the JSON of the `applicationData` part). */
export const applicationDataSchema = applicationDataSchemaOf(investorApplication);

// ---------------------------------------------------------------------------------------------
// The rules

export interface SubmissionCheck {
  /** The values as they will be stored: hidden fields left out. */
  data: FormValues;
  /** Every issue; critical ones refuse the submission, alerts only warn. */
  issues: FormIssue[];
  critical: FormIssue[];
  /** Document problems (one not asked for, one sent twice), each a message. */
  documentProblems: string[];
}

/**
 * Validates a whole submitted application as the server must (nothing stored unless `critical`
 * and `documentProblems` are both empty): hidden fields are dropped first, so a value the
 * applicant could not see can neither help nor hinder; each document must fill a visible file
 * field, once.
 */
export function validateInvestorApplication(
  values: FormValues,
  documents: readonly Pick<DocumentMetadata, 'key'>[],
  today: string,
  definition: FormDefinition = investorApplication,
): SubmissionCheck {
  const data = pruneHidden(definition, values);
  const documentKeys = new Set(documents.map((document) => document.key));
  const context: FormContext = { today, documentKeys };
  const issues = validateForm(definition, data, context);
  const expected = visibleDocumentKeys(definition, data);
  const documentProblems: string[] = [];
  const seen = new Set<string>();
  for (const { key } of documents) {
    if (seen.has(key)) documentProblems.push(onboardingMessages.documentDuplicate(key));
    else if (!expected.has(key)) documentProblems.push(onboardingMessages.documentNotExpected(key));
    seen.add(key);
  }
  return { data, issues, critical: issues.filter((issue) => issue.severity === 'critical'), documentProblems };
}

/** The message a refused submission answers with: the first critical issue's, else the first document problem. */
export function submissionRefusalMessage(check: SubmissionCheck): string | null {
  return check.critical[0]?.message ?? check.documentProblems[0] ?? null;
}

/** 'I accept' is enabled only when both consent boxes are ticked. */
export function canAccept(values: FormValues): boolean {
  return consentPaths.every((path) => getValue(values, path) === true);
}

/** The submission's `version` part: only 1 is read. */
export function isSupportedApplicationVersion(version: unknown): boolean {
  return String(version).trim() === String(onboardingApplicationVersion);
}

// ---------------------------------------------------------------------------------------------
// Reading a stored application

function textAt(data: FormValues, path: string): string | null {
  const value = getValue(data, path);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The columns the review list shows, read from the application data. */
export interface ApplicationSummary {
  investorType: InvestorType;
  accreditationLevel: AccreditationLevel;
  entityName: string;
  firstName: string;
  lastName: string;
  email: string;
  /** The sophisticated-investor certificate's issue date and expiry (two years on). */
  certificateIssueDate: string | null;
  certificateExpiryDate: string | null;
}

export function applicationSummary(data: FormValues): ApplicationSummary {
  const certificateIssueDate = textAt(data, 'documents.sophisticatedInvestorCertificateIssueDate');
  return {
    investorType: (textAt(data, 'investingEntityDetails.investorType') ?? 'INDIVIDUAL') as InvestorType,
    accreditationLevel: (textAt(data, 'investingEntityDetails.investorAccreditationLevel') ??
      'ACCREDITATION_OTHER') as AccreditationLevel,
    entityName: textAt(data, 'investingEntityDetails.name') ?? '',
    firstName: textAt(data, 'register.firstName') ?? '',
    lastName: textAt(data, 'register.lastName') ?? '',
    email: (textAt(data, 'register.email') ?? '').toLowerCase(),
    certificateIssueDate,
    certificateExpiryDate: certificateIssueDate === null ? null : certificateExpiryDate(certificateIssueDate),
  };
}

/** One approving individual of a stored application. */
export interface ApproverDetails {
  index: number;
  title: string | null;
  firstName: string;
  middleName: string | null;
  lastName: string;
  email: string;
  contactNumber: string | null;
  dateOfBirth: string | null;
  relationships: ApproverRelationship[];
  ownershipPercent: number | null;
}

export function approversOf(data: FormValues): ApproverDetails[] {
  const count = Math.min(Number(getValue(data, 'approvals.approvalCount') ?? 0) || 0, approvalCountMax);
  const approvers: ApproverDetails[] = [];
  for (let index = 0; index < count; index++) {
    const at = (name: string) => textAt(data, `approvals.approvalDetails.${index}.${name}`);
    const percent = getValue(data, `approvals.approvalDetails.${index}.ownershipPercent`);
    approvers.push({
      index,
      title: at('title'),
      firstName: at('firstName') ?? '',
      middleName: at('middleName'),
      lastName: at('lastName') ?? '',
      email: (at('email') ?? '').toLowerCase(),
      contactNumber: at('contactNumber'),
      dateOfBirth: at('dateOfBirth'),
      relationships: (Object.keys(approverRelationships) as ApproverRelationship[]).filter(
        (name) => getValue(data, `approvals.approvalDetails.${index}.${name}`) === true,
      ),
      ownershipPercent: percent === undefined || percent === null || percent === '' ? null : Number(percent),
    });
  }
  return approvers;
}

/** The tax file numbers of an application (entity and trustee company), to store encrypted. */
export const taxFileNumberPaths = [
  'entityTaxInformation.taxFileNumber',
  'corporateTaxInformation.taxFileNumber',
] as const;

/** A copy of the data with every tax file number masked to its last three digits (`******782`). */
export function maskApplicationData(data: FormValues): FormValues {
  const copy = structuredClone(data) as FormValues;
  for (const path of taxFileNumberPaths) {
    const [section, key] = path.split('.') as [string, string];
    const holder = copy[section];
    if (holder !== null && typeof holder === 'object' && typeof (holder as Record<string, unknown>)[key] === 'string') {
      (holder as Record<string, unknown>)[key] = maskTaxFileNumber((holder as Record<string, string>)[key] as string);
    }
  }
  return copy;
}

/**
 * The document's name as staff see it (the file field's label): `Driver's licence`,
 * `Approving individual 2: Passport`. Null for a key no file field of these values accepts.
 */
export function documentNameOf(
  key: string,
  data: FormValues,
  definition: FormDefinition = investorApplication,
): string | null {
  const found = visibleFieldsOfForm(definition, data).find((field) => field.documentKey === key);
  if (!found) return null;
  return found.section.index === undefined ? found.field.label : `${found.section.title}: ${found.field.label}`;
}
