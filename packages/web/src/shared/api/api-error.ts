import { AppError, displayMessages, type ErrorCode, type ErrorDetail, errorStatus } from '@lm/domain';

/**
 * A failed call, turned back into the domain's AppError codes (STYLE §3). `status` is the HTTP
 * status (0 when the request never reached the server); `sessionEnded` marks failures the session
 * flow has already handled (logged out), which must not raise a second toast.
 */
export class ApiError extends AppError {
  readonly status: number;
  readonly network: boolean;
  sessionEnded = false;
  /** The action that failed, as `METHOD /path/template` (set by callRoute). */
  action: string | undefined;
  constructor(
    code: ErrorCode,
    userMessage: string,
    options: { status: number; details?: ErrorDetail[] | undefined; network?: boolean },
  ) {
    super(code, userMessage, options.details);
    this.name = 'ApiError';
    this.status = options.status;
    this.network = options.network ?? false;
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorStatus, value);
}

/** The error code of a failure envelope, or the closest one for its status when it names none. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 422:
      return 'RULE_REFUSED';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 666:
      return 'TOKEN_TAMPERED';
    default:
      return status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL';
  }
}

export function networkError(): ApiError {
  return new ApiError('INTERNAL', displayMessages.fetchFailed, { status: 0, network: true });
}

/** The text a toast shows for any error (spec core §8: the message, or 'Action Failed'). */
export function messageOf(error: unknown): string {
  if (error instanceof AppError) return error.userMessage || displayMessages.actionFailed;
  if (error instanceof Error && error.message) return error.message;
  return displayMessages.actionFailed;
}

/**
 * Actions that succeeded, by `METHOD /path/template`: an error raised by an earlier try of the same
 * action is out of date once it succeeds (the toasts listen, see toast-store).
 */
const actionSucceededListeners = new Set<(action: string) => void>();

export function onActionSucceeded(listener: (action: string) => void): () => void {
  actionSucceededListeners.add(listener);
  return () => actionSucceededListeners.delete(listener);
}

export function actionSucceeded(action: string): void {
  for (const listener of actionSucceededListeners) listener(action);
}
