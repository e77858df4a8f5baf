import type { Caller, RequestContext } from '@bindery/contracts';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { traceOf } from './request-tracing';

/** What the auth guard attaches to an authenticated request. */
export interface AuthenticatedRequest extends FastifyRequest {
  caller?: Caller;
}

let publicBaseUrl = '';
/** Set once at start from PUBLIC_URL (or the listen address). */
export const setPublicBaseUrl = (url: string): void => {
  publicBaseUrl = url;
};

/** The RequestContext of this HTTP request, to send along with every service call. */
export const Ctx = createParamDecorator((_: unknown, host: ExecutionContext): RequestContext => {
  // By index rather than `switchToHttp()`, which allocates three closures per call.
  const request = host.getArgByIndex<AuthenticatedRequest>(0);
  return { requestId: request.id, caller: request.caller, baseUrl: publicBaseUrl, ...traceOf(request) };
});
