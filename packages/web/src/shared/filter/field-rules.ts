import { Decimal } from '@lm/domain';

/**
 * The field rules of spec core §5 (and the onboarding field engine of investor-and-admin §5):
 * operators in, ex, lt, le, gt, ge, eq, ne, rq, re, cx; severities critical and alert. A rule
 * states what the value must satisfy; when it does not, its message shows with its severity,
 * and a critical one blocks the confirm button.
 */
export type RuleOperator = 'in' | 'ex' | 'lt' | 'le' | 'gt' | 'ge' | 'eq' | 'ne' | 'rq' | 're' | 'cx';
export type RuleSeverity = 'critical' | 'alert';

export type FieldValue = string | readonly string[] | undefined;

export interface FieldRule {
  op: RuleOperator;
  /** in/ex: the allowed/excluded values; lt..ne: the value compared with; re: a pattern. */
  value?: string | number | readonly (string | number)[] | RegExp;
  /** cx: true when the value is acceptable; it sees every field's value. */
  test?: (value: FieldValue, values: Readonly<Record<string, FieldValue>>) => boolean;
  severity: RuleSeverity;
  message: string;
}

export interface RuleResult {
  fieldId: string;
  severity: RuleSeverity;
  message: string;
}

function isEmpty(value: FieldValue): boolean {
  return value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

const numberPattern = /^-?\d+(\.\d+)?$/;

/** Compares numerically when both sides are numbers, as text otherwise (ISO dates compare as text). */
export function compare(a: string, b: string): number {
  if (numberPattern.test(a) && numberPattern.test(b)) return new Decimal(a).comparedTo(new Decimal(b));
  return a < b ? -1 : a > b ? 1 : 0;
}

function holds(rule: FieldRule, value: FieldValue, values: Readonly<Record<string, FieldValue>>): boolean {
  if (rule.op === 'rq') return !isEmpty(value);
  if (rule.op === 'cx') return rule.test ? rule.test(value, values) : true;
  // the other rules judge a value only once there is one (required is rq's business)
  if (isEmpty(value)) return true;
  const items = (Array.isArray(value) ? value : [value]) as string[];
  switch (rule.op) {
    case 'in': {
      const allowed = (Array.isArray(rule.value) ? rule.value : [rule.value]).map(String);
      return items.every((item) => allowed.includes(item));
    }
    case 'ex': {
      const excluded = (Array.isArray(rule.value) ? rule.value : [rule.value]).map(String);
      return items.every((item) => !excluded.includes(item));
    }
    case 're': {
      const pattern = rule.value instanceof RegExp ? rule.value : new RegExp(String(rule.value));
      return items.every((item) => pattern.test(item));
    }
    default: {
      const other = String(rule.value);
      return items.every((item) => {
        const c = compare(item, other);
        switch (rule.op) {
          case 'lt':
            return c < 0;
          case 'le':
            return c <= 0;
          case 'gt':
            return c > 0;
          case 'ge':
            return c >= 0;
          case 'eq':
            return c === 0;
          case 'ne':
            return c !== 0;
          default:
            return true;
        }
      });
    }
  }
}

/** Every broken rule of every field, critical ones first. */
export function evaluateRules(
  fields: readonly { id: string; rules?: readonly FieldRule[] | undefined }[],
  values: Readonly<Record<string, FieldValue>>,
): RuleResult[] {
  const results: RuleResult[] = [];
  for (const field of fields) {
    for (const rule of field.rules ?? []) {
      if (!holds(rule, values[field.id], values)) {
        results.push({ fieldId: field.id, severity: rule.severity, message: rule.message });
      }
    }
  }
  return results.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'critical' ? -1 : 1));
}

/** A critical result blocks the confirm button (spec core §5). */
export function blocksConfirm(results: readonly RuleResult[]): boolean {
  return results.some((result) => result.severity === 'critical');
}
