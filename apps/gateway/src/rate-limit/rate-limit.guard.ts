import { createHash } from 'node:crypto';
import { AppError, logger } from '@bindery/platform';
import { NATS_CONNECTION } from '@bindery/platform/nest';
import { Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IS_PUBLIC } from '../common/public.decorator';
import { GatewayEnv } from '../config/gateway.env';
import { type CounterStore, FixedWindowLimiter } from './fixed-window-limiter';
import { NO_RATE_LIMIT } from './no-rate-limit.decorator';

export const RATE_LIMIT_BUCKET = 'gateway_rate_limits';
/** At most one warning per this long while the counters cannot be reached. */
const WARN_EVERY_MS = 30_000;

/**
 * Limits requests per bearer token on the API, and per client address on public routes (SSO
 * start and ACS, file and PDF downloads) and requests without a token. Runs before
 * authentication, so a flood is refused before it costs identity a lookup. Answers carry
 * `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` and `RateLimit-Policy`; a refusal
 * is a 429 with `Retry-After`. When the counters cannot be reached the request passes: a
 * NATS hiccup must not take the API down with it.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly limiter: FixedWindowLimiter;
  private bucket?: Promise<CounterStore>;
  private lastWarning = 0;

  constructor(
    private readonly reflector: Reflector,
    private readonly env: GatewayEnv,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {
    this.limiter = new FixedWindowLimiter(() => this.openBucket(), env.RATE_LIMIT_WINDOW_MS);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(NO_RATE_LIMIT, targets)) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const token = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ? undefined : bearerToken(request.headers.authorization);
    // Keys are hashes: neither tokens nor addresses are written to the bucket.
    const [key, limit] = token
      ? [`t.${digest(token)}`, this.env.RATE_LIMIT_PER_TOKEN]
      : [`a.${digest(request.ip)}`, this.env.RATE_LIMIT_PER_ADDRESS];
    if (limit === 0) return true;
    let verdict;
    try {
      verdict = await this.limiter.hit(key, limit);
    } catch (error) {
      this.warn(error);
      return true;
    }
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const windowSeconds = Math.round(this.env.RATE_LIMIT_WINDOW_MS / 1000);
    void reply
      .header('RateLimit-Limit', String(limit))
      .header('RateLimit-Remaining', String(verdict.remaining))
      .header('RateLimit-Reset', String(verdict.resetSeconds))
      .header('RateLimit-Policy', `${limit};w=${windowSeconds}`);
    if (verdict.allowed) return true;
    void reply.header('Retry-After', String(verdict.resetSeconds));
    const who = token ? 'this token' : 'this address';
    throw new AppError(
      429,
      `Too many requests: ${who} may make ${limit} requests per ${windowSeconds} s; retry in ${verdict.resetSeconds} s`,
      { retryAfterSeconds: verdict.resetSeconds },
      'rate_limited',
    );
  }

  /** Created on first use (not at start, so a gateway starts even before JetStream answers). */
  private openBucket(): Promise<CounterStore> {
    this.bucket ??= new Kvm(this.nc)
      .create(RATE_LIMIT_BUCKET, { ttl: 2 * this.env.RATE_LIMIT_WINDOW_MS, history: 1, maxValueSize: 1024, timeout: 2000 })
      .catch((error: unknown) => {
        this.bucket = undefined;
        throw error;
      });
    return this.bucket;
  }

  private warn(error: unknown): void {
    if (Date.now() - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = Date.now();
    logger.warn({ err: error }, 'rate-limit counters unreachable: requests pass unlimited meanwhile');
  }
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

const digest = (value: string): string => createHash('sha256').update(value).digest('base64url').slice(0, 32);
