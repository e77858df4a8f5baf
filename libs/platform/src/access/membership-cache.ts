import type { MembershipChangedBroadcast, MembershipGetResult } from '@bindery/contracts';

export interface MembershipCacheOptions {
  /**
   * Backstop: an answer is asked again after this long even if no change was heard (a change
   * nobody announced, e.g. the operator CLI's `member:add` re-roling a member). Default 30 s.
   */
  ttlMs?: number;
  /** At most this many answers are held (least recently used dropped first). Default 10,000. */
  maxEntries?: number;
  now?: () => number;
}

interface Held {
  at: number;
  answer: MembershipGetResult;
}

interface InFlight {
  epoch: number;
  answer: Promise<MembershipGetResult>;
}

/**
 * Standings (`identity.membership.get` answers) reused across requests, only while they cannot be
 * stale. It is fed by `MembershipFeed`, which hears identity's `identity.membership.changed` on the
 * connection the service receives its requests on, so a change is forgotten here before the
 * client's next request reaches the service (the argument is in `MembershipFeed`'s comment).
 *
 * - Only while `live` (the feed's subscription is known to be in place): otherwise every question
 *   goes to identity.
 * - Only members' answers are kept. A stranger's "not a member" would go stale when they join
 *   (invite, link, SSO, email domain), and joins are not announced: strangers are rare, and asked
 *   every time.
 * - An answer is stored only if nothing was invalidated while it was being asked (`epoch`): an
 *   answer read before a change commits may arrive after the change was heard, and must not
 *   outlive it. A request never joins a question asked before the last invalidation, either.
 * - `suspend` (connection lost, or any doubt) forgets everything and stops caching until `resume`.
 */
export class MembershipCache {
  private readonly entries = new Map<string, Held>();
  private readonly inFlight = new Map<string, InFlight>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  /** Bumped by every invalidation, suspension and resumption. */
  private epoch = 0;
  private live = false;

  constructor(options: MembershipCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Whether answers are being reused (the feed is in place). */
  get isLive(): boolean {
    return this.live;
  }

  /** How many answers are held. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The standing of `userId` in the organization: a held answer, the answer another request is
   * already waiting for, or `ask()`'s. While not live: `ask()`'s, always.
   */
  standing(organizationId: string, userId: string, ask: () => Promise<MembershipGetResult>): Promise<MembershipGetResult> {
    if (!this.live) return ask();
    const key = keyOf(organizationId, userId);
    const held = this.entries.get(key);
    if (held) {
      if (this.now() - held.at < this.ttlMs) {
        // Least recently used goes first: move this one to the end.
        this.entries.delete(key);
        this.entries.set(key, held);
        return Promise.resolve(held.answer);
      }
      this.entries.delete(key);
    }
    const flight = this.inFlight.get(key);
    if (flight && flight.epoch === this.epoch) return flight.answer;
    return this.ask(key, ask);
  }

  /** Forgets what the change may have made stale: one standing, or the organization's. */
  invalidate({ organizationId, userId }: MembershipChangedBroadcast): void {
    this.epoch += 1;
    if (userId !== undefined) {
      this.entries.delete(keyOf(organizationId, userId));
      return;
    }
    const prefix = keyOf(organizationId, '');
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  /** Forgets everything (a change may have been missed). */
  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.inFlight.clear();
  }

  /** Stops reusing answers and forgets them: changes can no longer be heard. */
  suspend(): void {
    this.live = false;
    this.clear();
  }

  /** Reuses answers again, from nothing: changes are heard again from now on. */
  resume(): void {
    this.clear();
    this.live = true;
  }

  private ask(key: string, ask: () => Promise<MembershipGetResult>): Promise<MembershipGetResult> {
    const epoch = this.epoch;
    const answer = ask();
    this.inFlight.set(key, { epoch, answer });
    answer.then(
      (standing) => {
        if (this.inFlight.get(key)?.answer === answer) this.inFlight.delete(key);
        if (this.live && this.epoch === epoch && standing.member) this.store(key, standing);
      },
      () => {
        // A failed question is asked again next time, not remembered.
        if (this.inFlight.get(key)?.answer === answer) this.inFlight.delete(key);
      },
    );
    return answer;
  }

  private store(key: string, answer: MembershipGetResult): void {
    this.entries.delete(key);
    this.entries.set(key, { at: this.now(), answer });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** Ids never hold a NUL, so `organizationId + NUL` prefixes exactly that organization's keys. */
function keyOf(organizationId: string, userId: string): string {
  return `${organizationId}\u0000${userId}`;
}
