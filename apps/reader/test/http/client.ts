// The reader's unit tests speak HTTP through Fastify's inject: the same routing, query and cookie
// parsing as a served request, without a socket.
import { ReaderService } from '../../src/http/reader.service';
import { buildServer } from '../../src/http/server';

export interface TestRequest {
  method: string;
  host: string;
  url: string;
  headers: Record<string, string>;
  /** Sent as `X-Forwarded-Proto: https` to a server that trusts its proxy. */
  secure: boolean;
  /** A request body (a POSTed form). */
  body?: string;
}

export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  /** The body's bytes as sent (compressed bodies). */
  raw: Buffer;
}

export interface TestClient {
  handle(request: TestRequest): Promise<TestResponse>;
}

export function testClient(reader: ReaderService): TestClient {
  const app = buildServer(reader, { trustProxy: true });
  return {
    async handle(request) {
      const response = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { ...request.headers, host: request.host, ...(request.secure ? { 'x-forwarded-proto': 'https' } : {}) },
        ...(request.body !== undefined ? { payload: request.body } : {}),
      });
      return { status: response.statusCode, headers: response.headers, body: response.body, raw: response.rawPayload };
    },
  };
}
