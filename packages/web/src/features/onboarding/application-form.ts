import {
  type DocumentMetadata,
  type FormContext,
  type FormDefinition,
  type FormValues,
  getValue,
  onboardingApplicationVersion,
  pruneHidden,
  repeatCount,
  type SectionDefinition,
  setValue,
  validateForm,
  visibleFieldsOfForm,
} from '@lm/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** The parts of an address (DESIGN §1: `{line1, line2?, suburb, state, postcode, country}`). */
export const addressParts = [
  { name: 'line1', label: 'Line 1', required: true },
  { name: 'line2', label: 'Line 2', required: false },
  { name: 'suburb', label: 'Suburb', required: true },
  { name: 'state', label: 'State', required: true },
  { name: 'postcode', label: 'Postcode', required: true },
  { name: 'country', label: 'Country', required: true },
] as const;

/** An address on one line: '1 Main St, Unit 2, Sydney NSW 2000, Australia'. */
export function addressText(value: unknown): string {
  if (value === null || typeof value !== 'object') return '';
  const a = value as Record<string, unknown>;
  const text = (key: string) => (typeof a[key] === 'string' ? (a[key] as string).trim() : '');
  const place = [text('suburb'), text('state'), text('postcode')].filter(Boolean).join(' ');
  return [text('line1'), text('line2'), place, text('country')].filter(Boolean).join(', ');
}

export interface ApplicationDocument {
  key: string;
  file: File;
}

/** The chosen file of every visible file field, in the form's order, each with its document key. */
export function applicationDocuments(definition: FormDefinition, values: FormValues): ApplicationDocument[] {
  const documents: ApplicationDocument[] = [];
  for (const found of visibleFieldsOfForm(definition, values)) {
    if (found.field.kind !== 'file') continue;
    const file = getValue(values, found.path);
    if (file instanceof File) documents.push({ key: found.documentKey ?? found.path, file });
  }
  return documents;
}

/**
 * The multipart of DESIGN §1 "onboarding": `applicationData` (what the applicant can see, without
 * the files), `version` 1, the `documents` and their `documentsMetadata` ({key, fileName} per file,
 * in the same order).
 */
export function applicationMultipart(definition: FormDefinition, values: FormValues): FormData {
  const documents = applicationDocuments(definition, values);
  const metadata: DocumentMetadata[] = documents.map(({ key, file }) => ({ key, fileName: file.name }));
  const body = new FormData();
  body.append('applicationData', JSON.stringify(pruneHidden(definition, values)));
  body.append('version', String(onboardingApplicationVersion));
  body.append('documentsMetadata', JSON.stringify(metadata));
  for (const { file } of documents) body.append('documents', file, file.name);
  return body;
}

/** One more item of a repeatable section: its count goes up by one (at most its max). */
export function addRepeatItem(section: SectionDefinition, values: FormValues): FormValues {
  const repeat = section.repeat;
  if (!repeat) return values;
  const count = repeatItems(section, values);
  return setValue(values, repeat.countField, Math.min(repeat.max, count + 1));
}

/** The item at `index` removed: the later items move up and the count goes down by one. */
export function removeRepeatItem(section: SectionDefinition, values: FormValues, index: number): FormValues {
  const repeat = section.repeat;
  if (!repeat) return values;
  const count = repeatItems(section, values);
  if (count <= repeat.min || index < 0 || index >= count) return values;
  const items = getValue(values, section.path);
  const kept = Array.isArray(items) ? items.filter((_item, i) => i !== index) : [];
  return setValue(setValue(values, section.path, kept), repeat.countField, count - 1);
}

/** The item count of a repeatable section as entered (its count field), within its min and max. */
export function repeatItems(section: SectionDefinition, values: FormValues): number {
  const repeat = section.repeat;
  if (!repeat) return 0;
  return repeatCount(repeat, values);
}

/**
 * The form engine as react-hook-form's resolver: each critical issue is the error of its field
 * (alerts are warnings, not errors), so the form kit's fields show the engine's messages.
 */
export function engineResolver(definition: FormDefinition, context: FormContext): Resolver<Record<string, unknown>> {
  return (values) => {
    const critical = validateForm(definition, values, context).filter((issue) => issue.severity === 'critical');
    if (critical.length === 0) return { values, errors: {} };
    let errors: FormValues = {};
    for (const issue of critical) {
      if (getValue(errors, issue.path) === undefined) {
        errors = setValue(errors, issue.path, { type: issue.rule, message: issue.message });
      }
    }
    return { values: {}, errors: errors as FieldErrors<Record<string, unknown>> };
  };
}
