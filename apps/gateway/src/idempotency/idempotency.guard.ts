import { logger, unavailable } from '@bindery/platform';
import { NATS_CONNECTION, ServiceClient } from '@bindery/platform/nest';
import { Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor } from '@nestjs/common';
import { from, type Observable, of, switchMap } from 'rxjs';
import type { AuthenticatedRequest } from '../common/request-context.decorator';
import { CLAIM, type ClaimedRequest } from './settle-hook';
import {
  IDEMPOTENCY_TTL_MS,
  IdempotencyLedger,
  type KeyValueStore,
  ledgerKey,
  MAX_RECORD_BYTES,
  parseIdempotencyKey,
  requestFingerprint,
  type StoredResponse,
} from './idempotency-ledger';

export const IDEMPOTENCY_BUCKET = 'gateway_idempotency';

/**
 * The one place `Idempotency-Key` is honoured: every authenticated POST. It runs after the auth
 * guard (keys are per caller token) and before validation and the handler; the response is
 * captured where Fastify sends it (`registerIdempotencyHook`), whatever the controller did with
 * its status and headers.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly ledger: IdempotencyLedger;
  private bucket?: Promise<KeyValueStore>;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly services: ServiceClient,
  ) {
    this.ledger = new IdempotencyLedger(() => this.openBucket());
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest & ClaimedRequest>();
    if (request.method !== 'POST' || !request.caller) return next.handle();
    const given = parseIdempotencyKey(request.headers['idempotency-key']);
    if (given === undefined) return next.handle();
    if (!this.services.connected) throw unavailable('The services are unreachable (no connection to NATS), try again later');
    const key = ledgerKey(request.caller.tokenId, given);
    const fingerprint = requestFingerprint(request.method, request.url, request.body);
    return from(this.ledger.claim(key, fingerprint)).pipe(
      switchMap((claim) => {
        if (claim.kind === 'replay') return of(replay(claim.response));
        request[CLAIM] = { ledger: this.ledger, key, fingerprint };
        return next.handle();
      }),
    );
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

/** The first answer again, marked as a replay. */
function replay(stored: StoredResponse): Response {
  if (stored.body === undefined) {
    return Response.json(
      {
        error: {
          code: 409,
          message: `A request with this Idempotency-Key already completed with status ${stored.status}; its response was too large to keep for replay`,
        },
      },
      { status: 409 },
    );
  }
  const headers = new Headers(stored.headers);
  headers.set('idempotent-replayed', 'true');
  const body = Buffer.from(stored.body, 'base64');
  return new Response(body.length > 0 ? body : null, { status: stored.status, headers });
}
