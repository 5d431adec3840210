import { AppError, type ErrorDetail } from '@lm/domain';
import type { z } from 'zod';

/**
 * Validates a body with a domain schema, like the platform's `validate`, but a refusal whose text
 * is one of our own messages (a rule of the specification, written in the schema) is shown as that
 * text alone, word for word: 'Please input a rate greater than 0.' rather than
 * 'loan.marketplaceRate: Please input a rate greater than 0.'. Each detail still names its field.
 */
export function validateWithMessages<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const details: ErrorDetail[] = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || '(body)',
    message: issue.message,
  }));
  const first = result.error.issues[0];
  const firstDetail = details[0];
  // our messages are custom checks, or the error text given to a schema (a sentence ending in '.')
  const ours = first !== undefined && (first.code === 'custom' || /^Please /.test(first.message));
  const userMessage =
    ours && first
      ? first.message
      : details.length === 1 && firstDetail
        ? `${firstDetail.field}: ${firstDetail.message}`
        : `Invalid input: ${details.map((d) => d.field).join(', ')}`;
  throw new AppError('VALIDATION_FAILED', userMessage, details);
}
