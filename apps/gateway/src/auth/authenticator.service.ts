import { type Caller, EVENT_PREFIX_TOKEN_REVOKED, IdentitySubjects, type TokenRevokedEvent } from '@bindery/contracts';
import { logger, type TraceCarrier, unauthorized } from '@bindery/platform';
import { NATS_CONNECTION, ServiceClient } from '@bindery/platform/nest';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { GatewayEnv } from '../config/gateway.env';
import { TokenCache, type Verification } from './token-cache';

const BEARER = /^Bearer ([A-Za-z0-9_\-.~+/]+=*)$/;

/** Turns an Authorization header into a Caller, via a short-lived cache in front of identity. */
@Injectable()
export class Authenticator implements OnApplicationBootstrap {
  private readonly cache: TokenCache;

  constructor(
    private readonly services: ServiceClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    env: GatewayEnv,
  ) {
    this.cache = new TokenCache(env.TOKEN_CACHE_TTL_MS);
  }

  /** Evicts revoked tokens as soon as identity announces them. */
  onApplicationBootstrap(): void {
    this.nc.subscribe(EVENT_PREFIX_TOKEN_REVOKED, {
      callback: (error, msg) => {
        if (error) return logger.warn({ err: error }, 'token revocation subscription failed');
        this.cache.evictToken(msg.json<TokenRevokedEvent>().tokenId);
      },
    });
  }

  /**
   * The caller of a bearer token: at once (no promise) when the token's entry is cached, which is
   * nearly every request, else once identity has answered. `trace`: the request span's context, so
   * a token check that reaches identity joins the request's trace.
   */
  authenticate(header: string | undefined, requestId: string, trace: TraceCarrier = {}): Caller | Promise<Caller> {
    if (!header) throw unauthorized('Missing Authorization header; send "Authorization: Bearer <token>"');
    const match = BEARER.exec(header);
    if (!match) throw unauthorized('Malformed Authorization header; expected "Bearer <token>"');
    const token = match[1];
    const key = TokenCache.keyOf(token);
    const verify = (): Promise<Verification> => this.verify(token, requestId, trace);
    return this.cache.fresh(key, verify) ?? this.cache.lookup(key, verify).then(acceptedCaller);
  }

  /** Asks identity; when requests share the answer (see `TokenCache.lookup`), the first one's id and trace go with it. */
  private async verify(token: string, requestId: string, trace: TraceCarrier): Promise<Verification> {
    const { caller, expiresAt } = await this.services.send(IdentitySubjects.tokenVerify, { requestId, baseUrl: '', ...trace }, { token });
    return { caller, notAfter: expiresAt ? Date.parse(expiresAt) : undefined };
  }
}

function acceptedCaller(caller: Caller | undefined): Caller {
  if (!caller) throw unauthorized('Invalid, expired or revoked API token');
  return caller;
}
