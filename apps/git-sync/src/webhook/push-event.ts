import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The headers of a webhook delivery the service looks at (names in lower case). */
export interface WebhookHeaders {
  'x-hub-signature-256'?: string;
  'x-github-event'?: string;
  'x-gitlab-token'?: string;
  'x-gitlab-event'?: string;
}

/** A push, as GitHub or GitLab describe it. */
export interface PushEvent {
  provider: 'github' | 'gitlab';
  /** `refs/heads/<branch>`. */
  ref: string;
  /** The branch was deleted by this push: nothing to import. */
  deleted: boolean;
  /** When the push happened (GitHub's `pushed_at`, else the head commit's time), ISO 8601. */
  timestamp?: string;
}

export type WebhookDelivery =
  | { kind: 'push'; event: PushEvent }
  /** Authentic, but not a push (GitHub's `ping`, tag events…): answered, nothing scheduled. */
  | { kind: 'other'; provider: 'github' | 'gitlab'; event: string };

/**
 * Checks a delivery against the space's secret: GitHub signs the raw body with HMAC-SHA256
 * (`X-Hub-Signature-256: sha256=<hex>`), GitLab sends the secret itself (`X-Gitlab-Token`). Both
 * comparisons are timing-safe. Undefined when neither matches.
 */
export function verifyDelivery(headers: WebhookHeaders, body: Buffer, secret: string): 'github' | 'gitlab' | undefined {
  const signature = headers['x-hub-signature-256'];
  if (typeof signature === 'string') {
    const given = /^sha256=([0-9a-f]{64})$/i.exec(signature.trim());
    if (!given) return undefined;
    const expected = createHmac('sha256', secret).update(body).digest();
    return timingSafeEqual(expected, Buffer.from(given[1], 'hex')) ? 'github' : undefined;
  }
  const token = headers['x-gitlab-token'];
  if (typeof token === 'string') {
    // Hashes first: equal lengths for timingSafeEqual, and the secret's length does not leak.
    const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
    return timingSafeEqual(digest(token), digest(secret)) ? 'gitlab' : undefined;
  }
  return undefined;
}

/** Reads a verified delivery; throws with the reason when the body is not the provider's JSON. */
export function readDelivery(provider: 'github' | 'gitlab', headers: WebhookHeaders, body: Buffer): WebhookDelivery {
  const eventName = (provider === 'github' ? headers['x-github-event'] : headers['x-gitlab-event']) ?? '';
  const isPush = provider === 'github' ? eventName === 'push' : eventName === 'Push Hook';
  if (!isPush) return { kind: 'other', provider, event: eventName || 'unknown' };
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new Error('body: a push delivery must be JSON (set the webhook content type to application/json)');
  }
  if (typeof payload !== 'object' || payload === null || typeof payload.ref !== 'string') throw new Error('body: a push names its ref');
  const ref = payload.ref;
  if (provider === 'github') {
    const repository = (payload.repository ?? {}) as { pushed_at?: unknown };
    const head = payload.head_commit as { timestamp?: unknown } | null | undefined;
    const timestamp =
      typeof repository.pushed_at === 'number'
        ? new Date(repository.pushed_at * 1000)
        : typeof head?.timestamp === 'string'
          ? new Date(head.timestamp)
          : undefined;
    return { kind: 'push', event: { provider, ref, deleted: payload.deleted === true, ...isoOf(timestamp) } };
  }
  // GitLab: no push time in the payload; the head commit's time orders it.
  const after = typeof payload.checkout_sha === 'string' ? payload.checkout_sha : typeof payload.after === 'string' ? payload.after : '';
  const commits = Array.isArray(payload.commits) ? (payload.commits as Array<{ id?: unknown; timestamp?: unknown }>) : [];
  const head = commits.find((c) => c.id === after) ?? commits[commits.length - 1];
  const deleted = payload.checkout_sha === null || (typeof payload.after === 'string' && /^0+$/.test(payload.after));
  const timestamp = typeof head?.timestamp === 'string' ? new Date(head.timestamp) : undefined;
  return { kind: 'push', event: { provider, ref, deleted, ...isoOf(timestamp) } };
}

function isoOf(date: Date | undefined): { timestamp?: string } {
  return date && !Number.isNaN(date.getTime()) ? { timestamp: date.toISOString() } : {};
}
