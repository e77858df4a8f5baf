import type { JsonDocument } from '@bindery/contracts';
import { contentHash } from './content-hash';
import { emptyDocument } from './page-tree';

/**
 * Page bodies by content hash for a batch being applied: the bodies the caller loaded
 * beforehand, plus the ones the batch brings or derives (a block-level revert). Applying stays
 * synchronous; the caller stores `added` afterwards in one go, under the hashes the tree refers to.
 */
export class DocumentPool {
  private readonly byHash = new Map<string, JsonDocument>();
  private readonly fresh = new Map<string, JsonDocument>();

  /** Registers a body the caller has loaded from storage under `hash`. */
  known(hash: string, document: JsonDocument): void {
    this.byHash.set(hash, document);
  }

  /** The body of a page's `document` hash; null is the empty page. */
  get(hash: string | null): JsonDocument {
    if (hash === null) return emptyDocument();
    const document = this.byHash.get(hash);
    // A caller bug, not bad input: every hash a batch can reach is loaded before it is applied.
    if (!document) throw new Error(`document ${hash} was not loaded before applying the batch`);
    return document;
  }

  /** Adds a body of the batch and returns the hash to store in the page (null for an empty body). */
  add(document: JsonDocument): string | null {
    if (document.nodes.length === 0) return null;
    const hash = contentHash(document);
    if (!this.byHash.has(hash)) this.fresh.set(hash, document);
    this.byHash.set(hash, document);
    return hash;
  }

  /** Bodies the batch added, which the caller must store. */
  get added(): JsonDocument[] {
    return [...this.fresh.values()];
  }
}
