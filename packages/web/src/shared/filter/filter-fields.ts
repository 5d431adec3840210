import { Decimal, formatMoney } from '@lm/domain';
import { combineFilters } from './combine-filters';
import { compare, type FieldRule, type FieldValue } from './field-rules';
import { sydneyStartOfDay } from './sydney-time';

export { combineFilters };

/**
 * The filter criteria types of spec core §3: string, boolean, date, date-time, currency,
 * integer, percentage, selection, file, and a term in months, days or years.
 */
export type CriteriaType =
  | 'string'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'currency'
  | 'integer'
  | 'percentage'
  | 'selection'
  | 'file'
  | 'term';

export type FilterOperator = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'contains' | 'startswith' | 'endswith' | 'in';

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * One input of a filter dialog. `field` is the API path the condition applies to; several inputs
 * may filter one field (Investment Rate ge / Investment Rate le).
 */
export interface FilterField {
  /** Unique in its list: the URL key (f.<id>) and the form key. */
  id: string;
  label: string;
  field: string;
  type: CriteriaType;
  /** Default: contains for string, in for file and multiple selections, eq otherwise. */
  operator?: FilterOperator;
  /** selection: the choices. term: the unit choices (default months, days, years). */
  options?: readonly FilterOption[];
  /** selection: allow several values (in (...)). */
  multiple?: boolean;
  /** term: the API field holding the term's unit. */
  unitField?: string;
  rules?: readonly FieldRule[];
  helperText?: string;
}

export type FilterValues = Readonly<Record<string, FieldValue>>;

/** Values one file criterion may carry: the server accepts at most 100 in one in (...). */
export const fileValuesMax = 100;

export const termUnitsDefault: readonly FilterOption[] = [
  { value: 'MONTHS', label: 'Months' },
  { value: 'DAYS', label: 'Days' },
  { value: 'YEARS', label: 'Years' },
];

export function operatorOf(field: FilterField): FilterOperator {
  if (field.operator) return field.operator;
  if (field.type === 'string') return 'contains';
  if (field.type === 'file' || (field.type === 'selection' && field.multiple)) return 'in';
  return 'eq';
}

/** A string literal of the $filter language: quoted, a quote doubled. */
export function odataString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

const numberPattern = /^-?\d+(\.\d+)?$/;

/** A number literal, normalised (no exponent, no leading +): null when not a number. */
export function odataNumber(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  try {
    const d = new Decimal(trimmed);
    if (!d.isFinite()) return null;
    const fixed = d.toFixed();
    return numberPattern.test(fixed) ? fixed : null;
  } catch {
    return null;
  }
}

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

function literalFor(field: FilterField, text: string): string | null {
  switch (field.type) {
    case 'integer':
    case 'currency':
    case 'percentage':
    case 'term':
      return odataNumber(text);
    case 'boolean':
      return text === 'true' || text === 'false' ? text : null;
    case 'date':
      return datePattern.test(text) ? text : null;
    default:
      return odataString(text);
  }
}

function asList(value: FieldValue): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((v) => String(v).trim()).filter((v) => v !== '');
}

/** The $filter condition one criterion adds, or null when it is empty or unusable. */
export function conditionFor(field: FilterField, value: FieldValue): string | null {
  const values = asList(value);
  if (values.length === 0) return null;
  const operator = operatorOf(field);

  if (field.type === 'datetime') {
    // a date-time field filtered by a Sydney date: the day runs from its midnight to the next
    const day = values[0] as string;
    if (!datePattern.test(day)) return null;
    const start = sydneyStartOfDay(day, 0);
    const next = sydneyStartOfDay(day, 1);
    switch (operator) {
      case 'ge':
        return `${field.field} ge ${start}`;
      case 'gt':
        return `${field.field} ge ${next}`;
      case 'le':
        return `${field.field} lt ${next}`;
      case 'lt':
        return `${field.field} lt ${start}`;
      case 'ne':
        return `(${field.field} lt ${start} or ${field.field} ge ${next})`;
      default:
        return `(${field.field} ge ${start} and ${field.field} lt ${next})`;
    }
  }

  if (operator === 'in') {
    const limited = values.slice(0, field.type === 'file' ? fileValuesMax : values.length);
    const literals = limited.map((v) => literalFor(field, v)).filter((v): v is string => v !== null);
    if (literals.length === 0) return null;
    return literals.length === 1 ? `${field.field} eq ${literals[0]}` : `${field.field} in (${literals.join(',')})`;
  }

  const text = values[0] as string;
  if (operator === 'contains' || operator === 'startswith' || operator === 'endswith') {
    return `${operator}(${field.field},${odataString(text)})`;
  }

  if (field.type === 'term') {
    // stored as "<number>:<unit>"; the unit narrows to terms written in the same unit
    const [amount = '', unit = ''] = text.split(':');
    const literal = odataNumber(amount);
    if (literal === null) return null;
    const condition = `${field.field} ${operator} ${literal}`;
    return unit && field.unitField ? `(${condition} and ${field.unitField} eq ${odataString(unit)})` : condition;
  }

  const literal = literalFor(field, text);
  return literal === null ? null : `${field.field} ${operator} ${literal}`;
}

/** The $filter of a filter dialog's values: every criterion joined with and. */
export function buildFilter(fields: readonly FilterField[], values: FilterValues): string | undefined {
  const conditions = fields
    .map((field) => conditionFor(field, values[field.id]))
    .filter((c): c is string => c !== null);
  return combineFilters(...conditions);
}

/** The criteria that are set, for the chips above a list. */
export function activeCriteria(
  fields: readonly FilterField[],
  values: FilterValues,
): { field: FilterField; text: string }[] {
  return fields.flatMap((field) => {
    const list = asList(values[field.id]);
    if (list.length === 0) return [];
    const label = (v: string) => field.options?.find((o) => o.value === v)?.label ?? v;
    let text: string;
    if (field.type === 'file') text = `${list.length} value${list.length === 1 ? '' : 's'}`;
    else if (field.type === 'boolean') text = list[0] === 'true' ? 'Yes' : 'No';
    else if (field.type === 'term') {
      const [amount, unit = ''] = (list[0] as string).split(':');
      text = `${amount} ${termUnitsDefault.find((u) => u.value === unit)?.label ?? unit}`.trim();
    } else if (field.type === 'currency') text = formatMoney(list[0] as string);
    else if (field.type === 'percentage') text = `${list[0]}%`;
    else if (field.type === 'date' || field.type === 'datetime') {
      const [y, m, d] = (list[0] as string).split('-');
      text = `${d}/${m}/${y}`;
    } else text = list.map(label).join(', ');
    return [{ field, text }];
  });
}

// ---------------------------------------------------------------------------------------------
// The field rules every filter dialog applies (spec core §5 "Filter field rules")

/** Texts of the default filter rules (ours: the specification names only the operators and severities). */
export const filterRuleTexts = {
  notNegative: 'Please input a value of 0 or more.',
  percentAtMost100: 'Please input a percentage of 100 or less.',
  rangeOrder: (from: string, to: string) => `${from} must not be more than ${to}.`,
};

const numericCriteria: readonly CriteriaType[] = ['currency', 'integer', 'percentage'];
const rangeCriteria: readonly CriteriaType[] = ['currency', 'integer', 'percentage', 'date', 'datetime'];
const isLowerBound = (op: FilterOperator) => op === 'ge' || op === 'gt';
const isUpperBound = (op: FilterOperator) => op === 'le' || op === 'lt';
const single = (value: FieldValue): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * A dialog's fields with the rules every filter has besides its own: amounts, counts and
 * percentages not negative and percentages at most 100 (critical), and the lower end of a range
 * (Amount from / Amount to on one field) not above its upper end (critical).
 */
export function withDefaultRules(fields: readonly FilterField[]): FilterField[] {
  return fields.map((field) => {
    const rules: FieldRule[] = [...(field.rules ?? [])];
    if (numericCriteria.includes(field.type)) {
      rules.push({ op: 'ge', value: 0, severity: 'critical', message: filterRuleTexts.notNegative });
    }
    if (field.type === 'percentage') {
      rules.push({ op: 'le', value: 100, severity: 'critical', message: filterRuleTexts.percentAtMost100 });
    }
    const upper = isLowerBound(operatorOf(field))
      ? fields.find(
          (other) =>
            other.id !== field.id &&
            other.field === field.field &&
            other.type === field.type &&
            isUpperBound(operatorOf(other)),
        )
      : undefined;
    if (upper && rangeCriteria.includes(field.type)) {
      rules.push({
        op: 'cx',
        test: (value, values) => {
          const from = single(value);
          const to = single(values[upper.id]);
          return from === null || to === null || compare(from, to) <= 0;
        },
        severity: 'critical',
        message: filterRuleTexts.rangeOrder(field.label, upper.label),
      });
    }
    return rules.length === (field.rules?.length ?? 0) ? field : { ...field, rules };
  });
}
