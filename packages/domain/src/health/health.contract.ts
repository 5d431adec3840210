import { z } from 'zod';
import { defineRoute } from '../contract';

export const healthRoute = defineRoute({
  method: 'GET',
  path: '/api/health',
  tag: 'platform',
  summary: 'Health',
  description: 'Answers once the server can serve (no token).',
  response: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
});
