/** Injection token of the OpenAPI settings (`OpenApiEnv`). */
export const OPENAPI_ENV = Symbol('OPENAPI_ENV');
