import { type CanActivate, type INestApplication, RequestMethod, type Type } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';

/**
 * Puts `guard` on every POST route of the application, and on no other route, after every guard
 * the route already has (Nest runs global guards first, then the controller's, then the route's).
 * The Idempotency-Key check used to be a global interceptor, then an interceptor on POST routes:
 * either way Nest ran each request of those routes through its interceptor chain (rxjs observables,
 * two async resources and a ReplaySubject per request: 3.7–6.4 % of the gateway's CPU in the soak)
 * for a header few requests carry. A route without interceptors is called by Nest directly. Must run
 * before the routes are registered, i.e. before `app.init()` / `app.listen()`; the instance is used
 * as it is (Nest does not resolve it again per route).
 */
export function guardPostRoutes(app: INestApplication, guard: CanActivate): void {
  const scanner = new MetadataScanner();
  for (const module of app.get(ModulesContainer).values())
    for (const wrapper of module.controllers.values()) {
      const prototype = (wrapper.metatype as Type | null)?.prototype as Record<string, unknown> | undefined;
      if (!prototype) continue;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name] as object;
        if (Reflect.getMetadata(METHOD_METADATA, handler) !== RequestMethod.POST) continue;
        const own = (Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[] | undefined) ?? [];
        if (!own.includes(guard)) Reflect.defineMetadata(GUARDS_METADATA, [...own, guard], handler);
      }
    }
}
