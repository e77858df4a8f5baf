/**
 * Which statements one connection runs as named prepared statements, and under which name.
 *
 * Bounded, because every named statement holds its parse tree and plans in that backend's memory
 * until the connection closes, and statement texts can vary without end (an IN list's length,
 * generated SQL, a write batch's mix of parts):
 * - a text is named only from its second use, so a one-off text never costs a prepared statement;
 * - at most `maxNamed` statements are named per connection; beyond that a text runs unnamed (no
 *   eviction: evicting would cost a DEALLOCATE round trip and churn when the working set is larger
 *   than the cap, and the statements named first are the ones a service runs all the time);
 * - the texts seen once are remembered in a first-in, first-out window of `maxSeen` texts.
 *
 * Names come from a per-connection counter, not the text, so a name forgotten after a schema change
 * (its statement still prepared in the backend until `DEALLOCATE`) is never reused for another
 * preparation of the same text.
 */
export class StatementNames {
  private readonly named = new Map<string, string>();
  private readonly seenOnce = new Set<string>();
  /** Names forgotten on this connection whose statements the backend still holds. */
  private readonly stale: string[] = [];
  private next = 0;

  constructor(
    private readonly maxNamed: number,
    private readonly maxSeen = maxNamed * 4,
  ) {}

  /** The name to run `text` under, or undefined to run it unnamed this time. */
  nameFor(text: string): string | undefined {
    const name = this.named.get(text);
    if (name) return name;
    if (!this.seenOnce.has(text)) {
      this.remember(text);
      return undefined;
    }
    // The backend holds the named statements and the stale ones not yet deallocated.
    if (this.named.size + this.stale.length >= this.maxNamed) return undefined;
    this.seenOnce.delete(text);
    const fresh = `bindery_${this.next++}`;
    this.named.set(text, fresh);
    return fresh;
  }

  /**
   * Forgets `text`'s name (its prepared statement no longer fits the schema or no longer exists).
   * With `stillPrepared`, the name waits in `takeStale` for a `DEALLOCATE`.
   */
  forget(text: string, stillPrepared: boolean): void {
    const name = this.named.get(text);
    if (!name) return;
    this.named.delete(text);
    if (stillPrepared) this.stale.push(name);
  }

  /** The stale names to deallocate (and forgets them: the caller deallocates them now). */
  takeStale(): string[] {
    return this.stale.splice(0);
  }

  get size(): number {
    return this.named.size;
  }

  private remember(text: string): void {
    if (this.seenOnce.size >= this.maxSeen) {
      const oldest = this.seenOnce.values().next();
      if (!oldest.done) this.seenOnce.delete(oldest.value);
    }
    this.seenOnce.add(text);
  }
}
