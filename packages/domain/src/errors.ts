/**
 * One error type for rule refusals and bad input. The server maps `code` to an HTTP status
 * through `httpStatusOf`; the web client turns an envelope back into the same code.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_QUERY: 400,
  INVALID_FILE: 400,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  PAYLOAD_TOO_LARGE: 413,
  RULE_REFUSED: 422,
  IDEMPOTENCY_MISMATCH: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  TOKEN_TAMPERED: 666,
} as const;
export type ErrorCode = keyof typeof errorStatus;

export interface ErrorDetail {
  field?: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly userMessage: string;
  readonly details: ErrorDetail[] | undefined;
  constructor(code: ErrorCode, userMessage: string, details?: ErrorDetail[]) {
    super(userMessage);
    this.name = 'AppError';
    this.code = code;
    this.userMessage = userMessage;
    this.details = details;
  }
}

export function httpStatusOf(code: ErrorCode): number {
  return errorStatus[code];
}

/** The response envelope of DESIGN §1. */
export type SuccessEnvelope<T> = { success: true; data: T; count?: number; userMessage?: string };
export type FailureEnvelope = { success: false; userMessage: string; code: ErrorCode; details?: ErrorDetail[] };
export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;

export const refuse = (userMessage: string, details?: ErrorDetail[]) =>
  new AppError('RULE_REFUSED', userMessage, details);
export const notFound = (userMessage: string) => new AppError('NOT_FOUND', userMessage);
export const badRequest = (userMessage: string, details?: ErrorDetail[]) =>
  new AppError('BAD_REQUEST', userMessage, details);
export const forbidden = (userMessage = 'You do not have permission to do this.') =>
  new AppError('FORBIDDEN', userMessage);
export const conflict = (userMessage: string) => new AppError('CONFLICT', userMessage);
