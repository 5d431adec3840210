import { displayMessages, type RouteData, type RouteRequest } from '@lm/domain';
import type { refreshSessionRoute } from '@lm/domain/routes';
import { loadSessionMessages } from '../session/load-session-messages';
import { ApiError, codeForStatus, isErrorCode, networkError } from './api-error';
import { decodeAccessToken, isExpired, serverOffsetOf } from './jwt';
import { clearSession, readSession, type StoredSession, writeSession } from './storage';

/** What a successful call returns: the envelope of DESIGN §1 without its success flag. */
export interface ApiResponse<T> {
  data: T;
  count?: number;
  userMessage?: string;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue> | URLSearchParams;
  body?: unknown;
  /** Calls without a token (login, refresh, reset): default false for those, true for the rest. */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export type SessionEndReason = 'expired' | 'tampered';
type SessionListener = (reason: SessionEndReason) => void;

const listeners = new Set<SessionListener>();

/** The session store listens here to log the user out when the session flow gives up. */
export function onSessionEnded(listener: SessionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function endSession(reason: SessionEndReason): Promise<ApiError> {
  clearSession();
  for (const listener of listeners) listener(reason);
  const sessionMessages = await loadSessionMessages();
  const error =
    reason === 'expired'
      ? new ApiError('TOKEN_EXPIRED', sessionMessages.sessionExpired, { status: 401 })
      : new ApiError('TOKEN_TAMPERED', sessionMessages.pleaseLoginAgain, { status: 666 });
  error.sessionEnded = true;
  return error;
}

/** Stores a freshly issued token pair (login or refresh), in the storage Remember Me chose. */
export function storeTokens(tokens: { accessToken: string; refreshToken: string }, remembered: boolean): void {
  const claims = decodeAccessToken(tokens.accessToken);
  const session: StoredSession = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    serverOffsetMs: claims ? serverOffsetOf(claims) : 0,
  };
  writeSession(session, remembered);
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = path.startsWith('/') ? path : `/${path}`;
  if (!query) return url;
  const params = query instanceof URLSearchParams ? query : new URLSearchParams();
  if (!(query instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

async function send(method: string, path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: body ?? null,
      signal: options.signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw networkError();
  }
}

/** Reads a response as the envelope; anything that is not `success: true` is raised as an ApiError. */
export async function readEnvelope<T>(response: Response): Promise<ApiResponse<T>> {
  const text = await response.text();
  if (!text) {
    // spec core §8: an empty response is an error with status 400 carrying the status text
    throw new ApiError('BAD_REQUEST', response.statusText || displayMessages.actionFailed, { status: 400 });
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new ApiError(codeForStatus(response.status), displayMessages.actionFailed, { status: response.status });
  }
  if (body.success !== true) {
    const code = isErrorCode(body.code) ? body.code : codeForStatus(response.status);
    const message = typeof body.userMessage === 'string' && body.userMessage ? body.userMessage : undefined;
    throw new ApiError(code, message ?? displayMessages.actionFailed, {
      status: response.status,
      details: Array.isArray(body.details) ? (body.details as ApiError['details']) : undefined,
    });
  }
  const result: ApiResponse<T> = { data: body.data as T };
  if (typeof body.count === 'number') result.count = body.count;
  if (typeof body.userMessage === 'string') result.userMessage = body.userMessage;
  return result;
}

let refreshInFlight: Promise<string> | null = null;

/** POST api/auth/refresh (its contract's path; only types come from the domain here). */
const refreshPath: (typeof refreshSessionRoute)['path'] = '/api/auth/refresh';

async function refreshOnce(failedToken: string): Promise<string> {
  const stored = readSession();
  if (!stored) throw await endSession('expired');
  // another call (or another tab) has already refreshed: use its token
  if (stored.session.accessToken !== failedToken) return stored.session.accessToken;
  let response: Response;
  try {
    const body: RouteRequest<typeof refreshSessionRoute>['body'] = { refreshToken: stored.session.refreshToken };
    response = await send('POST', refreshPath, { body }, null);
  } catch (error) {
    if ((error as ApiError).network) throw error;
    throw await endSession('expired');
  }
  try {
    const envelope = await readEnvelope<RouteData<typeof refreshSessionRoute>>(response);
    // refresh tokens rotate: the new one must be kept every time, the old one is spent
    storeTokens(envelope.data, stored.remembered);
    return envelope.data.accessToken;
  } catch {
    throw await endSession('expired');
  }
}

/**
 * Refreshes the access token once for every call that is waiting (spec core §4: the failed calls
 * are queued and replayed). Across tabs the Web Locks API makes the rotations take turns, so two
 * tabs never spend the same refresh token.
 */
export function refreshAccessToken(failedToken: string): Promise<string> {
  if (!refreshInFlight) {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    const run = () => refreshOnce(failedToken);
    refreshInFlight = (locks ? locks.request('lm.session.refresh', run) : run()).finally(() => {
      refreshInFlight = null;
    });
  }
  return refreshInFlight;
}

/** The token for a call: it must exist and be decodable, and is refreshed first when expired (spec core §5). */
async function tokenForCall(): Promise<string> {
  if (refreshInFlight) return refreshInFlight;
  const stored = readSession();
  if (!stored) throw await endSession('tampered');
  const claims = decodeAccessToken(stored.session.accessToken);
  if (!claims) throw await endSession('tampered');
  if (isExpired(claims, stored.session.serverOffsetMs)) return refreshAccessToken(stored.session.accessToken);
  return stored.session.accessToken;
}

const publicPaths = new Set([
  '/api/auth/login',
  '/api/auth/refresh',
  '/api/user/reset',
  '/api/user/confirm-reset',
  '/api/health',
]);

/**
 * One call to the API with the session flow of spec core §4: a 401 refreshes the token and
 * replays the call once; a failed refresh or a 666 ends the session.
 */
export async function apiRequest<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const auth = options.auth ?? !publicPaths.has(path);
  if (!auth) return readEnvelope<T>(await send(method, path, options, null));
  const token = await tokenForCall();
  let response = await send(method, path, options, token);
  if (response.status === 401) {
    const fresh = await refreshAccessToken(token);
    response = await send(method, path, options, fresh);
    if (response.status === 401) throw await endSession('expired');
  }
  if (response.status === 666) throw await endSession('tampered');
  return readEnvelope<T>(response);
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body: body ?? {} }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};

/** A file download (reports, statements) through the same session flow; answers the raw response. */
export async function apiDownload(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const token = await tokenForCall();
  let response = await send(method, path, options, token);
  if (response.status === 401) response = await send(method, path, options, await refreshAccessToken(token));
  if (response.status === 401) throw await endSession('expired');
  if (response.status === 666) throw await endSession('tampered');
  if (!response.ok) await readEnvelope(response);
  return response;
}
