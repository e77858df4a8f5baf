import { createInbox, errors as natsErrors, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from '@nats-io/transport-node';

/** How often waiting requests are checked against their deadline: a timeout fires up to this late. */
const SWEEP_MS = 100;

interface Waiting {
  resolve: (msg: Msg) => void;
  reject: (error: Error) => void;
  subject: string;
  deadline: number;
}

/**
 * Request/reply over one wildcard inbox subscription, as `nc.request` does, without its per-request
 * costs: nats.js (@nats-io/nats-core 3.4.0, the latest) builds a `RequestError("cancelled")` (a
 * captured stack) after every answered request, plus a random token, a timer and two promises,
 * ~3.5 % of the gateway's CPU per read. Here a request is a counter token, one promise and a
 * deadline checked by one sweep every SWEEP_MS while requests wait (no timer per request, none
 * while idle). Failures are nats.js's own error classes, so callers tell them apart as before:
 * `TimeoutError`, and `RequestError` with `isNoResponders()` when no instance listens.
 */
export class RequestMux {
  private readonly inbox: string;
  private readonly waiting = new Map<string, Waiting>();
  private nextToken = 0;
  private subscription?: Subscription;
  private sweeper?: NodeJS.Timeout;

  constructor(private readonly nc: NatsConnection) {
    // The connection's inbox prefix (`_INBOX.<user>` under per-app permissions, see natsConnectionOptions).
    const prefix = (nc as Partial<{ options: { inboxPrefix?: string } }>).options?.inboxPrefix;
    this.inbox = `${createInbox(prefix)}.`;
    void nc.closed().then(() => this.failAll(new natsErrors.RequestError('connection closed')));
  }

  /** Publishes `data` (and `headers`) to `subject` with a reply inbox of its own; resolves with the first reply. */
  request(subject: string, data: string | Uint8Array, timeoutMs: number, headers?: MsgHdrs): Promise<Msg> {
    this.subscribe();
    this.nextToken = (this.nextToken + 1) % Number.MAX_SAFE_INTEGER;
    const token = this.nextToken.toString(36);
    return new Promise<Msg>((resolve, reject) => {
      try {
        this.nc.publish(subject, data, headers ? { reply: this.inbox + token, headers } : { reply: this.inbox + token });
      } catch (error) {
        reject(error instanceof Error ? error : new natsErrors.RequestError(String(error)));
        return;
      }
      this.waiting.set(token, { resolve, reject, subject, deadline: Date.now() + timeoutMs });
      this.sweeper ??= setInterval(() => this.sweep(), Math.min(SWEEP_MS, timeoutMs));
    });
  }

  private subscribe(): void {
    if (this.subscription) return;
    this.subscription = this.nc.subscribe(`${this.inbox}*`, {
      callback: (error, msg) => {
        if (error) return this.failAll(new natsErrors.RequestError(error.message, { cause: error }));
        const token = msg.subject.slice(this.inbox.length);
        const request = this.waiting.get(token);
        if (!request) return; // answered after its timeout
        this.waiting.delete(token);
        // The server's "no responders" status: an empty message with a 503 header.
        if (msg.data.length === 0 && msg.headers?.code === 503)
          request.reject(
            new natsErrors.RequestError(`no responders: '${request.subject}'`, {
              cause: new natsErrors.NoRespondersError(request.subject),
            }),
          );
        else request.resolve(msg);
      },
    });
  }

  private sweep(): void {
    const now = Date.now();
    for (const [token, request] of this.waiting)
      if (request.deadline <= now) {
        this.waiting.delete(token);
        request.reject(new natsErrors.TimeoutError());
      }
    if (this.waiting.size === 0) this.stopSweeping();
  }

  private failAll(error: Error): void {
    const failed = [...this.waiting.values()];
    this.waiting.clear();
    this.stopSweeping();
    this.subscription = undefined;
    for (const request of failed) request.reject(error);
  }

  private stopSweeping(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }
}
