import crypto from 'node:crypto';
import http from 'node:http';

export interface ApiResponse {
  status: number;
  // the envelope of DESIGN §1 (success, data, count, userMessage, code)
  body: {
    success?: boolean;
    data?: unknown;
    count?: number;
    userMessage?: string;
    code?: string;
    message?: string;
  };
}

export const demoAdmin = { email: 'admin@example.com', password: 'Demo-Passw0rd!' } as const;

/**
 * A JSON client of the API over real HTTP (node:http with keep-alive). No client-side timeout:
 * some measured calls (a 5,000-receipt batch on a loaded machine) take longer than fetch allows.
 */
export class ApiClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  constructor(readonly baseUrl: string) {}

  call(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; idempotent?: boolean } = {},
  ): Promise<ApiResponse> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const payload = options.body === undefined ? null : Buffer.from(JSON.stringify(options.body));
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    // money-moving POSTs carry a fresh Idempotency-Key, as a careful client sends
    if (options.idempotent) headers['idempotency-key'] = crypto.randomUUID();
    return new Promise((resolve, reject) => {
      const request = http.request(`${this.baseUrl}${path}`, { method, headers, agent: this.agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: ApiResponse['body'] = {};
          try {
            body = text ? JSON.parse(text) : {};
          } catch {
            body = { message: text.slice(0, 200) };
          }
          resolve({ status: response.statusCode ?? 0, body });
        });
      });
      request.on('error', reject);
      if (payload) request.write(payload);
      request.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }

  async login(email: string, password: string): Promise<string> {
    const res = await this.call('POST', '/api/auth/login', { body: { email, password } });
    const token = (res.body.data as { accessToken?: string } | undefined)?.accessToken;
    if (res.status !== 200 || !token) throw new Error(`login of ${email} failed: ${describe(res)}`);
    return token;
  }
}

/**
 * A route that does not exist yet: Fastify's own 404 (no envelope) or the server's "No such path"
 * answer. A 404 of an existing route (an unknown id) carries the envelope with its own message.
 */
export function isMissingRoute(res: ApiResponse): boolean {
  return (
    res.status === 404 &&
    (res.body.success === undefined || String(res.body.userMessage ?? '').startsWith('No such path'))
  );
}

export function describe(res: ApiResponse): string {
  return `HTTP ${res.status} ${res.body.code ?? ''} ${res.body.userMessage ?? res.body.message ?? ''}`.trim();
}
