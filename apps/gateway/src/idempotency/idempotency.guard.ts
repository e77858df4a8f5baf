import { logger, unavailable } from '@bindery/platform';
import { NATS_CONNECTION, ServiceClient } from '@bindery/platform/nest';
import { Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { AuthenticatedRequest } from '../common/request-context.decorator';
import { claimIdempotencyKey } from './claim';
import type { ClaimedRequest } from './settle-hook';
import { IDEMPOTENCY_TTL_MS, IdempotencyLedger, type KeyValueStore, MAX_RECORD_BYTES } from './idempotency-ledger';

export const IDEMPOTENCY_BUCKET = 'gateway_idempotency';

/**
 * The one place `Idempotency-Key` is honoured: every authenticated POST (`guardPostRoutes` puts it
 * on them, after the global guards: keys are per caller token, and a rate-limited or unauthenticated
 * request claims nothing). It runs before validation and the handler; a replay is thrown as an
 * `EarlyAnswer`, and the response is captured where Fastify sends it (`registerIdempotencyHook`),
 * whatever the controller did with its status and headers. A guard rather than an interceptor: an
 * interceptor puts every request of its routes through Nest's rxjs chain, key or not; this answers
 * a POST without a key at once, without a promise.
 */
@Injectable()
export class IdempotencyGuard implements CanActivate {
  private readonly ledger: IdempotencyLedger;
  private bucket?: Promise<KeyValueStore>;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly services: ServiceClient,
  ) {
    this.ledger = new IdempotencyLedger(() => this.openBucket());
  }

  canActivate(context: ExecutionContext): true | Promise<true> {
    // By index rather than `switchToHttp()`, which allocates three closures per call.
    const request = context.getArgByIndex<AuthenticatedRequest & ClaimedRequest>(0);
    return claimIdempotencyKey(request, this.ledger, () => this.services.connected);
  }

  /** Created on first use (not at start, so a gateway starts even before JetStream answers). */
  private openBucket(): Promise<KeyValueStore> {
    this.bucket ??= new Kvm(this.nc)
      .create(IDEMPOTENCY_BUCKET, { ttl: IDEMPOTENCY_TTL_MS, history: 1, maxValueSize: MAX_RECORD_BYTES, timeout: 2000 })
      .catch((error: unknown) => {
        this.bucket = undefined;
        logger.error({ err: error }, 'cannot open the idempotency bucket');
        throw unavailable('Cannot record the Idempotency-Key now, try again later');
      });
    return this.bucket;
  }
}
