import 'reflect-metadata';
import {
  type CanActivate,
  Controller,
  type ExecutionContext,
  Get,
  type INestApplication,
  Module,
  Post,
  RequestMethod,
  type Type,
} from '@nestjs/common';
import { GUARDS_METADATA, INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EarlyAnswer } from '../../src/common/early-answer';
import { HttpErrorFilter } from '../../src/common/error.filter';
import { GatewayEnv } from '../../src/config/gateway.env';
import { GatewayModule } from '../../src/gateway.module';
import { guardPostRoutes } from '../../src/idempotency/post-routes';

let handled = 0;

@Controller('things')
class ThingsController {
  @Post()
  create(): { id: number } {
    return { id: ++handled };
  }

  @Get()
  list(): { handled: number } {
    return { handled: ++handled };
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

/** Answers in place of the handler when asked to, as the Idempotency-Key guard answers a replay. */
const replaying: CanActivate = {
  canActivate(context: ExecutionContext): boolean {
    const request = context.getArgByIndex<{ headers: Record<string, string | undefined> }>(0);
    if (request.headers['x-replay'] === undefined) return true;
    throw new EarlyAnswer(
      new Response('{"id":"first"}', { status: 201, headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' } }),
    );
  },
};

describe('a guard on POST routes that answers early (the Idempotency-Key replay)', () => {
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(ThingsModule, new FastifyAdapter(), { logger: false });
    app.useGlobalFilters(new HttpErrorFilter());
    guardPostRoutes(app, replaying);
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });
  afterAll(() => app.close());

  it('sends the early answer as it is (status, headers, body) and never runs the handler', async () => {
    handled = 0;
    const reply = await fetch(`${base}/things`, { method: 'POST', headers: { 'x-replay': '1' } });
    expect(reply.status).toBe(201);
    expect(reply.headers.get('idempotent-replayed')).toBe('true');
    expect(reply.headers.get('content-type')).toBe('application/json');
    expect(await reply.text()).toBe('{"id":"first"}');
    expect(handled).toBe(0);
  });

  it('runs the handler of a POST it lets through, and is not on other methods', async () => {
    handled = 0;
    expect(await (await fetch(`${base}/things`, { method: 'POST' })).json()).toEqual({ id: 1 });
    expect(await (await fetch(`${base}/things`, { headers: { 'x-replay': '1' } })).json()).toEqual({ handled: 2 });
  });
});

describe('the gateway’s POST routes', () => {
  let app: INestApplication;
  beforeAll(async () => {
    const env = Object.assign(new GatewayEnv(), { NATS_URL: 'nats://127.0.0.1:1', RPC_TIMEOUT_MS: 1000 });
    app = await NestFactory.create(GatewayModule.forRoot(env), new FastifyAdapter(), { preview: true, logger: false });
  });
  afterAll(() => app.close());

  it('each get the guard after their own guards, and no route has an interceptor (Nest then calls every handler directly)', () => {
    const marker: CanActivate = { canActivate: () => true };
    guardPostRoutes(app, marker);
    const scanner = new MetadataScanner();
    const handlers = [...app.get(ModulesContainer).values()]
      .flatMap((module) =>
        [...module.controllers.values()].map((wrapper) => (wrapper.metatype as Type).prototype as Record<string, object>),
      )
      .flatMap((prototype) => scanner.getAllMethodNames(prototype).map((name) => prototype[name]))
      .filter((handler) => Reflect.getMetadata(METHOD_METADATA, handler) !== undefined);
    const posts = handlers.filter((handler) => Reflect.getMetadata(METHOD_METADATA, handler) === RequestMethod.POST);
    expect(posts.length).toBeGreaterThan(40);
    for (const handler of posts) expect((Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[]).at(-1)).toBe(marker);
    expect(handlers.filter((handler) => Reflect.getMetadata(INTERCEPTORS_METADATA, handler) !== undefined)).toEqual([]);
  });
});
