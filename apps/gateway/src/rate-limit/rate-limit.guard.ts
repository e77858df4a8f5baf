import { createHash } from 'node:crypto';
import { AppError, logger } from '@bindery/platform';
import { NATS_CONNECTION } from '@bindery/platform/nest';
import { type KV, Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { type CanActivate, type ExecutionContext, Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tokenKey } from '../auth/token-key';
import { IS_PUBLIC } from '../common/public.decorator';
import { GatewayEnv } from '../config/gateway.env';
import { type CounterStore, FixedWindowLimiter } from './fixed-window-limiter';
import { KvCounterStore } from './kv-counter-store';
import { NO_RATE_LIMIT } from './no-rate-limit.decorator';

export const RATE_LIMIT_BUCKET = 'gateway_rate_limits';
/** At most one warning per this long while the counters cannot be reached. */
const WARN_EVERY_MS = 30_000;
/** Hits counted in memory are pushed to the shared counters this often… */
const SYNC_INTERVAL_MS = 100;
/** …or at once when this many wait: a burst reaches the other replicas before the interval ends. */
const FLUSH_AFTER_HITS = 256;
/** How long a bucket operation (creating it, a counter's push or read) waits for JetStream. */
const BUCKET_TIMEOUT_MS = 2000;
/** Before the watch is up again after a failure. */
const REWATCH_AFTER_MS = 1000;
/** Hashed addresses kept (~100 bytes each); past this the memo starts again. */
const MAX_ADDRESS_KEYS = 10_000;

interface Policy {
  /** Requests per window; 0 turns limiting off. */
  limit: number;
  windowSeconds: number;
  /** Who the limit applies to, for the refusal's message. */
  who: string;
  limitHeader: string;
  policyHeader: string;
}

const policy = (limit: number, windowSeconds: number, who: string): Policy => ({
  limit,
  windowSeconds,
  who,
  limitHeader: String(limit),
  policyHeader: `${limit};w=${windowSeconds}`,
});

/**
 * Limits requests per bearer token on the API, and per client address on public routes (SSO
 * start and ACS, file and PDF downloads) and requests without a token. Runs before
 * authentication, so a flood is refused before it costs identity a lookup. Answers carry
 * `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` and `RateLimit-Policy`; a refusal
 * is a 429 with `Retry-After`. Counting is in memory, synchronised with the other replicas in
 * batches (fixed-window-limiter.ts): no NATS round trip per request. When the counters cannot be
 * reached each replica goes on counting alone: a NATS hiccup must not take the API down with it.
 */
@Injectable()
export class RateLimitGuard implements CanActivate, OnApplicationShutdown {
  private readonly limiter: FixedWindowLimiter;
  private bucket?: Promise<KV>;
  private store?: CounterStore;
  private watching = false;
  private closed = false;
  private lastWarning = 0;
  /** Route flags per handler: reflection once per route, not per request. */
  private readonly routes = new WeakMap<object, { exempt: boolean; isPublic: boolean }>();
  /** The answers' fixed header values, formatted once rather than per request. */
  private readonly tokenPolicy: Policy;
  private readonly addressPolicy: Policy;
  /** Hashed client addresses (a hash per request otherwise); emptied when it grows past its bound. */
  private readonly addressKeys = new Map<string, string>();
  private lastAuthorization?: string;
  private lastTokenKey?: string;
  private lastResetSeconds = -1;
  private lastResetText = '';

  constructor(
    private readonly reflector: Reflector,
    private readonly env: GatewayEnv,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {
    this.limiter = new FixedWindowLimiter(() => this.counterStore(), {
      windowMs: env.RATE_LIMIT_WINDOW_MS,
      syncIntervalMs: SYNC_INTERVAL_MS,
      flushAfter: FLUSH_AFTER_HITS,
      onError: (error) => this.warn(error),
    });
    const windowSeconds = Math.round(env.RATE_LIMIT_WINDOW_MS / 1000);
    this.tokenPolicy = policy(env.RATE_LIMIT_PER_TOKEN, windowSeconds, 'this token');
    this.addressPolicy = policy(env.RATE_LIMIT_PER_ADDRESS, windowSeconds, 'this address');
  }

  canActivate(context: ExecutionContext): boolean {
    const route = this.route(context);
    if (route.exempt) return true;
    // By index rather than `switchToHttp()`, which allocates three closures per call.
    const request = context.getArgByIndex<FastifyRequest>(0);
    const token = route.isPublic ? undefined : this.tokenCounterKey(request.headers.authorization);
    const applied = token ? this.tokenPolicy : this.addressPolicy;
    if (applied.limit === 0) return true;
    // Keys are hashes: neither tokens nor addresses are written to the bucket.
    const key = token ?? this.addressKey(request.ip);
    if (!this.watching) this.watch();
    const remaining = this.limiter.count(key, applied.limit);
    const resetSeconds = this.limiter.resetSeconds();
    const reset = this.resetHeader(resetSeconds);
    const reply = context.getArgByIndex<FastifyReply>(1);
    // Lower-case names, as Fastify stores them (HTTP names are case-insensitive).
    void reply
      .header('ratelimit-limit', applied.limitHeader)
      .header('ratelimit-remaining', remaining > 0 ? String(remaining) : '0')
      .header('ratelimit-reset', reset)
      .header('ratelimit-policy', applied.policyHeader);
    if (remaining >= 0) return true;
    void reply.header('retry-after', reset);
    throw new AppError(
      429,
      `Too many requests: ${applied.who} may make ${applied.limit} requests per ${applied.windowSeconds} s; retry in ${reset} s`,
      { retryAfterSeconds: resetSeconds },
      'rate_limited',
    );
  }

  /** The reset header's text, formatted once per second it names rather than per request. */
  private resetHeader(seconds: number): string {
    if (seconds !== this.lastResetSeconds) {
      this.lastResetSeconds = seconds;
      this.lastResetText = String(seconds);
    }
    return this.lastResetText;
  }

  onApplicationShutdown(): void {
    this.closed = true;
    this.limiter.close();
  }

  private route(context: ExecutionContext): { exempt: boolean; isPublic: boolean } {
    const handler = context.getHandler();
    let route = this.routes.get(handler);
    if (!route) {
      const targets = [handler, context.getClass()];
      route = {
        exempt: this.reflector.getAllAndOverride<boolean>(NO_RATE_LIMIT, targets) ?? false,
        isPublic: this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false,
      };
      this.routes.set(handler, route);
    }
    return route;
  }

  /** The counter key of a bearer token (`t.<hash>`), kept for the last header seen: clients resend the same one. */
  private tokenCounterKey(authorization: string | undefined): string | undefined {
    if (authorization === this.lastAuthorization) return this.lastTokenKey;
    const token = bearerToken(authorization);
    this.lastAuthorization = authorization;
    this.lastTokenKey = token ? `t.${tokenKey(token).slice(0, 32)}` : undefined;
    return this.lastTokenKey;
  }

  private addressKey(ip: string): string {
    let key = this.addressKeys.get(ip);
    if (key === undefined) {
      if (this.addressKeys.size >= MAX_ADDRESS_KEYS) this.addressKeys.clear();
      key = `a.${digest(ip)}`;
      this.addressKeys.set(ip, key);
    }
    return key;
  }

  /**
   * Follows every replica's pushes (the watch first delivers each counter's last value), so this
   * replica refuses a client that the others have already counted up to its limit.
   */
  private watch(): void {
    this.watching = true;
    const rewatch = (error: unknown): void => {
      this.warn(error);
      if (!this.closed) setTimeout(() => (this.watching = false), REWATCH_AFTER_MS).unref();
    };
    void this.openBucket()
      .then(async (bucket) => {
        const updates = await bucket.watch({ ignoreDeletes: true });
        for await (const entry of updates) {
          if (this.closed) return updates.stop();
          if (entry.operation === 'PUT') this.limiter.observe(entry.key, entry.revision, entry.string());
        }
        if (!this.closed) rewatch(new Error('rate-limit watch ended'));
      })
      .catch(rewatch);
  }

  /** The counters' writes go through a StreamPublisher (kv-counter-store.ts), not the bucket's `js.publish`. */
  private async counterStore(): Promise<CounterStore> {
    const bucket = await this.openBucket();
    this.store ??= new KvCounterStore(this.nc, RATE_LIMIT_BUCKET, bucket, BUCKET_TIMEOUT_MS);
    return this.store;
  }

  /** Created on first use (not at start, so a gateway starts even before JetStream answers). */
  private openBucket(): Promise<KV> {
    this.bucket ??= new Kvm(this.nc)
      .create(RATE_LIMIT_BUCKET, { ttl: 2 * this.env.RATE_LIMIT_WINDOW_MS, history: 1, maxValueSize: 1024, timeout: BUCKET_TIMEOUT_MS })
      .catch((error: unknown) => {
        this.bucket = undefined;
        throw error;
      });
    return this.bucket;
  }

  private warn(error: unknown): void {
    if (Date.now() - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = Date.now();
    logger.warn({ err: error }, 'rate-limit counters unreachable: this replica counts alone meanwhile');
  }
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

const digest = (value: string): string => createHash('sha256').update(value).digest('base64url').slice(0, 32);
