import type {
  FileGetInput,
  FilesListInput,
  JsonDocument,
  List,
  PageByPathInput,
  PageGetInput,
  PageReadOptions,
  PagesListInput,
  PagesListResult,
  PublishedPagePathInput,
  PublishedPagePathResult,
  PublishedRevisionInput,
  RevisionGetInput,
  RevisionGetResult,
  RequestContext,
  Revision,
  RevisionFile,
  RevisionPage,
} from '@bindery/contracts';
import { badRequest, keysetPage, notFound, toList, treePartStarts, unavailable } from '@bindery/platform';
import { JsonAnswer } from '@bindery/platform/nest';
import { Injectable } from '@nestjs/common';
import { toChangeRequest } from '../change-requests/change-request.mapper';
import { Clock } from '../clock/clock';
import { DownloadSigner } from '../files/download-signer';
import { toWireFile } from '../files/file.mapper';
import { ChangeRequestsRepository } from '../store/change-requests.repository';
import { contentHash } from '../model/content-hash';
import { emptyDocument, type PageEntry, type PageTree } from '../model/page-tree';
import { pageAtPath } from '../model/page-paths';
import { toWireReusableContent } from '../pages/reusable-content.mapper';
import { withReusableContent } from '../model/reusable-text';
import { MarkdownPool } from '@bindery/platform/markdown';
import { ComputedContentService, type ExpandedTree } from '../computed/computed-content.service';
import { type DocumentLookup, type PageUrlBase, toWirePage } from '../pages/page.mapper';
import { ContentReader, type ResolvedContent } from '../store/content-reader';
import { ContentStore } from '../store/content-store';
import { PathHistory } from '../store/path-history';
import { SerializedTreeCache } from '../store/serialized-tree-cache';
import { pageTreeJson } from '../pages/page-tree-json';
import { PageAnswerCache, pageAnswerKey } from './page-answer-cache';

@Injectable()
export class ContentReadsService {
  /** Where the parts of a large serialised tree start, by tag (see `treePartStarts`; a few numbers per tag). */
  private readonly partStarts = new Map<string, number[]>();
  /** The last tree too large for `serializedTrees` (one at most: a 1,000-page space's is ~113 MB in memory). */
  private largeTree?: { tag: string; rawJson: string };
  /** `appTag`'s answers, oldest first (at most `APP_TAGS`). */
  private readonly appTags = new Map<string, string>();
  /** Single-page answers, kept by what they are made of (see `pageAnswerKey`). */
  private readonly pageAnswers = new PageAnswerCache();

  constructor(
    private readonly reader: ContentReader,
    private readonly store: ContentStore,
    private readonly changeRequests: ChangeRequestsRepository,
    private readonly signer: DownloadSigner,
    private readonly clock: Clock,
    private readonly converter: MarkdownPool,
    private readonly pathHistory: PathHistory,
    private readonly serializedTrees: SerializedTreeCache,
    private readonly computed: ComputedContentService,
  ) {}

  /**
   * The whole revision: its history and files, with its page tree answered as for `pages` (the
   * gateway holds trees by tag and joins them in).
   */
  async revision(ctx: RequestContext, input: RevisionGetInput): Promise<RevisionGetResult> {
    // `part`: a later part of a large tree, as for `pages` (the translations worker reads its source's tree so).
    const part = checkedPart(input.part);
    return this.revisionOf(ctx, await this.reader.resolve(ctx, input), input.knownTag, input.computed, part);
  }

  /** The current revision of a published space, for the reader app (no caller; see ContentReader.resolvePublished). */
  async publishedRevision(ctx: RequestContext, input: PublishedRevisionInput): Promise<RevisionGetResult> {
    const part = checkedPart(input.part);
    const content = await this.reader.resolvePublished(input.organizationId, input.spaceId);
    const result = await this.revisionOf(ctx, content, input.knownTag, undefined, part);
    // A later part of a large tree: the reader has the rest from the first answer.
    if (part !== undefined) return result;
    // The reader renders `reusable-content` blocks with these bodies (the public schema has only their ids).
    const reusable = content.revision.reusableContents;
    if (reusable.length === 0) return result;
    const bodies = await this.store.loadDocuments(reusable.flatMap((item) => (item.document ? [item.document] : [])));
    const reusableDocuments = Object.fromEntries(
      reusable.map((item) => [item.id, (item.document && bodies.get(item.document)) || emptyDocument()]),
    );
    return { ...result, reusableDocuments };
  }

  /** An old path of a page of a published space → its current path (see PathHistory); 404 when unknown. */
  async publishedPagePath(input: PublishedPagePathInput): Promise<PublishedPagePathResult> {
    if (typeof input.path !== 'string' || input.path.length > 2048) throw badRequest('path must be a string of at most 2048 characters');
    const { revision } = await this.reader.resolvePublished(input.organizationId, input.spaceId);
    const path = await this.pathHistory.currentPath(revision, input.path);
    if (path === undefined) throw notFound('No page was at this path');
    return { path };
  }

  private async revisionOf(
    ctx: RequestContext,
    content: ResolvedContent,
    knownTag: string | undefined,
    computed?: boolean,
    part?: PagesListInput['part'],
  ): Promise<RevisionGetResult> {
    const { revision, space } = content;
    const out: Omit<Revision, 'pages'> & { tags: unknown[] } = {
      object: 'revision',
      id: revision.id,
      parents: revision.parents,
      files: revision.files.map((f) => toWireFile(f, this.signer, ctx.baseUrl, this.clock.now())),
      reusableContents: revision.reusableContents.map(toWireReusableContent),
      variables: {},
      createdAt: revision.createdAt.toISOString(),
      type: revision.type,
      urls: { app: `${ctx.baseUrl}/s/${space.id}/~/revisions/${revision.id}` },
      tags: [],
    };
    if (revision.type === 'merge' && revision.mergedFrom) {
      const merged = await this.changeRequests.find(space.id, revision.mergedFrom);
      if (merged) out.mergedFrom = toChangeRequest(merged, space.revisionId, ctx.baseUrl);
    }
    return { revision: out, pages: (await this.serializedTree(ctx, content, knownTag, computed, part)).answer };
  }

  /**
   * The page tree with every body (the official page schema requires one), serialised once per
   * revision and URL base: a revision never changes, so its answer is cached as text and tagged.
   * The gateway keeps trees by tag; when it already holds the current one only the tag is sent
   * (a 10,000-page tree is ~20 MB of JSON). Access is checked on every call either way.
   *
   * Answered as JSON already (`JsonAnswer`): the reply carries the tree as a string, and escaping
   * it there (`JSON.stringify` of ~30 KB of quotes) cost more than building the tree. A tree in
   * one part comes with its escaped text (`TreeJson.quoted`, from each page's escaped text, cached
   * with the tree: see `SerializedTreeCache`); any other answer is stringified as before.
   */
  async pages(ctx: RequestContext, input: PagesListInput): Promise<JsonAnswer<PagesListResult>> {
    const part = checkedPart(input.part);
    const { answer, quoted } = await this.serializedTree(ctx, await this.reader.resolve(ctx, input), input.knownTag, input.computed, part);
    // Same text as `JSON.stringify(answer)`: `answer` is `{ tag, rawJson }` then.
    if (quoted !== undefined && answer.rawJson !== undefined && answer.parts === undefined)
      return new JsonAnswer(`{"tag":${JSON.stringify(answer.tag)},"rawJson":"${quoted}"}`);
    return new JsonAnswer(JSON.stringify(answer));
  }

  /**
   * The tree's JSON, or one part of it: a tree whose reply would pass `PAGE_TREE_PART_BYTES`
   * goes in parts, since one NATS message carries at most 64 MiB (a 1,000-page space's tree, ~67 MB escaped, is more).
   */
  private async serializedTree(
    ctx: RequestContext,
    content: ResolvedContent,
    knownTag: string | undefined,
    withComputed = true,
    part?: PagesListInput['part'],
  ): Promise<{ answer: PagesListResult; quoted?: string }> {
    const base = urlBase(ctx.baseUrl, content);
    const tree = await this.reader.tree(content.revision);
    // Computed pages' children follow their spec's newest version: its hash is part of the tag.
    const computed = withComputed ? await this.computed.expand(ctx, tree, content.space.organizationId, base.app) : NOT_COMPUTED;
    const tag = `${content.revision.id}-${this.appTag(base.app)}${computed.tag}`;
    // Parts of one tag only: the caller joins them, so they must be cut from the same bytes.
    if (part !== undefined && part.tag !== tag) throw unavailable('The page tree changed while it was read in parts: read it again');
    if (part === undefined && knownTag === tag) return { answer: { tag } };
    let kept = this.serializedTrees.get(tag) ?? (this.largeTree?.tag === tag ? { json: this.largeTree.rawJson } : undefined);
    let starts = this.partStarts.get(tag);
    if (kept === undefined) {
      const built = await pageTreeJson(tree, base, computed.children, this.serializedTrees.pageJson, (hashes) => this.bodiesOf(hashes));
      starts = this.partStartsOf(tag, built.json);
      kept = this.serializedTrees.toKeep(built, starts.length === 1);
      // The content's current tree: the one it answered before is dropped (see `setCurrent`).
      this.serializedTrees.setCurrent(`${base.app} ${withComputed ? 'computed' : 'plain'}`, tag, kept);
      // Larger than the whole cache (which then drops it): kept alone, so reading its parts does not build it once per part.
      if (!this.serializedTrees.has(tag)) this.largeTree = { tag, rawJson: kept.json };
    }
    const rawJson = kept.json;
    starts ??= this.partStartsOf(tag, rawJson);
    const index = part?.index ?? 0;
    if (index >= starts.length) throw badRequest(`part.index: the tree has ${starts.length} parts`);
    if (starts.length === 1) return { answer: { tag, rawJson }, quoted: kept.quoted };
    return { answer: { tag, rawJson: rawJson.slice(starts[index], starts[index + 1]), parts: starts.length } };
  }

  /** Where the parts of the tree `tag` start (`treePartStarts`), kept by tag. */
  private partStartsOf(tag: string, rawJson: string): number[] {
    let starts = this.partStarts.get(tag);
    if (starts === undefined) {
      starts = treePartStarts(rawJson, this.serializedTrees.partBytes);
      this.partStarts.set(tag, starts);
      if (this.partStarts.size > 256) this.partStarts.delete(this.partStarts.keys().next().value!);
    }
    return starts;
  }

  /**
   * The part of a tree's tag naming its URL base: a hash, so the tag stays short. Kept per base
   * (a few per space: the space and its open change requests) rather than hashed on every read.
   */
  private appTag(app: string): string {
    let tag = this.appTags.get(app);
    if (tag === undefined) {
      tag = contentHash(app).slice(0, 12);
      if (this.appTags.size >= APP_TAGS) this.appTags.delete(this.appTags.keys().next().value!);
      this.appTags.set(app, tag);
    }
    return tag;
  }

  /**
   * One page with its body, as a document or as Markdown: a page of the tree, or a page generated
   * by one of its computed pages (their ids are stable, see `generatedId`). Answered as JSON
   * already: a page's answer is kept by what it is made of (`PageAnswerCache`).
   */
  async page(ctx: RequestContext, input: PageGetInput): Promise<JsonAnswer<RevisionPage>> {
    const content = await this.reader.resolveAt(ctx, input);
    const tree = await this.reader.tree(content.revision);
    const page = tree.peek(input.pageId);
    if (page) return new JsonAnswer(await this.pageAnswer(ctx, content, tree, page, input));
    const generated = await this.generatedPage(ctx, content, tree, input, (p) => p.id === input.pageId);
    if (!generated) throw notFound('No matching page found');
    return new JsonAnswer(JSON.stringify(generated));
  }

  /**
   * `getPageByPath`: the page whose slugs from the root are `pagePath`, generated pages included.
   * A link page has no path of its own (the official answer is a document or a group), so its
   * path is unknown as well.
   */
  async pageByPath(ctx: RequestContext, input: PageByPathInput): Promise<JsonAnswer<RevisionPage>> {
    if (typeof input.pagePath !== 'string' || input.pagePath.length > 2048)
      throw badRequest('pagePath must be a string of at most 2048 characters');
    const content = await this.reader.resolveAt(ctx, input);
    const tree = await this.reader.tree(content.revision);
    const page = pageAtPath(tree, input.pagePath);
    if (page && page.type !== 'link') return new JsonAnswer(await this.pageAnswer(ctx, content, tree, page, input));
    const path = input.pagePath
      .split('/')
      .filter((slug) => slug.length > 0)
      .join('/');
    const generated = page ? undefined : await this.generatedPage(ctx, content, tree, input, (p) => p.path === path);
    if (!generated) throw notFound('No page at this path');
    return new JsonAnswer(JSON.stringify(generated));
  }

  /** A page of the tree's answer as JSON: kept, or built (`builtPage`) and kept when its key says it may be. */
  private pageAnswer(
    ctx: RequestContext,
    content: ResolvedContent,
    tree: PageTree,
    page: Readonly<PageEntry>,
    options: PageReadOptions,
  ): Promise<string> {
    const base = urlBase(ctx.baseUrl, content);
    const key = pageAnswerKey(tree, page, base.app, options, content.revision.reusableContents.length > 0);
    return this.pageAnswers.answer(key, async () => JSON.stringify(await this.builtPage(ctx, content, tree, page, base, options)));
  }

  private async builtPage(
    ctx: RequestContext,
    content: ResolvedContent,
    tree: PageTree,
    page: Readonly<PageEntry>,
    base: PageUrlBase,
    options: PageReadOptions,
  ): Promise<RevisionPage> {
    // Groups and links have no body, in either format (official RevisionPageGroup / RevisionPageLink).
    if (page.type === 'computed') {
      const computed =
        options.computed === false ? NOT_COMPUTED : await this.computed.expand(ctx, tree, content.space.organizationId, base.app);
      return toWirePage(tree, page, base, true, () => emptyDocument(), computed.children);
    }
    if (page.type !== 'document') return toWirePage(tree, page, base, true, () => emptyDocument());
    const stored = page.document ? await this.store.loadDocument(page.document) : emptyDocument();
    const document = options.dereferenced ? await this.dereferenced(content, stored) : stored;
    const out = toWirePage(tree, page, base, true, (hash) => (hash === page.document ? document : emptyDocument()));
    return this.inFormat(out, document, options);
  }

  /**
   * `dereferenced` (official `documentDereferenced`): each `reusable-content` block of the body is
   * replaced by the blocks of the shared body it shows, as a reader sees the page.
   */
  private async dereferenced(content: ResolvedContent, document: JsonDocument): Promise<JsonDocument> {
    const reusable = content.revision.reusableContents.filter((item) => item.document !== null);
    if (reusable.length === 0) return document;
    const bodies = await this.store.loadDocuments(reusable.map((item) => item.document!));
    const byId = new Map(reusable.flatMap((item) => (bodies.has(item.document!) ? [[item.id, bodies.get(item.document!)!] as const] : [])));
    return withReusableContent(document, byId);
  }

  /** A page generated by a computed page of the tree, in the asked format. */
  private async generatedPage(
    ctx: RequestContext,
    content: ResolvedContent,
    tree: PageTree,
    options: PageReadOptions,
    match: (page: RevisionPage) => boolean,
  ): Promise<RevisionPage | undefined> {
    // Not computed, generated pages do not exist.
    if (options.computed === false) return undefined;
    const app = urlBase(ctx.baseUrl, content).app;
    const found = await this.computed.generatedPage(ctx, tree, content.space.organizationId, app, match);
    return found && this.inFormat({ ...found }, found.document as JsonDocument, options);
  }

  private async inFormat(out: RevisionPage, document: JsonDocument, options: PageReadOptions): Promise<RevisionPage> {
    if (options.format === 'markdown') {
      delete out.document;
      out.markdown = await this.converter.toMarkdown(document, 'format');
    }
    return out;
  }

  private async bodiesOf(hashes: string[]): Promise<DocumentLookup> {
    const documents = await this.store.loadDocuments(hashes);
    return (hash) => (hash && documents.get(hash)) || emptyDocument();
  }

  /** A revision's files by id; the cursor is the last id returned, so a page never repeats a file. */
  async files(ctx: RequestContext, input: FilesListInput): Promise<List<RevisionFile>> {
    const { limit, take, after: key } = keysetPage(input, 1);
    const after = key === undefined ? undefined : String(key[0]);
    const { revision } = await this.reader.resolve(ctx, input);
    const sorted = [...revision.files].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const rows = (after === undefined ? sorted : sorted.filter((f) => f.id > after)).slice(0, take);
    const now = this.clock.now();
    return toList(
      rows,
      limit,
      sorted.length,
      (f) => [f.id],
      (f) => toWireFile(f, this.signer, ctx.baseUrl, now),
    );
  }

  async file(ctx: RequestContext, input: FileGetInput): Promise<RevisionFile> {
    const { revision } = await this.reader.resolve(ctx, input);
    const file = revision.files.find((f) => f.id === input.fileId);
    if (!file) throw notFound('No matching file found');
    return toWireFile(file, this.signer, ctx.baseUrl, this.clock.now());
  }
}

/** URL bases whose tag part `appTag` keeps (~150 bytes each). */
const APP_TAGS = 4_096;

/** `computed=false`: computed pages without generated children; the tag says so (another tree than the computed one). */
const NOT_COMPUTED: ExpandedTree = { children: () => [], tag: '-uncomputed' };

function urlBase(baseUrl: string, content: ResolvedContent): PageUrlBase {
  const space = `${baseUrl}/s/${content.space.id}`;
  return { app: content.changeRequest ? `${space}/~/changes/${content.changeRequest.number}` : space };
}

/** A part request's `part`, checked (index 0 is the first answer itself, never asked for as a part). */
function checkedPart(part: unknown): PagesListInput['part'] {
  if (part === undefined) return undefined;
  const { tag, index } = (part ?? {}) as { tag?: unknown; index?: unknown };
  if (typeof tag !== 'string' || tag.length === 0 || tag.length > 256) throw badRequest('part.tag: must be the tag of the first answer');
  if (!Number.isSafeInteger(index) || (index as number) < 1) throw badRequest('part.index: must be an integer of at least 1');
  return { tag, index: index as number };
}
