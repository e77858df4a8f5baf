import { type INestApplication, type NestInterceptor, RequestMethod, type Type } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';

/**
 * Puts `interceptor` on every POST route of the application, and on no other route. The
 * Idempotency-Key interceptor used to be global (APP_INTERCEPTOR), which put Nest's interceptor
 * chain (rxjs observables, two async resources and a ReplaySubject per request) on every read for
 * a header only POSTs honour: ~10 % of the gateway's CPU per `GET /v1/orgs/{id}` in `--cpu-prof`.
 * A route without interceptors is called by Nest directly. Must run before the routes are
 * registered, i.e. before `app.init()` / `app.listen()`; the instance is used as it is (Nest does
 * not resolve it again per route).
 */
export function interceptPostRoutes(app: INestApplication, interceptor: NestInterceptor): void {
  const scanner = new MetadataScanner();
  for (const module of app.get(ModulesContainer).values())
    for (const wrapper of module.controllers.values()) {
      const prototype = (wrapper.metatype as Type | null)?.prototype as Record<string, unknown> | undefined;
      if (!prototype) continue;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name] as object;
        if (Reflect.getMetadata(METHOD_METADATA, handler) !== RequestMethod.POST) continue;
        const own = (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[] | undefined) ?? [];
        // First, as a global interceptor ran: before any the route declares itself.
        if (!own.includes(interceptor)) Reflect.defineMetadata(INTERCEPTORS_METADATA, [interceptor, ...own], handler);
      }
    }
}
