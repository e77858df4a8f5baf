import type { Envelope } from '@bindery/contracts';
import type { Span } from '@opentelemetry/api';
import { logger } from '../logging/logger';
import { outcomeOf, rpcServerRequests, secondsSince } from '../metrics/metrics';
import { traceIdOf } from '../tracing/carrier';
import { endSpan, startRpcServerSpan } from '../tracing/spans';
import { messagesInHand } from './messages-in-hand';

/**
 * What a service does around each request it handles: times it into
 * `bindery_rpc_server_duration_seconds` (by subject, a fixed set, and outcome), at debug level logs
 * it with the request id from the envelope (so one request can be followed from the gateway's
 * access line into every service), with tracing on gives it a server span (child of the caller's,
 * from the envelope), and counts it as in hand, which a stopping service waits for.
 *
 * Run by the transport (`DrainingServerNats`) rather than a Nest interceptor: an interceptor puts
 * a chain of rxjs observables and two async resources around every message (~7 % of identity's
 * CPU on a read in `pnpm bench gateway`). Explicit rather than through AsyncLocalStorage: on Node
 * 20 that turns on promise hooks for every promise in the process (OpenTelemetry's context, with
 * tracing on only, does use it).
 */
export class MessageScope {
  readonly span: Span | undefined;
  private readonly started = performance.now();
  private readonly ctx: Envelope<unknown>['ctx'] | undefined;

  constructor(
    private readonly subject: string,
    envelope: unknown,
  ) {
    this.ctx = (envelope as Partial<Envelope<unknown>> | undefined)?.ctx;
    this.span = startRpcServerSpan(subject, this.ctx);
    messagesInHand.started();
  }

  /** The message was answered: counted, its span ended, no longer in hand. */
  answered(): void {
    this.finish('ok');
  }

  /** The message was refused or its handler failed with `error`: counted by its reason. */
  failed(error: unknown): void {
    this.finish(outcomeOf(error), error);
  }

  private finish(outcome: string, error?: unknown): void {
    const seconds = secondsSince(this.started);
    rpcServerRequests.observe({ subject: this.subject, outcome }, seconds);
    if (this.span) endSpan(this.span, outcome, error);
    if (logger.isLevelEnabled('debug'))
      logger.debug(
        { requestId: this.ctx?.requestId, traceId: traceIdOf(this.ctx), subject: this.subject, outcome, ms: Math.round(seconds * 1000) },
        'message handled',
      );
    messagesInHand.finished();
  }
}

/**
 * The error a handler (or a guard) threw, by the message's Nest context: `RpcErrorFilter` turns it
 * into an ErrorPayload for the reply and notes it here, so the scope counts and traces the error
 * itself (its reason, its stack), as an interceptor inside the filter saw it.
 */
const failures = new WeakMap<object, unknown>();

export function noteHandlerFailure(messageContext: unknown, error: unknown): void {
  if (typeof messageContext === 'object' && messageContext !== null) failures.set(messageContext, error);
}

export function handlerFailureOf(messageContext: object): unknown {
  return failures.get(messageContext);
}
