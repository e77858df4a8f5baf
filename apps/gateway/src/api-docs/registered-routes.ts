import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner } from '@nestjs/core';
import { IS_PUBLIC } from '../common/public.decorator';
import { NO_RATE_LIMIT } from '../rate-limit/no-rate-limit.decorator';
import type { RegisteredRoute } from './openapi-types';

/**
 * The routes Nest registers for these controllers, read from the same decorator metadata its
 * router reads (`@Controller` path + `@Get`/`@Post`… path and method). The gateway sets no
 * global prefix and no versioning, so these are the URLs Fastify serves.
 */
export function controllerRoutes(controllers: Type[]): RegisteredRoute[] {
  const scanner = new MetadataScanner();
  const routes: RegisteredRoute[] = [];
  for (const controller of controllers) {
    const bases = asList(Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined);
    for (const name of scanner.getAllMethodNames(controller.prototype as object)) {
      const handler = (controller.prototype as Record<string, unknown>)[name] as object;
      const own = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (own === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const flag = (key: string): boolean => Boolean(Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller));
      for (const base of bases)
        for (const path of asList(own))
          routes.push({ method, path: joinPath(base, path), isPublic: flag(IS_PUBLIC), rateLimited: !flag(NO_RATE_LIMIT) });
    }
  }
  return routes;
}

const asList = (value: string | string[] | undefined): string[] => (Array.isArray(value) ? value : [value ?? '']);

const joinPath = (...parts: string[]): string =>
  '/' +
  parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/');
