import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { RouteContract } from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import {
  createJsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

export const openApiPath = '/api/openapi.json';
export const docsPrefix = '/api/docs';

export interface RegisteredRoute {
  method: string;
  url: string;
  schema: Record<string, unknown> | undefined;
  /** The domain contract it was registered from (registerRoute). */
  contract: RouteContract | undefined;
}
const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route registered after the contract plugin, as Fastify saw it (the coverage test reads it). */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? [];
}

/**
 * Zod validates requests and replies, and the OpenAPI 3.1 description is generated from the same
 * schemas. `/api/docs` is Swagger UI, whose assets load only on that page.
 */
export async function registerContract(app: FastifyInstance): Promise<void> {
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const contract = (route.config as { contract?: RouteContract } | undefined)?.contract;
      routes.push({ method, url: route.url, schema: route.schema as Record<string, unknown> | undefined, contract });
    }
  });
  // a route with a body schema and no body is validated as an empty object, so the message names fields
  app.setValidatorCompiler<ZodType>((route) => {
    const validate = validatorCompiler(route);
    return route.httpPart === 'body' ? (data: unknown) => validate(data ?? {}) : validate;
  });
  app.setSerializerCompiler(serializerCompiler);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lending Marketplace API',
        version: '1.0.0',
        description:
          'Back office and investor portal of an Australian business lender. Every reply is the envelope ' +
          '`{success, data, count?, userMessage?}` or `{success: false, userMessage, code, details?}`. ' +
          'A missing or forged token answers HTTP 666 "Token tampered with"; an expired one 401 "Expired Token". ' +
          'List endpoints take the OData options $filter $orderby $top $skip $select $expand $count.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
    transformObject: jsonSchemaTransformObject,
    hideUntagged: true,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: docsPrefix,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get(openApiPath, { schema: { hide: true } }, async () => app.swagger());
}
