/** The few OpenAPI 3.1 shapes the API document's builder reads and writes (framework-free). */

export const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface Operation {
  operationId?: string;
  tags?: string[];
  parameters?: unknown[];
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
  [key: string]: unknown;
}

export type PathItem = Partial<Record<HttpMethod, Operation>> & {
  servers?: { url: string; description?: string }[];
  parameters?: unknown[];
  [key: string]: unknown;
};

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string; [key: string]: unknown };
  servers?: { url: string; description?: string; [key: string]: unknown }[];
  security?: Record<string, string[]>[];
  tags?: { name: string; [key: string]: unknown }[];
  paths: Record<string, PathItem>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/** A route the gateway registers, as Nest declares it (`GET /v1/orgs/:organizationId`). */
export interface RegisteredRoute {
  /** Upper case: `GET`, `POST`, … */
  method: string;
  /** Nest's path template, from the root (`/v1/orgs/:organizationId`, `/healthz`). */
  path: string;
  /** `@Public()`: no bearer token. */
  isPublic: boolean;
  /** Counted by the rate limiter (everything but `@NoRateLimit()` probes). */
  rateLimited: boolean;
}
