import type { FastifyReply } from 'fastify';

/**
 * Sends a JSON body with any status. Fastify's reply.code() refuses codes above 599, and the
 * contract's "Token tampered with" answer is 666, so that one goes through Node's response.
 */
export function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  if (status <= 599) return reply.code(status).type('application/json').send(body);
  reply.hijack();
  reply.raw.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  reply.raw.end(JSON.stringify(body));
  return reply;
}
