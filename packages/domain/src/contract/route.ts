import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * One API route's contract: the server registers it (validating params, query and body, and the
 * reply with `response`), `/api/openapi.json` describes it, and the web calls it with types
 * inferred from the same schemas.
 */
export interface RouteContract {
  method: HttpMethod;
  /** Fastify's path syntax: '/api/investmentAccounts/:id/deposit'. */
  path: string;
  summary: string;
  description?: string;
  /** OpenAPI tag: the feature, e.g. 'accounts'. */
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The schema of the envelope's `data`. */
  response: z.ZodType;
  /** The reply carries `count` ($count=true on a list). */
  list?: boolean;
  /** Accepts an Idempotency-Key header (money-moving POSTs). */
  idempotent?: boolean;
  /** multipart/form-data upload: the body is read as a stream by the handler, not by a schema. */
  multipart?: { fields: Record<string, string>; files: string };
  /** The success reply is a file, not the JSON envelope. */
  file?: { contentTypes: string[] };
  /**
   * The `data` of a 202 reply: the route runs as a job when asked with `Prefer: respond-async`
   * (DESIGN §1 "long work").
   */
  accepted?: z.ZodType;
}

/* @__NO_SIDE_EFFECTS__ */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

declare const contractType: unique symbol;

/**
 * What the web needs of a route to call it: its method and path, as plain data, typed by the whole
 * contract (a type only: no schema is built). `@lm/domain/routes` holds one per contract, made from
 * them by `npm run routes -w @lm/domain`; a screen that imported the contract itself would build
 * every zod schema of its module as the page loads (docs/decisions/014-route-refs.md).
 */
export interface RouteRef<C extends RouteContract = RouteContract> {
  readonly method: C['method'];
  readonly path: C['path'];
  readonly [contractType]?: C;
}

/** The contract of a contract or of its reference. */
export type ContractOf<R extends RouteContract | RouteRef> = R extends RouteContract
  ? R
  : R extends RouteRef<infer C>
    ? C
    : never;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a handler receives, already validated. */
export interface RouteInput<C extends RouteContract> {
  params: Out<C['params']>;
  query: Out<C['query']>;
  body: Out<C['body']>;
}

/** What a caller sends (before the server's parsing). */
export interface RouteRequest<R extends RouteContract | RouteRef> {
  params: In<ContractOf<R>['params']>;
  query: In<ContractOf<R>['query']>;
  body: In<ContractOf<R>['body']>;
}

/** The `data` of the route's success envelope. */
export type RouteData<R extends RouteContract | RouteRef> = z.output<ContractOf<R>['response']>;
