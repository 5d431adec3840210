import { AppError, type ErrorDetail, type FailureEnvelope, httpStatusOf } from '@lm/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendJson } from './send-status';

function pgErrorToAppError(error: { code?: string; message?: string; constraint?: string }): AppError | null {
  // Database constraints are the last line of defence; services check first with clear messages.
  if (error.code === '23514' && error.constraint === 'ledger_accounts_available_not_negative') {
    return new AppError('RULE_REFUSED', 'The amount is more than the available balance of the account.');
  }
  if (error.code === '23514' && error.constraint === 'loans_funded_within_amount') {
    return new AppError('RULE_REFUSED', 'Please input an amount less than or equal to the remaining value of the loan');
  }
  if (error.code === '23505') return new AppError('CONFLICT', 'That record already exists.');
  if (error.code === '40001' || error.code === '40P01') {
    return new AppError('CONFLICT', 'Another change was made at the same time. Please try again.');
  }
  return null;
}

/**
 * A request that failed its route's schema: a 400 naming each field (params, query or body). When
 * the first refusal is one of our own texts (a rule's custom check, or a sentence of the message
 * catalogues, which start 'Please '), that text alone is the userMessage, word for word as the
 * specification writes it; the details still name every field.
 */
function validationError(error: FastifyError): AppError {
  const issues = error.validation ?? [];
  const details: ErrorDetail[] = issues.map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(body)',
    message: issue.message ?? 'is not valid',
  }));
  const first = details[0];
  // the first of our own sentences, wherever it stands among the refusals: shown alone, no field name
  const oursAt = issues.findIndex(
    (issue, i) => issue.keyword === 'custom' || /^Please /.test(details[i]?.message ?? ''),
  );
  const ours = oursAt >= 0 ? details[oursAt] : undefined;
  const userMessage = ours
    ? ours.message
    : details.length === 1 && first
      ? `${first.field}: ${first.message}`
      : `Invalid input: ${[...new Set(details.map((d) => d.field))].join(', ')}`;
  return new AppError('VALIDATION_FAILED', userMessage, details);
}

/** The one place that turns errors into the failure envelope (5xx texts are never shown). */
export interface ErrorHandlerOptions {
  /** Sends the single-page app's page (app-page.ts): every GET outside the API when the web app is served. */
  appPage?: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | undefined;
}

export function registerErrorHandler(app: FastifyInstance, options: ErrorHandlerOptions = {}): void {
  app.setErrorHandler((error: FastifyError & { constraint?: string }, request, reply) => {
    let appError: AppError | null = error instanceof AppError ? error : null;
    if (!appError && Array.isArray(error.validation)) appError = validationError(error);
    if (!appError && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      appError = new AppError('PAYLOAD_TOO_LARGE', 'The request is too large (the limit is 1 MB).');
    }
    if (!appError && (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT')) {
      appError = new AppError('PAYLOAD_TOO_LARGE', 'The file is too large (the limit is 20 MB).');
    }
    if (!appError && error.code?.startsWith('FST_ERR_CTP')) {
      appError = new AppError('BAD_REQUEST', 'The request body could not be read.');
    }
    if (!appError && error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      appError = new AppError('BAD_REQUEST', 'The request is not a file upload (multipart/form-data).');
    }
    if (!appError) appError = pgErrorToAppError(error);
    if (!appError && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      appError = new AppError('BAD_REQUEST', error.message);
    }
    if (!appError) {
      request.log.error({ err: error }, 'unhandled error');
      appError = new AppError('INTERNAL', 'Action Failed');
    }
    const body: FailureEnvelope = { success: false, userMessage: appError.userMessage, code: appError.code };
    if (appError.details) body.details = appError.details;
    return sendJson(reply, httpStatusOf(appError.code), body);
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/authenticateJwt');
    if (options.appPage && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      // the single-page app answers every other path; its router shows the not-found page
      return options.appPage(request, reply);
    }
    const body: FailureEnvelope = {
      success: false,
      userMessage: `No such path: ${request.method} ${pathname}`,
      code: 'NOT_FOUND',
    };
    return sendJson(reply, 404, body);
  });
}
