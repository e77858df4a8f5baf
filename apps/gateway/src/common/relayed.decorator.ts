import { Header } from '@nestjs/common';
import { JSON_CONTENT_TYPE } from './json-content-type';

/**
 * Marks a route that answers the service's JSON as it is: the handler returns
 * `this.services.relay(…)` (`Promise<JsonBytes<T>>`, the reply's bytes, never parsed here) and the
 * bytes leave with the content type Fastify gives the JSON it serialises. A route that reads or
 * reshapes the answer (a `location` header from it, a part of it, a redirect) uses `send` instead
 * and carries no such mark.
 */
export const Relayed = (): MethodDecorator => Header('content-type', JSON_CONTENT_TYPE);
