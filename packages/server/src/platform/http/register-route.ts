import {
  AppError,
  failureEnvelope,
  inputMessages,
  type RouteContract,
  type RouteData,
  type RouteInput,
  type SuccessEnvelope,
  successEnvelope,
  unsafeTextPath,
} from '@lm/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PUBLIC, routeAccess, routeKey } from '../access/route-access';
import type { AppContext } from '../context';
import { type IdempotencyOptions, idempotencyKeyLengthMax, withIdempotency } from '../idempotency';

/** A handler answers the envelope of its route's `data`, or (file routes) sends the reply itself. */
export type RouteHandler<C extends RouteContract> = (
  input: RouteInput<C>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<C['file'] extends object ? FastifyReply : SuccessEnvelope<RouteData<C>>>;

const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .max(idempotencyKeyLengthMax)
    .optional()
    .describe('Replaying a key answers the first result and moves nothing (DESIGN §3)'),
});

const preferHeaders = z.looseObject({
  prefer: z
    .string()
    .max(200)
    .optional()
    .describe('`respond-async`: answer 202 `{jobId}` and make the result in a job (DESIGN §1 "long work")'),
});

const failureStatuses = [400, 403, 404, 409, 413, 422, 429] as const;

/** The Fastify schema of a contract: what the server validates and what the OpenAPI document says. */
export function fastifySchemaOf(contract: RouteContract): Record<string, unknown> {
  const access = routeAccess[routeKey(contract.method, contract.path)];
  const roles = access === undefined ? [] : access === PUBLIC ? ['anyone'] : [...access];
  const response: Record<string | number, unknown> = {};
  if (contract.file) {
    response[200] = {
      description: 'The file',
      content: Object.fromEntries(contract.file.contentTypes.map((type) => [type, { schema: z.string() }])),
    };
  } else {
    response[200] = successEnvelope(contract.response);
  }
  if (contract.accepted) response[202] = successEnvelope(contract.accepted);
  for (const status of failureStatuses) response[status] = failureEnvelope;
  const schema: Record<string, unknown> = {
    summary: contract.summary,
    description: [contract.description, `Roles: ${roles.join(', ')}.`].filter(Boolean).join('\n\n'),
    tags: [contract.tag],
    'x-roles': roles,
    security: access === PUBLIC ? [] : [{ bearer: [] }],
    response,
  };
  if (contract.params) schema.params = contract.params;
  if (contract.query) schema.querystring = contract.query;
  if (contract.body && !contract.multipart) schema.body = contract.body;
  if (contract.multipart) schema.consumes = ['multipart/form-data'];
  if (contract.idempotent) schema.headers = idempotencyHeaders;
  else if (contract.accepted) schema.headers = preferHeaders;
  return schema;
}

/**
 * A NUL or a lone UTF-16 surrogate in any text of the path, query or body is a 400 naming the
 * field before the route's schema runs, whatever the field: PostgreSQL cannot store or compare a
 * NUL, and a lone surrogate has no UTF-8 form (it would fail or be stored as U+FFFD). It checks the
 * text as sent: a schema that trims or parses (a date) would otherwise let `2027-01-01\u0000` by.
 */
export function refuseUnsafeText(request: FastifyRequest): void {
  for (const part of [request.params, request.query, request.body]) {
    const field = unsafeTextPath(part);
    if (field !== null) {
      const message = inputMessages.textControlCharacters;
      throw new AppError('VALIDATION_FAILED', message, [{ field, message }]);
    }
  }
}

/** How an idempotent route's handler runs under its key (platform/idempotency.ts). */
export type RouteOptions = Pick<IdempotencyOptions, 'runsWithClaim'>;

/**
 * Registers one route from its contract: Fastify validates params, query and body with the
 * contract's zod schemas (a failure is a 400 naming the field) and the reply with its response
 * schema; money-moving routes run under their Idempotency-Key.
 */
export function registerRoute<C extends RouteContract>(
  app: FastifyInstance,
  ctx: AppContext,
  contract: C,
  handler: RouteHandler<C>,
  options: RouteOptions = {},
): void {
  app.route({
    method: contract.method,
    url: contract.path,
    schema: fastifySchemaOf(contract),
    config: { contract, runsWithClaim: options.runsWithClaim === true },
    preValidation: async (request) => refuseUnsafeText(request),
    handler: async (request, reply) => {
      const input = { params: request.params, query: request.query, body: request.body } as RouteInput<C>;
      if (contract.idempotent) {
        return withIdempotency(
          ctx,
          request,
          () => handler(input, request, reply) as Promise<SuccessEnvelope<unknown>>,
          { runsWithClaim: options.runsWithClaim === true, sessionCheck: request.sessionCheck ?? undefined },
        );
      }
      return handler(input, request, reply);
    },
  });
}

/** `route(contract, handler)` bound to one app and context, as feature route files use it. */
export function routeRegistrar(app: FastifyInstance, ctx: AppContext) {
  return <C extends RouteContract>(contract: C, handler: RouteHandler<C>, options?: RouteOptions) =>
    registerRoute(app, ctx, contract, handler, options);
}
