import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { docsPrefix, openApiPath, registeredRoutes } from './openapi';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
});
afterAll(() => t.close());

const isDocsAsset = (url: string) => url === openApiPath || url === docsPrefix || url.startsWith(`${docsPrefix}/`);

describe('the API contract', () => {
  it('every API route declares its schemas and is in the OpenAPI description', async () => {
    const res = await t.call('GET', openApiPath);
    expect(res.status).toBe(200);
    const document = res.body as { paths: Record<string, Record<string, unknown>> };
    const apiRoutes = registeredRoutes(t.app).filter((r) => r.url.startsWith('/api') && !isDocsAsset(r.url));
    expect(apiRoutes.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const route of apiRoutes) {
      const schema = route.schema ?? {};
      const openApiUrl = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      if (!schema.response) missing.push(`${route.method} ${route.url}: no response schema`);
      if (route.url.includes(':') && !schema.params) missing.push(`${route.method} ${route.url}: no params schema`);
      if (['POST', 'PUT', 'PATCH'].includes(route.method) && !schema.body && !schema.consumes) {
        missing.push(`${route.method} ${route.url}: no body schema`);
      }
      if (!document.paths[openApiUrl]?.[route.method.toLowerCase()]) {
        missing.push(`${route.method} ${route.url}: not in ${openApiPath}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the description is a valid OpenAPI 3.1 document', async () => {
    const res = await t.call('GET', openApiPath);
    const validator = new Validator();
    const result = await validator.validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('says which roles may call each route and documents the Idempotency-Key', async () => {
    const res = await t.call('GET', openApiPath);
    const health = res.body.paths['/api/health'].get;
    expect(health['x-roles']).toEqual(['anyone']);
    expect(res.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('serves a readable reference at /api/docs without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${docsPrefix}/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger');
  });
});
