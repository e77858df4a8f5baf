import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Caller } from '@bindery/contracts';
import { IS_PUBLIC } from '../common/public.decorator';
import type { AuthenticatedRequest } from '../common/request-context.decorator';
import { traceOf } from '../common/request-tracing';
import { Authenticator } from './authenticator.service';

/** Every route requires a valid bearer token unless marked @Public(). */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  /** Whether a handler is public: reflection once per route, not per request. */
  private readonly publicRoutes = new WeakMap<object, boolean>();

  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
  ) {}

  /** Synchronous when the token is cached (Nest then awaits nothing for this guard). */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (this.isPublic(context)) return true;
    // By index rather than `switchToHttp()`, which allocates three closures per call.
    const request = context.getArgByIndex<AuthenticatedRequest>(0);
    const caller = this.authenticator.authenticate(request.headers.authorization, request.id, traceOf(request));
    if (!(caller instanceof Promise)) {
      request.caller = caller;
      return true;
    }
    return caller.then((verified: Caller) => {
      request.caller = verified;
      return true;
    });
  }

  private isPublic(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let isPublic = this.publicRoutes.get(handler);
    if (isPublic === undefined) {
      isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, context.getClass()]) ?? false;
      this.publicRoutes.set(handler, isPublic);
    }
    return isPublic;
  }
}
