import { isRawJson } from '@bindery/contracts';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map, type Observable } from 'rxjs';

/**
 * Sends a service's pre-serialised JSON (`RawJson`) as the body unchanged: no parse and
 * re-serialise of large immutable answers such as a page tree.
 */
@Injectable()
export class RawJsonInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((value: unknown) => {
        if (!isRawJson(value)) return value;
        void context.switchToHttp().getResponse<FastifyReply>().header('content-type', 'application/json; charset=utf-8');
        return value.rawJson;
      }),
    );
  }
}
