import { IdentitySubjects, type RequestContext, type User } from '@bindery/contracts';
import { callerId } from '../envelope/caller-id';
import type { ServiceClient } from '../nest/service-client';

export interface CurrentUsersOptions {
  /**
   * How long an answer is reused: the bound on how stale a name or photo stored with a comment, a
   * change request or a merge can be. Default 60 s.
   */
  ttlMs?: number;
  /** At most this many users are held (least recently used dropped first). Default 10,000. */
  maxEntries?: number;
  now?: () => number;
}

interface Held {
  at: number;
  user: Promise<User>;
}

/**
 * The caller as an embedded `User` (`identity.user.get`), for what a service stores with a write
 * (`createdBy`, `mergedBy`, a comment's author), reused across the caller's requests so a write
 * does not cost a round trip to identity each time.
 *
 * Why reuse cannot show a wrong user: the key is the caller's id from the envelope (set by the
 * gateway from the verified token; `checkEnvelope` refused a malformed one) with the request's
 * `baseUrl` (the user's `urls.location` is built from it), and identity answers `user.get` for
 * that caller only: one caller never gets another's answer.
 *
 * Why it is not stale beyond `ttlMs`: identity never changes a user row (users are inserted by
 * sign-up, invitations and SSO, and no route renames them or changes a photo), so an answer can
 * only differ from identity's after a change outside the API, and it is asked again after
 * `ttlMs`. A route that changes users must announce it (as `identity.membership.changed` does for
 * standings) and this cache must hear it before that route ships.
 *
 * Requests of one caller that miss together share one question; a failed question is not kept.
 */
export class CurrentUsers {
  private readonly entries = new Map<string, Held>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(
    private readonly identity: Pick<ServiceClient, 'send'>,
    options: CurrentUsersOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** How many users are held. */
  get size(): number {
    return this.entries.size;
  }

  /** The caller as a User (401 for a request without a caller). */
  of(ctx: RequestContext): Promise<User> {
    const key = `${callerId(ctx)}\u0000${ctx.baseUrl}`;
    const held = this.entries.get(key);
    if (held && this.now() - held.at < this.ttlMs) {
      // Least recently used goes first: move this one to the end.
      this.entries.delete(key);
      this.entries.set(key, held);
      return held.user;
    }
    this.entries.delete(key);
    const user = this.identity.send(IdentitySubjects.userGetCurrent, ctx, {});
    const entry: Held = { at: this.now(), user };
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    user.catch(() => {
      // A failed question is asked again next time, not remembered.
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return user;
  }

  /** Forgets every user (tests; a service that learns users may have changed). */
  clear(): void {
    this.entries.clear();
  }
}
