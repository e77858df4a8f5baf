// Published content over NATS (`content.published.get-revision`). A space's content is kept per
// space until content announces a change (`invalidate`, from the events the reader listens to) and
// at most `revalidateMs` (the safety net for a missed event): the reader sends the tag of the tree
// it holds, so when nothing changed only the tag (and freshly signed file URLs) cross NATS.
// Concurrent requests for one space share one call. A held space that is due for a check (an event
// or the interval) is still served while content is asked again, and swapped when the answer is
// in: after a merge no visitor waits for the new revision to load (within `staleLimitMs`), nor for
// its page tree to be parsed (`trees`: on a worker thread in the reader, see page-tree.ts). A tree
// larger than one NATS message comes in parts, read one by one and joined (`collectTreeParts`).
import { ContentSubjects, type List, type PublishedPagePathResult, type RequestContext, type SearchPageResult } from '@bindery/contracts';
import type { Document } from '@bindery/document';
import { AppError, collectTreeParts, type ServiceClient } from '@bindery/platform';
import { LRUCache } from 'lru-cache';
import type { ContentSource, ReaderFile, SearchHit, SpaceContent } from './content-source';
import { inlineTrees, type LoadedRevision, type PageTreeThread } from './page-tree';

interface Held {
  tag: string;
  content: SpaceContent;
  checkedAt: number;
  /** When content last answered for it: how stale it may be served (signed file URLs age). */
  fetchedAt: number;
}

/** Past this since content last answered, a held space is not served while it is asked again. */
const STALE_LIMIT_MS = 5 * 60_000;

export class NatsContentSource implements ContentSource {
  private readonly held = new Map<string, Held>();
  private readonly inFlight = new Map<string, Promise<SpaceContent>>();
  /** Old path → current path ('' = unknown), per space revision. */
  private readonly moved = new LRUCache<string, string>({ max: 20_000 });

  constructor(
    private readonly client: ServiceClient,
    private readonly context: () => RequestContext,
    private readonly revalidateMs: number,
    private readonly maxSpaces = 1000,
    private readonly staleLimitMs = STALE_LIMIT_MS,
    /** Reads content's replies off the event loop (PageTreePool); by default on the calling thread (tests). */
    private readonly trees: PageTreeThread = inlineTrees,
  ) {}

  content(organizationId: string, spaceId: string): Promise<SpaceContent> {
    const key = `${organizationId}/${spaceId}`;
    const held = this.held.get(key);
    if (held && Date.now() - held.checkedAt < this.revalidateMs) return Promise.resolve(held.content);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.fetch(key, organizationId, spaceId, held).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    if (held && Date.now() - held.fetchedAt < this.staleLimitMs) {
      // Served as held; the answer replaces it for the next request (a failure is the next request's to see).
      pending.catch(() => undefined);
      return Promise.resolve(held.content);
    }
    return pending;
  }

  /**
   * Content's answer for an old path (`content.published.page-path`), kept per revision and path,
   * unknown paths included: a burst of requests for a dead link asks content once per revision.
   */
  async movedPath(organizationId: string, content: SpaceContent, path: string): Promise<string | undefined> {
    const key = `${content.spaceId}|${content.revisionId}|${path}`;
    const known = this.moved.get(key);
    if (known !== undefined) return known || undefined;
    let answer = '';
    try {
      const result: PublishedPagePathResult = await this.client.send(ContentSubjects.publishedPagePath, this.context(), {
        organizationId,
        spaceId: content.spaceId,
        path,
      });
      answer = result.path;
    } catch (error) {
      if (!(error instanceof AppError) || error.code >= 500) throw error;
    }
    this.moved.set(key, answer);
    return answer || undefined;
  }

  /** An event said the space changed: the next read asks content again (with the tag it holds). */
  invalidate(spaceId: string): void {
    for (const held of this.held.values()) if (held.content.spaceId === spaceId) held.checkedAt = 0;
  }

  /** Content's search of the space's published content (`content.published.search`, callerless, one space). */
  async search(organizationId: string, spaceId: string, query: string): Promise<SearchHit[] | null> {
    const result: List<SearchPageResult> = await this.client.send(ContentSubjects.publishedSearch, this.context(), {
      organizationId,
      spaceId,
      query,
      limit: 20,
    });
    return result.items.map((page) => {
      const best = page.sections[0];
      const anchor = best?.path.includes('#') ? best.path.slice(best.path.indexOf('#') + 1) : undefined;
      // Excerpts mark matched words with <mark>; the search box shows plain text.
      const snippet = (best?.body ?? page.description).replace(/<\/?mark>/g, '');
      return { title: page.title, path: page.path, snippet, ...(anchor ? { anchor } : {}) };
    });
  }

  private async load(input: { organizationId: string; spaceId: string; knownTag?: string }): Promise<LoadedRevision> {
    const ctx = this.context();
    const { result, pages, firstPart } = await this.client.sendParsed(ContentSubjects.publishedRevision, ctx, input, this.trees.reply);
    if (firstPart === undefined) return { result, pages };
    // Content cut the tree under this tag: the other parts are read by index and must carry the same tag.
    const { tag } = result.pages;
    const parts = await collectTreeParts(result.pages, firstPart, (index) =>
      this.client.sendParsed(ContentSubjects.publishedRevision, ctx, { ...input, part: { tag, index } }, this.trees.part),
    );
    return { result, pages: await this.trees.join(parts) };
  }

  private async fetch(key: string, organizationId: string, spaceId: string, held: Held | undefined): Promise<SpaceContent> {
    let loaded: LoadedRevision;
    try {
      loaded = await this.load({ organizationId, spaceId, knownTag: held?.tag });
    } catch (error) {
      // Gone or no longer published (a 4xx): nothing is served from what was held.
      if (error instanceof AppError && error.code < 500) this.held.delete(key);
      throw error;
    }
    const { result } = loaded;
    const files = result.revision.files.map(toReaderFile);
    let content: SpaceContent;
    if (held && loaded.pages === undefined) {
      content = { ...held.content, files };
    } else {
      const pages = loaded.pages ?? [];
      content = { spaceId, revisionId: result.revision.id, files, pages };
      if (result.reusableDocuments) content.reusableContents = result.reusableDocuments as unknown as Record<string, Document>;
    }
    if (this.held.size >= this.maxSpaces && !this.held.has(key)) this.held.delete(this.held.keys().next().value as string);
    const now = Date.now();
    this.held.set(key, { tag: result.pages.tag, content, checkedAt: now, fetchedAt: now });
    return content;
  }
}

function toReaderFile(file: {
  id: string;
  name: string;
  contentType: string;
  size: number;
  downloadURL: string;
  dimensions?: { width: number; height: number };
}): ReaderFile {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    size: file.size,
    downloadURL: file.downloadURL,
    dimensions: file.dimensions,
  };
}
