/** Who is calling, as established by the gateway from the bearer token. */
export interface Caller {
  userId: string;
  tokenId: string;
}

/** Travels with every request/reply message so logs and authorisation follow a request across services. */
export interface RequestContext {
  /** Correlates log lines of one HTTP request in every service. */
  requestId: string;
  /** Absent only for unauthenticated internal calls (health, token verification). */
  caller?: Caller;
  /** Public base URL of the gateway (no trailing slash), used to build `urls` objects. */
  baseUrl: string;
}

/** The shape of every request/reply payload: context plus the operation's input. */
export interface Envelope<T> {
  ctx: RequestContext;
  data: T;
}

/** Error carried back over NATS; `code` is the HTTP status the gateway answers with. */
export interface ErrorPayload {
  code: number;
  message: string;
  details?: unknown;
}
