import type { ContractOf, RouteData, RouteRef, RouteRequest } from '@lm/domain';
import { type ApiResponse, apiDownload, apiRequest, type QueryValue, type RequestOptions } from './api-client';
import { ApiError, actionSucceeded } from './api-error';

type Defined<T> = T extends undefined ? never : T;

/** What one call sends: the contract's params, query and body (each only when the route has one). */
export type CallOptions<C extends RouteRef> = (RouteRequest<C>['params'] extends undefined
  ? { params?: never }
  : { params: Defined<RouteRequest<C>['params']> }) &
  (RouteRequest<C>['query'] extends undefined
    ? { query?: never }
    : { query?: Defined<RouteRequest<C>['query']> | Record<string, QueryValue> | URLSearchParams }) &
  (RouteRequest<C>['body'] extends undefined
    ? ContractOf<C>['multipart'] extends object
      ? { body: FormData }
      : { body?: never }
    : { body: Defined<RouteRequest<C>['body']> | FormData }) & {
    signal?: AbortSignal;
    headers?: Record<string, string>;
    /** Send the token on a route that works without one (staff sending a reset mail); see api-client. */
    auth?: boolean;
  };

/** The path of a route with its `:name` parameters filled in (each encoded). */
export function pathOf(route: Pick<RouteRef, 'path'>, params: Record<string, unknown> = {}): string {
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${route.path}: the parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

function requestOptions(options: {
  query?: unknown;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  auth?: boolean;
}) {
  const request: RequestOptions = {};
  if (options.auth !== undefined) request.auth = options.auth;
  if (options.query !== undefined) request.query = options.query as RequestOptions['query'];
  if (options.body !== undefined) request.body = options.body;
  if (options.signal) request.signal = options.signal;
  if (options.headers) request.headers = options.headers;
  return request;
}

/**
 * Calls one API route by its reference (`@lm/domain/routes`): the path and the method, with the
 * types of what is sent and what comes back inferred from the same schemas the server validates
 * with (the schemas themselves stay out of the page).
 */
export function callRoute<C extends RouteRef>(
  route: C,
  ...[options]: RouteRequest<C>['params'] extends undefined
    ? RouteRequest<C>['body'] extends undefined
      ? [CallOptions<C>?]
      : [CallOptions<C>]
    : [CallOptions<C>]
): Promise<ApiResponse<RouteData<C>>> {
  const opts = (options ?? {}) as { params?: Record<string, unknown>; query?: unknown; body?: unknown };
  const body = opts.body ?? (route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
  const action = `${route.method} ${route.path}`;
  return apiRequest<RouteData<C>>(route.method, pathOf(route, opts.params), requestOptions({ ...options, body })).then(
    (response) => {
      actionSucceeded(action);
      return response;
    },
    (error: unknown) => {
      if (error instanceof ApiError) error.action ??= action;
      throw error;
    },
  );
}

/** Downloads a file route (reports, statements) by its reference. */
export function downloadRoute<C extends RouteRef>(route: C, options: CallOptions<C>): Promise<Response> {
  const opts = options as { params?: Record<string, unknown>; query?: unknown; body?: unknown };
  return apiDownload(route.method, pathOf(route, opts.params), requestOptions(options));
}
