import { AppError, type ErrorDetail, type SuccessEnvelope } from '@lm/domain';
import type { z } from 'zod';

export function ok<T>(data: T, extra: { count?: number; userMessage?: string } = {}): SuccessEnvelope<T> {
  return { success: true, data, ...extra };
}

/** Validates input with a domain zod schema; a failure is a 400 naming each field. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const details: ErrorDetail[] = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || '(body)',
    message: issue.message,
  }));
  const first = details[0];
  const userMessage =
    details.length === 1 && first
      ? `${first.field}: ${first.message}`
      : `Invalid input: ${details.map((d) => d.field).join(', ')}`;
  throw new AppError('VALIDATION_FAILED', userMessage, details);
}

/** Parses a numeric route parameter. */
export function idParam(value: unknown, name = 'id'): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new AppError('BAD_REQUEST', `${name} must be a positive whole number`);
  return n;
}
