/** Most spaces whose organization `InheritedRulesHints` remembers (one short id each). */
const MAX_SPACES = 4_096;

/**
 * Per space, the organization whose merge rules it inherited when a merge of this process last
 * read it (null: it had rules of its own). With it, the next merge into the space asks identity for
 * those rules at once, beside the space's read, instead of after it: one serial round trip less.
 *
 * Only a guess of WHICH organization to ask, never an answer: the rules are always asked after the
 * merge's request arrived (a rule changed before it applies to it, as when they were asked after the
 * read), and used only when the space as read still inherits from that organization; otherwise the
 * merge asks again for the space as read.
 */
export class InheritedRulesHints {
  private readonly bySpace = new Map<string, string | null>();

  /** The organization the space inherited its rules from at its last merge here; null: its own rules; undefined: unknown. */
  organizationOf(spaceId: string): string | null | undefined {
    return this.bySpace.get(spaceId);
  }

  /** What a merge read: the space inherits from `organizationId`, or (null) has rules of its own. */
  note(spaceId: string, organizationId: string | null): void {
    if (this.bySpace.get(spaceId) === organizationId) return;
    this.bySpace.delete(spaceId);
    this.bySpace.set(spaceId, organizationId);
    // Oldest noted first: a bound, not a recency order (a wrong or missing guess costs only the wait it saves).
    if (this.bySpace.size > MAX_SPACES) this.bySpace.delete(this.bySpace.keys().next().value!);
  }
}
