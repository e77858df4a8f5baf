import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { IS_PUBLIC } from '../common/public.decorator';
import type { AuthenticatedRequest } from '../common/request-context.decorator';
import { traceOf } from '../common/request-tracing';
import { Authenticator } from './authenticator.service';

/** Every route requires a valid bearer token unless marked @Public(). */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    request.caller = await this.authenticator.authenticate(request.headers.authorization, request.id, traceOf(request));
    return true;
  }
}
