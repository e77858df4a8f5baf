import { expectError } from '@bindery/testing';
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { controlTestStack, serviceLabel, testStack } from '@bindery/testing';
import { adminClient, eventually } from './helpers';

/** Sends only the headers of a POST that announces `length` bytes, and reads the answer. */
function declareBody(length: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${testStack().gatewayUrl}/v1/orgs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testStack().adminToken}`, 'content-type': 'application/json', 'content-length': String(length) },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

describe('HTTP edge cases', () => {
  it('answers malformed JSON with a 400 error body', async () => {
    expectError(await adminClient().request('POST', '/v1/orgs', '{"title":', { 'content-type': 'application/json' }), 400, /JSON/);
  });

  it('answers a non-JSON content type with 415', async () => {
    expectError(await adminClient().request('POST', '/v1/orgs', 'title=x', { 'content-type': 'text/plain' }), 415);
    expectError(await adminClient().request('POST', '/v1/orgs', 'title=x', { 'content-type': 'application/x-www-form-urlencoded' }), 415);
  });

  it('answers an oversized body with 413 before reading it', async () => {
    // The gateway refuses on the declared length, so the client never has to send 6 MiB.
    const { status, body } = await declareBody(6 * 1024 * 1024);
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ error: { code: 413, message: expect.any(String) } });
  });

  it('answers unknown routes with a JSON 404', async () => {
    expectError(await adminClient().get('/v1/no-such-thing'), 404);
    expectError(await adminClient().request('DELETE', '/v1/user'), 404);
  });

  it('echoes a caller-supplied request id and makes one up otherwise', async () => {
    const traced = await adminClient().request('GET', '/v1/user', undefined, { 'x-request-id': 'trace-me-123' });
    expect(traced.headers.get('x-request-id')).toBe('trace-me-123');
    const fresh = await adminClient().get('/v1/user');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('request tracing', () => {
  it('carries the request id into the log lines of the service that handled it', async () => {
    const requestId = `trace-${Date.now()}`;
    await adminClient().request('GET', '/v1/user', undefined, { 'x-request-id': requestId });
    const stack = await controlTestStack();
    await eventually(() => {
      const lines = readFileSync(stack.logFile('identity'), 'utf8')
        .split('\n')
        .filter((l) => l.includes(requestId));
      expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
        expect.objectContaining({ requestId, service: serviceLabel('identity'), subject: 'identity.user.get', msg: 'message handled' }),
      );
      return Promise.resolve();
    });
  });
});
