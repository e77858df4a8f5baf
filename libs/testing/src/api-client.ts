import { OpenApiValidator } from './openapi-validator';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

let validator: OpenApiValidator | undefined;
const officialDocument = (): OpenApiValidator => (validator ??= new OpenApiValidator());

/** A thin HTTP client for end-to-end tests; every call goes through the real gateway. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly token?: string,
  ) {}

  withToken(token: string | undefined): ApiClient {
    return new ApiClient(this.baseUrl, token);
  }

  async request<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (this.token) (init.headers as Record<string, string>).authorization = `Bearer ${this.token}`;
    if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const response = await fetch(`${this.baseUrl}${path}`, init);
    const text = await response.text();
    let parsed: unknown = text;
    if (text && (response.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  get<T = unknown>(path: string): Promise<ApiResponse<T>> {
    return this.request<T>('GET', path);
  }
  post<T = unknown>(path: string, body?: unknown): Promise<ApiResponse<T>> {
    return this.request<T>('POST', path, body ?? {});
  }
  put<T = unknown>(path: string, body?: unknown): Promise<ApiResponse<T>> {
    return this.request<T>('PUT', path, body ?? {});
  }
  patch<T = unknown>(path: string, body?: unknown): Promise<ApiResponse<T>> {
    return this.request<T>('PATCH', path, body ?? {});
  }
  delete<T = unknown>(path: string): Promise<ApiResponse<T>> {
    return this.request<T>('DELETE', path);
  }
}

/**
 * Asserts the status, then that the body matches the official document's schema for that
 * operation and status (error bodies included). Returns the body for further assertions.
 */
export function expectOperation<T = unknown>(
  response: ApiResponse,
  operationId: string,
  status: number,
  validatorToUse?: OpenApiValidator,
): T {
  if (response.status !== status) {
    throw new Error(`${operationId}: expected HTTP ${status}, got ${response.status}: ${JSON.stringify(response.body)}`);
  }
  if (status === 204 || status === 205) {
    // No Content and Reset Content carry no body.
    if (response.body !== '') throw new Error(`${operationId}: expected no body with HTTP ${status}, got ${JSON.stringify(response.body)}`);
  } else {
    const errors = (validatorToUse ?? officialDocument()).validate(operationId, status, response.body);
    if (errors.length > 0) throw new Error(`${operationId} ${status} does not match the official schema:\n${errors.join('\n')}`);
  }
  return response.body as T;
}

/** Asserts an error response: status and the `{"error":{"code","message"}}` body. */
export function expectError(response: ApiResponse, status: number, messagePattern?: RegExp): string {
  const body = response.body as { error?: { code?: unknown; message?: unknown } };
  if (response.status !== status || body?.error?.code !== status || typeof body.error.message !== 'string') {
    throw new Error(`expected error ${status}, got ${response.status}: ${JSON.stringify(response.body)}`);
  }
  if (messagePattern && !messagePattern.test(body.error.message)) {
    throw new Error(`error message "${body.error.message}" does not match ${messagePattern}`);
  }
  return body.error.message;
}
