import { addDays, isIsoDate } from '../clock';
import { abnMatchesAcn, isValidAbn, isValidAcn, isValidTfn } from './tax-identifiers';

/**
 * The onboarding form engine (investor-and-admin §5 "Field engine"): a form is steps of sections
 * of fields, declared once as data. Conditions (in, ex, eq, ne) decide what is visible; rules (in,
 * ex, lt, le, gt, ge, eq, ne, rq, re, cx) check what is entered, each with a severity: a
 * `critical` issue blocks the confirm button and the server refuses the submission; an `alert`
 * only warns. The web renders the form from the definition and the server validates every
 * submission with the same definition and the same functions below.
 *
 * Values are one plain object, shaped as the specification's application data (§3): a section
 * owns an object at its `path` (`register`, `investingEntityDetails`, ...) and each field a key
 * in it; a repeatable section owns an array (`approvals.approvalDetails`), one object per item.
 *
 * Paths in conditions, rules and arguments are dot paths. A path starting with `.` is relative to
 * the section's own object (the current item, in a repeatable section): `.passportNumber`. Any
 * other path is from the root: `investingEntityDetails.investorType`.
 */

/** The application data, as the form holds it and the server receives it. */
export type FormValues = Record<string, unknown>;

/** Condition operators: in (one of), ex (none of), eq, ne. An absent value reads as null. */
export type ConditionOperator = 'in' | 'ex' | 'eq' | 'ne';

export interface Condition {
  /** The value the condition reads (absolute, or `.name` relative to the section). */
  field: string;
  op: ConditionOperator;
  /** For eq and ne. */
  value?: unknown;
  /** For in and ex. */
  values?: readonly unknown[];
}

/** Every condition must hold (and); an empty or absent list always holds. */
export type Conditions = readonly Condition[];

export type Severity = 'critical' | 'alert';

/**
 * Rule types: in (one of `values`), ex (none of `values`), lt, le, gt, ge (compare with `value`:
 * numbers as numbers, dates as YYYY-MM-DD text; the value `'$today'` reads the context's today),
 * eq, ne, rq (required: not empty), re (matches the regular expression `pattern`), cx (a named
 * custom check). Every type but rq, eq and cx passes an empty value (rq is there to catch it).
 */
export type RuleType = 'in' | 'ex' | 'lt' | 'le' | 'gt' | 'ge' | 'eq' | 'ne' | 'rq' | 're' | 'cx';

/** The custom checks a cx rule may name; `customChecks` holds their code. */
export type CustomCheckName =
  | 'email'
  | 'tfn'
  | 'abn'
  | 'acn'
  | 'date'
  | 'notAfterToday'
  | 'anyTrue'
  | 'anyFilled'
  | 'uniqueInRepeat'
  | 'abnOfAcn'
  | 'notExpired'
  | 'notExpiringWithin';

export interface Rule {
  type: RuleType;
  severity: Severity;
  /** Shown to the user as it stands (the specification's words where it gives them). */
  message: string;
  value?: unknown;
  values?: readonly unknown[];
  /** For re: a regular expression source, matched against the whole text. */
  pattern?: string;
  /** For cx. */
  check?: CustomCheckName;
  /** For cx: the paths the check reads (anyTrue, anyFilled). */
  args?: readonly string[];
  /** The rule applies only while these hold. */
  when?: Conditions;
}

/**
 * Field kinds. text, email, phone, textarea: text. date: YYYY-MM-DD. select, radio: one of
 * `options`. checkbox: a boolean. address: `{line1, line2?, suburb, state, postcode, country}`.
 * file: a document (its presence is a document key, see `documentKey`). money: a decimal text or
 * number of dollars. percent, number: a number. info: static text, no value.
 */
export type FormFieldKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'phone'
  | 'date'
  | 'select'
  | 'radio'
  | 'checkbox'
  | 'address'
  | 'file'
  | 'money'
  | 'percent'
  | 'number'
  | 'info';

export interface FieldOption {
  value: string;
  label: string;
}

export interface FieldDefinition {
  /** The key in the section's object; may be dotted (`reinvestment.reinvestmentOption`). */
  name: string;
  label: string;
  kind: FormFieldKind;
  options?: readonly FieldOption[];
  /** Help text under the field; for `info`, the text itself (paragraphs split on blank lines). */
  help?: string;
  /** For text kinds: the longest value (the submission schema refuses longer). */
  maxLength?: number;
  /** For number and percent: the allowed range, also given as rules. */
  min?: number;
  max?: number;
  /**
   * For file: the key of the document in the submission's `documentsMetadata` (DESIGN §1), with
   * `{index}` standing for the item's index in a repeatable section: `approvals.{index}.passport`.
   */
  documentKey?: string;
  when?: Conditions;
  rules?: readonly Rule[];
  /** Form layout columns (investor-and-admin §9 defaults xs12, sm12, md6, lg4). */
  layout?: { xs?: number; sm?: number; md?: number; lg?: number };
}

export interface RepeatDefinition {
  /** The absolute path of the number of items (e.g. `approvals.approvalCount`). */
  countField: string;
  min: number;
  max: number;
  /** The title of one item, `{n}` standing for its number from 1. */
  itemTitle: string;
}

export interface SectionDefinition {
  id: string;
  title: string;
  /** The absolute path of the section's object (or, repeated, its array). */
  path: string;
  description?: string;
  repeat?: RepeatDefinition;
  when?: Conditions;
  fields: readonly FieldDefinition[];
}

export interface StepDefinition {
  id: string;
  title: string;
  /** The name the stepper shows under the title (e.g. 'Account Setup'). */
  subtitle?: string;
  when?: Conditions;
  sections: readonly SectionDefinition[];
}

export interface FormDefinition {
  id: string;
  version: number;
  steps: readonly StepDefinition[];
}

/** What validation reads besides the values. */
export interface FormContext {
  /** Today's business date, YYYY-MM-DD (the injectable clock's Sydney date). */
  today: string;
  /**
   * The document keys submitted. Given (the server), a file field is present only when its key is
   * here; absent (the web), a file field is present when its value is not empty.
   */
  documentKeys?: ReadonlySet<string>;
}

export interface FormIssue {
  /** Absolute dot path of the field: `approvals.approvalDetails.0.email`. */
  path: string;
  stepId: string;
  sectionId: string;
  /** The field's name in its section. */
  field: string;
  severity: Severity;
  message: string;
  rule: RuleType;
}

/** One visible section: a plain section once, a repeatable one once per item. */
export interface SectionInstance {
  section: SectionDefinition;
  /** Absolute path of the section's object: `register`, `approvals.approvalDetails.2`. */
  path: string;
  /** The item's index in a repeatable section. */
  index?: number;
  /** The section's title, or the item's (`Approving individual 3`). */
  title: string;
}

export interface FieldInstance {
  field: FieldDefinition;
  section: SectionInstance;
  /** Absolute path of the value. */
  path: string;
  /** For file fields: the resolved document key. */
  documentKey?: string;
}

// ---------------------------------------------------------------------------------------------
// Reading values

function splitPath(path: string): string[] {
  return path === '' ? [] : path.split('.');
}

/** The value at a dot path (array indices as numbers), or undefined. */
export function getValue(values: unknown, path: string): unknown {
  let current: unknown = values;
  for (const key of splitPath(path)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A copy of `values` with `value` set at `path` (objects created on the way; arrays for numeric keys). */
export function setValue(values: FormValues, path: string, value: unknown): FormValues {
  const keys = splitPath(path);
  const assign = (target: unknown, index: number): unknown => {
    const key = keys[index] as string;
    const isIndex = /^\d+$/.test(key);
    const base: Record<string, unknown> | unknown[] =
      target !== null && typeof target === 'object'
        ? Array.isArray(target)
          ? [...target]
          : { ...(target as Record<string, unknown>) }
        : isIndex
          ? []
          : {};
    const current = (base as Record<string, unknown>)[key];
    (base as Record<string, unknown>)[key] = index === keys.length - 1 ? value : assign(current, index + 1);
    return base;
  };
  return keys.length === 0 ? values : (assign(values, 0) as FormValues);
}

/** Resolves a rule or condition path against the section's own path. */
export function resolvePath(path: string, sectionPath: string): string {
  return path.startsWith('.') ? `${sectionPath}${path}` : path;
}

/** Empty: undefined, null, a blank text, an empty array. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The parts of an address that must be filled. */
export const addressRequiredParts = ['line1', 'suburb', 'state', 'postcode', 'country'] as const;

function isAddressComplete(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  return addressRequiredParts.every((part) => !isEmptyValue((value as Record<string, unknown>)[part]));
}

/** Conditions and eq rules read an absent value and a blank text as null. */
function normalise(value: unknown): unknown {
  return value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;
}

// ---------------------------------------------------------------------------------------------
// Conditions and visibility

/** True when one condition holds, reading paths relative to `sectionPath`. */
export function conditionHolds(condition: Condition, values: FormValues, sectionPath = ''): boolean {
  const actual = normalise(getValue(values, resolvePath(condition.field, sectionPath)));
  switch (condition.op) {
    case 'eq':
      return actual === normalise(condition.value);
    case 'ne':
      return actual !== normalise(condition.value);
    case 'in':
      return (condition.values ?? []).some((candidate) => normalise(candidate) === actual);
    case 'ex':
      return !(condition.values ?? []).some((candidate) => normalise(candidate) === actual);
  }
}

/** True when every condition holds. */
export function conditionsHold(conditions: Conditions | undefined, values: FormValues, sectionPath = ''): boolean {
  return (conditions ?? []).every((condition) => conditionHolds(condition, values, sectionPath));
}

/** The steps shown for these values, in order. */
export function visibleSteps(definition: FormDefinition, values: FormValues): StepDefinition[] {
  return definition.steps.filter((step) => conditionsHold(step.when, values));
}

/** The number of items of a repeatable section, clamped to its min and max. */
export function repeatCount(repeat: RepeatDefinition, values: FormValues): number {
  const raw = Number(getValue(values, repeat.countField));
  if (!Number.isFinite(raw)) return repeat.min;
  return Math.max(repeat.min, Math.min(repeat.max, Math.trunc(raw)));
}

/** The sections of a step shown for these values (a repeatable one once per item). */
export function visibleSections(step: StepDefinition, values: FormValues): SectionInstance[] {
  const instances: SectionInstance[] = [];
  for (const section of step.sections) {
    if (!conditionsHold(section.when, values)) continue;
    if (section.repeat) {
      const count = repeatCount(section.repeat, values);
      for (let index = 0; index < count; index++) {
        instances.push({
          section,
          index,
          path: `${section.path}.${index}`,
          title: section.repeat.itemTitle.replace('{n}', String(index + 1)),
        });
      }
    } else {
      instances.push({ section, path: section.path, title: section.title });
    }
  }
  return instances;
}

/** The fields of one section instance shown for these values. */
export function visibleFields(instance: SectionInstance, values: FormValues): FieldInstance[] {
  return instance.section.fields
    .filter((field) => conditionsHold(field.when, values, instance.path))
    .map((field) => {
      const found: FieldInstance = { field, section: instance, path: `${instance.path}.${field.name}` };
      if (field.documentKey !== undefined) {
        found.documentKey = field.documentKey.replace('{index}', String(instance.index ?? 0));
      }
      return found;
    });
}

/** Every visible field of every visible step. */
export function visibleFieldsOfForm(definition: FormDefinition, values: FormValues): FieldInstance[] {
  return visibleSteps(definition, values).flatMap((step) =>
    visibleSections(step, values).flatMap((instance) => visibleFields(instance, values)),
  );
}

/** The document keys the visible file fields accept. */
export function visibleDocumentKeys(definition: FormDefinition, values: FormValues): Set<string> {
  const keys = new Set<string>();
  for (const found of visibleFieldsOfForm(definition, values)) {
    if (found.documentKey !== undefined) keys.add(found.documentKey);
  }
  return keys;
}

/**
 * The values with every hidden field (and hidden step or section, and every item beyond a
 * repeatable section's count) left out: what the server stores, so nothing the applicant could
 * not see is kept. Repeat counts and values that conditions read stay where they are visible.
 */
export function pruneHidden(definition: FormDefinition, values: FormValues): FormValues {
  let pruned: FormValues = {};
  for (const found of visibleFieldsOfForm(definition, values)) {
    if (found.field.kind === 'info' || found.field.kind === 'file') continue;
    const value = getValue(values, found.path);
    if (value !== undefined) pruned = setValue(pruned, found.path, value);
  }
  return pruned;
}

// ---------------------------------------------------------------------------------------------
// Rules

/** The scope a rule runs in. */
export interface RuleScope {
  values: FormValues;
  context: FormContext;
  field: FieldInstance;
  /** Resolves a rule argument path against the field's section. */
  resolve: (path: string) => string;
}

export type CustomCheck = (value: unknown, scope: RuleScope, rule: Rule) => boolean;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True for a real calendar date written YYYY-MM-DD. */
function isCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && isIsoDate(value);
}

/** A sophisticated-investor certificate is valid for this many years from its issue date. */
export const sophisticatedCertificateValidityYears = 2;

/** The date (YYYY-MM-DD) a certificate issued on `issueDate` expires: `years` later (29 Feb to 28 Feb). */
export function certificateExpiryDate(issueDate: string, years = sophisticatedCertificateValidityYears): string {
  const year = Number(issueDate.slice(0, 4)) + years;
  const monthDay = issueDate.slice(5);
  if (monthDay === '02-29') {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return `${year}-02-${leap ? '29' : '28'}`;
  }
  return `${year}-${monthDay}`;
}

/** The code of each custom check a cx rule may name. */
export const customChecks: Record<CustomCheckName, CustomCheck> = {
  // The checks of one value pass an empty one: an rq rule beside them says whether it is needed.
  email: (value) => isEmptyValue(value) || (typeof value === 'string' && emailPattern.test(value.trim())),
  tfn: (value) => isEmptyValue(value) || (typeof value === 'string' && isValidTfn(value)),
  abn: (value) => isEmptyValue(value) || (typeof value === 'string' && isValidAbn(value)),
  acn: (value) => isEmptyValue(value) || (typeof value === 'string' && isValidAcn(value)),
  date: (value) => isEmptyValue(value) || isCalendarDate(value),
  notAfterToday: (value, scope) => !isCalendarDate(value) || value <= scope.context.today,
  /** The ABN is the one derived from the ACN at `args[0]` (both valid), or either is missing or invalid. */
  abnOfAcn: (value, scope, rule) => {
    const acn = getValue(scope.values, scope.resolve(rule.args?.[0] ?? ''));
    if (typeof value !== 'string' || typeof acn !== 'string' || !isValidAbn(value) || !isValidAcn(acn)) return true;
    return abnMatchesAcn(value, acn);
  },
  /** The certificate's expiry (issue date plus `value` years, default two) is after today. */
  notExpired: (value, scope, rule) =>
    !isCalendarDate(value) ||
    certificateExpiryDate(value, typeof rule.value === 'number' ? rule.value : undefined) > scope.context.today,
  /** The certificate does not expire within `value` days (default 30) from today. */
  notExpiringWithin: (value, scope, rule) => {
    if (!isCalendarDate(value)) return true;
    const expiry = certificateExpiryDate(value);
    const days = typeof rule.value === 'number' ? rule.value : 30;
    return expiry <= scope.context.today || expiry > addDays(scope.context.today, days);
  },
  /** At least one of the `args` paths is true. */
  anyTrue: (_value, scope, rule) =>
    (rule.args ?? []).some((path) => getValue(scope.values, scope.resolve(path)) === true),
  /** At least one of the `args` paths is filled. */
  anyFilled: (_value, scope, rule) =>
    (rule.args ?? []).some((path) => !isEmptyValue(getValue(scope.values, scope.resolve(path)))),
  /** No other item of the repeatable section holds the same text (case and spaces ignored). */
  uniqueInRepeat: (value, scope) => {
    const { section } = scope.field.section;
    if (!section.repeat || typeof value !== 'string' || isEmptyValue(value)) return true;
    const mine = value.trim().toLowerCase();
    const count = repeatCount(section.repeat, scope.values);
    for (let index = 0; index < count; index++) {
      if (index === scope.field.section.index) continue;
      const other = getValue(scope.values, `${section.path}.${index}.${scope.field.field.name}`);
      if (typeof other === 'string' && other.trim().toLowerCase() === mine) return false;
    }
    return true;
  },
};

function comparable(value: unknown, context: FormContext): number | string | null {
  if (value === '$today') return context.today;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    if (isIsoDate(value)) return value;
    const trimmed = value.trim();
    return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
  }
  return null;
}

function compare(actual: unknown, expected: unknown, context: FormContext): number | null {
  const a = comparable(actual, context);
  const b = comparable(expected, context);
  if (a === null || b === null || typeof a !== typeof b) return null;
  return a < b ? -1 : a > b ? 1 : 0;
}

function isPresent(found: FieldInstance, value: unknown, context: FormContext): boolean {
  if (found.field.kind === 'file') {
    if (context.documentKeys !== undefined) return context.documentKeys.has(found.documentKey ?? found.path);
    return !isEmptyValue(value);
  }
  if (found.field.kind === 'address') return isAddressComplete(value);
  if (found.field.kind === 'checkbox') return value === true;
  return !isEmptyValue(value);
}

/** True when the rule holds for the field's value. */
export function ruleHolds(rule: Rule, found: FieldInstance, values: FormValues, context: FormContext): boolean {
  const value = getValue(values, found.path);
  const scope: RuleScope = {
    values,
    context,
    field: found,
    resolve: (path) => resolvePath(path, found.section.path),
  };
  if (rule.type === 'rq') return isPresent(found, value, context);
  if (rule.type === 'cx') return rule.check === undefined || customChecks[rule.check](value, scope, rule);
  if (rule.type === 'eq') return normalise(value) === normalise(rule.value);
  if (isEmptyValue(value)) return true;
  switch (rule.type) {
    case 'ne':
      return value !== rule.value;
    case 'in':
      return (rule.values ?? []).includes(value);
    case 'ex':
      return !(rule.values ?? []).includes(value);
    case 're':
      return (
        (typeof value === 'string' || typeof value === 'number') &&
        new RegExp(`^(?:${rule.pattern ?? ''})$`).test(String(value))
      );
    default: {
      const order = compare(value, rule.value, context);
      if (order === null) return false;
      if (rule.type === 'lt') return order < 0;
      if (rule.type === 'le') return order <= 0;
      if (rule.type === 'gt') return order > 0;
      return order >= 0;
    }
  }
}

/** The issues of one visible field: the first failing rule of each severity (critical first). */
export function validateField(
  found: FieldInstance,
  values: FormValues,
  context: FormContext,
  stepId: string,
): FormIssue[] {
  const issues: FormIssue[] = [];
  const seen = new Set<Severity>();
  const rules = [...(found.field.rules ?? [])].sort(
    (a, b) => Number(a.severity === 'alert') - Number(b.severity === 'alert'),
  );
  for (const rule of rules) {
    if (seen.has(rule.severity)) continue;
    if (!conditionsHold(rule.when, values, found.section.path)) continue;
    if (ruleHolds(rule, found, values, context)) continue;
    seen.add(rule.severity);
    issues.push({
      path: found.path,
      stepId,
      sectionId: found.section.section.id,
      field: found.field.name,
      severity: rule.severity,
      message: rule.message,
      rule: rule.type,
    });
  }
  return issues;
}

/** The issues of one step (empty when the step is hidden). */
export function validateStep(step: StepDefinition, values: FormValues, context: FormContext): FormIssue[] {
  if (!conditionsHold(step.when, values)) return [];
  return visibleSections(step, values).flatMap((instance) =>
    visibleFields(instance, values).flatMap((found) => validateField(found, values, context, step.id)),
  );
}

/** The issues of every visible step. */
export function validateForm(definition: FormDefinition, values: FormValues, context: FormContext): FormIssue[] {
  return visibleSteps(definition, values).flatMap((step) => validateStep(step, values, context));
}

export function hasCriticalIssue(issues: readonly FormIssue[]): boolean {
  return issues.some((issue) => issue.severity === 'critical');
}

/** The issues at one path (for the field's helper text). */
export function issuesAt(issues: readonly FormIssue[], path: string): FormIssue[] {
  return issues.filter((issue) => issue.path === path);
}

// ---------------------------------------------------------------------------------------------
// Step states

/**
 * How the stepper shows a step: `disabled` when hidden by its condition (skipped) or not reached
 * yet; `inProgress` while it is the current step; `error` once touched with a critical issue;
 * `complete` once touched and valid.
 */
export type StepState = 'complete' | 'inProgress' | 'error' | 'disabled';

export interface StepProgress {
  /** The step the applicant is on. */
  current: boolean;
  /** The applicant has been on the step (or tried to go past it). */
  touched: boolean;
}

export function stepState(
  step: StepDefinition,
  values: FormValues,
  context: FormContext,
  progress: StepProgress,
): StepState {
  if (!conditionsHold(step.when, values)) return 'disabled';
  if (progress.current) return 'inProgress';
  if (!progress.touched) return 'disabled';
  return hasCriticalIssue(validateStep(step, values, context)) ? 'error' : 'complete';
}
