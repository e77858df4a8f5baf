import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { httpRequests, loadConfig, logger, PinoNestLogger, rememberValidationRules, runMain, startMetricsServer } from '@bindery/platform';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { HttpErrorFilter } from './common/error.filter';
import { registerInputGuard } from './common/input-guard';
import { setPublicBaseUrl } from './common/request-context.decorator';
import { createValidationPipe } from './common/validation.pipe';
import { GatewayEnv } from './config/gateway.env';
import { GatewayModule } from './gateway.module';
import { keepWebhookRawBodies } from './git-sync/webhook-body';
import { IdempotencyGuard } from './idempotency/idempotency.guard';
import { registerIdempotencyHook } from './idempotency/settle-hook';
import { guardPostRoutes } from './idempotency/post-routes';
import { acceptSamlFormPosts } from './identity/saml-form-body';
import { registerRequestTracing, traceIdOf } from './common/request-tracing';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
/** Label values of the HTTP histogram's `method`: a fixed set. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

runMain(async () => {
  const env = loadConfig(GatewayEnv);
  // Every DTO of the API has rules: class-validator would walk them all for each body it validates.
  rememberValidationRules();
  const adapter = new FastifyAdapter({
    bodyLimit: env.BODY_LIMIT_BYTES,
    // Honour a caller's request id so a request can be traced from the client through every service.
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(env), adapter, {
    logger: new PinoNestLogger(),
    // Fastify's own JSON parser only: Nest would add urlencoded bodies, which this API does not take.
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // The API speaks JSON only: any other body type is answered 415 by Fastify.
  fastify.removeContentTypeParser(['text/plain']);
  acceptSamlFormPosts(fastify);
  keepWebhookRawBodies(fastify);
  // NUL bytes, lone surrogates and over-deep JSON: a 400 naming the field before any DTO runs.
  registerInputGuard(fastify);
  // Idempotency-Key: claimed by IdempotencyGuard, the last guard of POST routes only (no route
  // has an interceptor, so Nest calls every handler directly), and the answer kept by an onSend hook.
  guardPostRoutes(app, app.get(IdempotencyGuard));
  registerIdempotencyHook(fastify);
  // A span per request when tracing is configured (OTEL_EXPORTER_OTLP_ENDPOINT); no hook otherwise.
  registerRequestTracing(fastify);
  // Callback-style hooks: no promise per request on the hot path.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-request-id', request.id);
    done(null, payload);
  });
  // One access line per request: server errors always, the rest at debug level (cheap when off).
  // The latency histogram is labelled by route template (`/v1/spaces/:spaceId`), never the raw
  // path, so ids never become label values.
  fastify.addHook('onResponse', (request, reply, done) => {
    httpRequests.observe(
      {
        method: METHODS.has(request.method) ? request.method : 'OTHER',
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    const level = reply.statusCode >= 500 ? 'error' : 'debug';
    if (logger.isLevelEnabled(level)) {
      logger[level](
        {
          requestId: request.id,
          traceId: traceIdOf(request),
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
    }
    done();
  });
  // Also catches what Fastify itself raises (bad JSON, unsupported media type, body too large):
  // Nest routes Fastify's error handler through the global filters.
  app.useGlobalFilters(new HttpErrorFilter());
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  await startMetricsServer('gateway', env);
  await app.listen(env.PORT, env.HOST);
  setPublicBaseUrl(env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`);
});
