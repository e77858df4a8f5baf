import 'reflect-metadata';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { validate } from '@readme/openapi-parser';
import type { Type } from '@nestjs/common';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFromControllers } from '../../src/api-docs/api-docs.service';
import type { BuiltDocument } from '../../src/api-docs/build-document';
import { HTTP_METHODS, type RegisteredRoute } from '../../src/api-docs/openapi-types';
import { controllerRoutes } from '../../src/api-docs/registered-routes';
import { GatewayEnv } from '../../src/config/gateway.env';
import { GatewayModule } from '../../src/gateway.module';

/**
 * The API document covers exactly the routes the gateway registers: the whole GatewayModule is
 * scanned in Nest's preview mode (its controllers found as at start, nothing instantiated, no
 * NATS), and the document built from them as the running gateway builds it. A new route without
 * an official operation or an entry in `bindery-additions.ts` fails here, and so does an addition
 * whose route is gone.
 */
describe('the API document (/v1/openapi.json)', () => {
  let routes: RegisteredRoute[];
  let built: BuiltDocument;

  beforeAll(async () => {
    const env = Object.assign(new GatewayEnv(), { NATS_URL: 'nats://127.0.0.1:1', RPC_TIMEOUT_MS: 1000 });
    const app = await NestFactory.create(GatewayModule.forRoot(env), new FastifyAdapter(), { preview: true, logger: false });
    const controllers = [...app.get(ModulesContainer).values()].flatMap((module) =>
      [...module.controllers.values()].map((wrapper) => wrapper.metatype as Type),
    );
    await app.close();
    routes = controllerRoutes(controllers);
    built = buildFromControllers(controllers, '');
  });

  it('documents every registered route', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(built.undocumented).toEqual([]);
  });

  it('lists no operation that no registered route serves', () => {
    expect(built.unregistered).toEqual([]);
    const served = new Set(routes.map((r) => `${r.method} ${template(r.path)}`));
    const listed = Object.entries(built.document.paths).flatMap(([path, item]) =>
      HTTP_METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${item.servers ? '' : '/v1'}${template(path)}`),
    );
    expect(listed.filter((op) => !served.has(op))).toEqual([]);
    expect(listed).toHaveLength(served.size);
  });

  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const result = await validate(structuredClone(built.document) as Parameters<typeof validate>[0], { resolve: { external: false } });
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('carries the idempotency header on authenticated POSTs and the 429 on rate-limited routes', () => {
    const merge = built.document.paths['/spaces/{spaceId}/change-requests/{changeRequestId}/merge'].post!;
    expect(merge.operationId).toBe('mergeChangeRequest');
    expect(merge.parameters).toContainEqual({ $ref: '#/components/parameters/BinderyIdempotencyKey' });
    expect(merge.responses).toHaveProperty('429');
    expect(built.document.paths['/healthz'].get!.responses).not.toHaveProperty('429');
    expect(built.document.paths['/openapi.json'].get!.security).toEqual([]);
  });
});

// A trailing `*` (a page path, slashes included) is a parameter too.
const template = (path: string): string => path.replace(/\/(:[^/]+|\{[^}]+\}|\*$)/g, '/{}');
