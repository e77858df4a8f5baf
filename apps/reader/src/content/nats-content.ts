// Published content over NATS (`content.published.get-revision`). A space's content is kept per
// space and re-checked at most every `revalidateMs`: the reader sends the tag of the tree it holds,
// so when nothing changed only the tag (and freshly signed file URLs) cross NATS, and a merge shows
// within `revalidateMs`. Concurrent requests for one space share one call.
import { ContentSubjects, type RequestContext, type RevisionGetResult, type RevisionPage } from '@bindery/contracts';
import type { Document } from '@bindery/document';
import type { ServiceClient } from '@bindery/platform';
import type { ContentSource, ReaderFile, ReaderPage, SearchHit, SpaceContent } from './content-source';

interface Held {
  tag: string;
  content: SpaceContent;
  checkedAt: number;
}

export class NatsContentSource implements ContentSource {
  private readonly held = new Map<string, Held>();
  private readonly inFlight = new Map<string, Promise<SpaceContent>>();

  constructor(
    private readonly client: ServiceClient,
    private readonly context: () => RequestContext,
    private readonly revalidateMs: number,
    private readonly maxSpaces = 1000,
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
    return pending;
  }

  /** Search of published content is not offered over NATS yet: the box says so. */
  search(): Promise<SearchHit[] | null> {
    return Promise.resolve(null);
  }

  private async fetch(key: string, organizationId: string, spaceId: string, held: Held | undefined): Promise<SpaceContent> {
    const result: RevisionGetResult = await this.client.send(ContentSubjects.publishedRevision, this.context(), {
      organizationId,
      spaceId,
      knownTag: held?.tag,
    });
    const files = result.revision.files.map(toReaderFile);
    let content: SpaceContent;
    if (held && result.pages.rawJson === undefined) {
      content = { ...held.content, files };
    } else {
      const { pages } = JSON.parse(result.pages.rawJson ?? '{"pages":[]}') as { pages: RevisionPage[] };
      content = { spaceId, revisionId: result.revision.id, files, pages: pages.map(toReaderPage) };
    }
    if (this.held.size >= this.maxSpaces && !this.held.has(key)) this.held.delete(this.held.keys().next().value as string);
    this.held.set(key, { tag: result.pages.tag, content, checkedAt: Date.now() });
    return content;
  }
}

function toReaderPage(page: RevisionPage): ReaderPage {
  const p = page as RevisionPage & {
    path?: string;
    description?: string;
    emoji?: string;
    hidden?: boolean;
    noIndex?: boolean;
    document?: Document;
    href?: string;
  };
  const type = p.type === 'group' || p.type === 'link' ? p.type : 'document';
  return {
    id: p.id,
    title: p.title,
    path: p.path ?? p.id,
    type,
    description: p.description || undefined,
    emoji: p.emoji || undefined,
    hidden: p.hidden,
    noIndex: p.noIndex,
    document: p.document,
    href: p.href,
    pages: (p.pages ?? []).map(toReaderPage),
  };
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
