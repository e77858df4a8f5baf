import {
  type ContentLocation,
  type FileBacklinksInput,
  IdentitySubjects,
  type LinkList,
  type LinksListInput,
  type LinkStatus,
  type List,
  type PageBacklinksInput,
  type PageLinksListInput,
  type PageQuery,
  type RequestContext,
  type Space,
} from '@bindery/contracts';
import { callerId, keysetPage, notFound, toList } from '@bindery/platform';
import { ServiceClient } from '@bindery/platform/nest';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { mergeBaseOf } from '../store/change-request.entity';
import { toChangeRequest } from '../change-requests/change-request.mapper';
import { Clock } from '../clock/clock';
import { DownloadSigner } from '../files/download-signer';
import { toWireFile } from '../files/file.mapper';
import { type PageTree, ROOT } from '../model/page-tree';
import { ContentReader, type ResolvedContent } from '../store/content-reader';
import { ContentStore } from '../store/content-store';
import { type RevisionRow, RevisionsRepository } from '../store/revisions.repository';
import { toSpace } from '../spaces/space.mapper';
import { SpaceAccess } from '../store/space-access';
import { SpacesRepository } from '../store/spaces.repository';
import { DocumentRefsRepository } from '../store/document-refs.repository';
import { buildLinkIndex, type LinkTarget, type RevisionLinks } from './link-index';
import { linkItem, type LocationContext, MAX_LOCATIONS_PER_LINK, pageLocation } from './link-locations';

/** A revision's links as one caller sees them: references into other spaces resolved for them. */
interface LinkView {
  content: ResolvedContent;
  tree: PageTree;
  index: RevisionLinks;
  status: (target: LinkTarget) => LinkStatus;
  /** Keys of the targets a change request broke: broken here, not broken in its merge base. */
  brokenByChangeRequest?: ReadonlySet<string>;
  otherSpaces: Map<string, Space>;
}

/**
 * Links and backlinks of a space's or change request's content. The index of a revision is built
 * from the per-body extracts (`document_refs`) and the page tree, once per revision (revisions never
 * change), so a 10,000-page space's lists never read a body; only the pages of one answer are loaded.
 */
@Injectable()
export class LinksService {
  private readonly indexes = new LRUCache<string, RevisionLinks>({ max: 64 });

  constructor(
    private readonly reader: ContentReader,
    private readonly store: ContentStore,
    private readonly refs: DocumentRefsRepository,
    private readonly revisions: RevisionsRepository,
    private readonly spaces: SpacesRepository,
    private readonly access: SpaceAccess,
    private readonly services: ServiceClient,
    private readonly signer: DownloadSigner,
    private readonly clock: Clock,
  ) {}

  async list(ctx: RequestContext, input: LinksListInput): Promise<LinkList> {
    const view = await this.view(ctx, await this.reader.resolve(ctx, input));
    const scope =
      input.brokenContext === 'change-request' && view.brokenByChangeRequest
        ? view.index.targets.filter((t) => view.brokenByChangeRequest!.has(t.key))
        : view.index.targets;
    return this.targetList(ctx, view, scope, input, input.status, (t) => t.sources);
  }

  async pageLinks(ctx: RequestContext, input: PageLinksListInput): Promise<LinkList> {
    const view = await this.view(ctx, await this.reader.resolve(ctx, input));
    if (!view.tree.pages.has(input.pageId)) throw notFound('No matching page found');
    const targets = [...(view.index.bySource.get(input.pageId) ?? [])].sort((a, b) => (a.key < b.key ? -1 : 1));
    return this.targetList(ctx, view, targets, input, input.status, () => [input.pageId]);
  }

  async pageBacklinks(ctx: RequestContext, input: PageBacklinksInput): Promise<List<ContentLocation>> {
    const view = await this.view(ctx, await this.reader.resolve(ctx, input));
    if (!view.tree.pages.has(input.pageId)) throw notFound('No matching page found');
    return this.sourceList(ctx, view, view.index.byPage.get(input.pageId) ?? [], input);
  }

  async fileBacklinks(ctx: RequestContext, input: FileBacklinksInput): Promise<List<ContentLocation>> {
    const view = await this.view(ctx, await this.reader.resolve(ctx, input));
    if (!view.content.revision.files.some((f) => f.id === input.fileId)) throw notFound('No matching file found');
    const target = view.index.byFile.get(input.fileId);
    return this.sourceList(ctx, view, target ? [target] : [], input);
  }

  /** Targets sorted by key, filtered by status, one page of them as official link items, and the stats of all. */
  private async targetList(
    ctx: RequestContext,
    view: LinkView,
    targets: LinkTarget[],
    query: PageQuery,
    status: LinkStatus | undefined,
    sourcesOf: (target: LinkTarget) => string[],
  ): Promise<LinkList> {
    const { limit, take, after } = keysetPage(query, 1);
    const broken = targets.filter((t) => view.status(t) === 'broken');
    const stats: LinkList['stats'] = { total: targets.length, broken: { total: broken.length } };
    if (view.brokenByChangeRequest) stats.broken.changeRequest = broken.filter((t) => view.brokenByChangeRequest!.has(t.key)).length;
    const matching = status === undefined ? targets : targets.filter((t) => view.status(t) === status);
    const start = after === undefined ? 0 : firstAfter(matching, String(after[0]));
    const rows = matching.slice(start, start + take);
    const shown = rows.slice(0, limit);
    const location = await this.locationContext(ctx, view, [
      ...shown.flatMap((t) => sourcesOf(t).slice(0, MAX_LOCATIONS_PER_LINK)),
      ...shown.flatMap((t) =>
        t.ref.kind === 'page' && !t.ref.space ? [t.ref.page] : t.ref.kind === 'anchor' && !t.ref.space ? [t.ref.page!] : [],
      ),
    ]);
    const list = toList(
      rows,
      limit,
      matching.length,
      (t) => [t.key],
      (t) => linkItem(location, t, view.status(t), sourcesOf(t)),
    );
    return { ...list, stats };
  }

  /** The pages linking to some targets, once each in tree order, as official locations. */
  private async sourceList(ctx: RequestContext, view: LinkView, targets: LinkTarget[], query: PageQuery): Promise<List<ContentLocation>> {
    const { limit, take, after } = keysetPage(query, 1);
    const { order } = view.index;
    const sources = [...new Set(targets.flatMap((t) => t.sources))].sort((a, b) => order.get(a)! - order.get(b)!);
    const start = after === undefined ? 0 : sources.findIndex((id) => order.get(id)! > Number(after[0]));
    const rows = start < 0 ? [] : sources.slice(start, start + take);
    const location = await this.locationContext(ctx, view, rows.slice(0, limit));
    return toList(
      rows,
      limit,
      sources.length,
      (id) => [order.get(id)!],
      (id) => pageLocation(location, id)!,
    );
  }

  private async view(ctx: RequestContext, content: ResolvedContent): Promise<LinkView> {
    const tree = await this.reader.tree(content.revision);
    const index = await this.indexOf(content.revision, tree, ctx.baseUrl);
    const external = await this.resolveExternal(ctx, content, index);
    const status = (t: LinkTarget): LinkStatus => (t.status === 'external' ? (external.statuses.get(t.key) ?? 'broken') : t.status);
    const view: LinkView = { content, tree, index, status, otherSpaces: external.spaces };
    if (content.changeRequest) {
      const base = (await this.revisions.find(mergeBaseOf(content.changeRequest)))!;
      const baseIndex = await this.indexOf(base, await this.store.snapshot(base.pages), ctx.baseUrl);
      const brokenInBase = new Set(baseIndex.targets.filter((t) => t.status === 'broken').map((t) => t.key));
      view.brokenByChangeRequest = new Set(
        index.targets.filter((t) => status(t) === 'broken' && !brokenInBase.has(t.key)).map((t) => t.key),
      );
    }
    return view;
  }

  /** The link index of a revision, built once from its tree and the extracts of its bodies. */
  private async indexOf(revision: RevisionRow, tree: PageTree, baseUrl: string): Promise<RevisionLinks> {
    const appBase = `${baseUrl}/s/${revision.spaceId}`;
    const key = `${revision.id}|${appBase}`;
    const cached = this.indexes.get(key);
    if (cached) return cached;
    const pages = [...treeOrder(tree).keys()].map((id) => {
      const entry = tree.pages.get(id)!;
      return { id, document: entry.document, target: entry.type === 'link' ? entry.meta.target : undefined };
    });
    const extracts = await this.refs.load(pages.flatMap((p) => (p.document ? [p.document] : [])));
    const index = buildLinkIndex({
      spaceId: revision.spaceId,
      pages,
      refsOf: (hash) => extracts.get(hash),
      fileIds: new Set(revision.files.map((f) => f.id)),
      appBase,
    });
    this.indexes.set(key, index);
    return index;
  }

  /**
   * Statuses of references into other spaces, for this caller: ok when the space (and the page,
   * anchor or file named) exists in its current content and the caller may view it; otherwise
   * broken, so nothing about a space the caller cannot see is revealed.
   */
  private async resolveExternal(ctx: RequestContext, content: ResolvedContent, index: RevisionLinks) {
    const statuses = new Map<string, LinkStatus>();
    const spaces = new Map<string, Space>();
    const external = index.targets.filter((t) => t.status === 'external');
    const bySpace = new Map<string, LinkTarget[]>();
    for (const t of external) {
      const spaceId = (t.ref as { space: string }).space;
      bySpace.set(spaceId, [...(bySpace.get(spaceId) ?? []), t]);
    }
    for (const [spaceId, targets] of bySpace) {
      const space = await this.access.find(spaceId).catch(() => null);
      const level = space && ctx.caller ? await this.access.levelOf(ctx, space, callerId(ctx)) : null;
      if (!space || level === null) continue;
      if (space.organizationId === content.space.organizationId) {
        const counters = await this.spaces.counters([space.id]);
        spaces.set(space.id, toSpace(space, counters.get(space.id)!, level, ctx.baseUrl));
      }
      const revision = (await this.revisions.find(space.revisionId))!;
      const tree = await this.store.snapshot(revision.pages);
      const anchorDocs = targets.flatMap((t) =>
        t.ref.kind === 'anchor' && t.ref.page ? [tree.pages.get(t.ref.page)?.document ?? ''] : [],
      );
      const extracts = await this.refs.load(anchorDocs.filter((h) => h !== ''));
      for (const t of targets) {
        const { ref } = t;
        const found =
          ref.kind === 'space' ||
          (ref.kind === 'page' && tree.pages.has(ref.page)) ||
          (ref.kind === 'file' && revision.files.some((f) => f.id === ref.file)) ||
          (ref.kind === 'anchor' &&
            ref.page !== undefined &&
            (extracts.get(tree.pages.get(ref.page)?.document ?? '')?.anchors.includes(ref.anchor) ?? false));
        statuses.set(t.key, found ? 'ok' : 'broken');
      }
    }
    return { statuses, spaces };
  }

  /** The embedded objects of one answer: organization, space, the bodies of the pages it shows. */
  private async locationContext(ctx: RequestContext, view: LinkView, pageIds: string[]): Promise<LocationContext> {
    const { content, tree } = view;
    const organization = await this.services.send(IdentitySubjects.orgGet, ctx, { organizationId: content.space.organizationId });
    const counters = await this.spaces.counters([content.space.id]);
    const bodies = await this.store.loadDocuments(pageIds.flatMap((id) => tree.pages.get(id)?.document ?? []));
    const spaceApp = `${ctx.baseUrl}/s/${content.space.id}`;
    const now = this.clock.now();
    return {
      organization,
      space: toSpace(content.space, counters.get(content.space.id)!, content.level, ctx.baseUrl),
      tree,
      urls: { app: content.changeRequest ? `${spaceApp}/~/changes/${content.changeRequest.number}` : spaceApp },
      bodies,
      changeRequest: content.changeRequest ? toChangeRequest(content.changeRequest, content.space.revisionId, ctx.baseUrl) : undefined,
      file: (file) => ({ ...toWireFile(file, this.signer, ctx.baseUrl, now) }),
      files: new Map(content.revision.files.map((f) => [f.id, f])),
      otherSpaces: view.otherSpaces,
    };
  }
}

/** Position of each page in reading order (depth first), the order of backlink lists. */
export function treeOrder(tree: PageTree): Map<string, number> {
  const order = new Map<string, number>();
  const stack = [...tree.childrenOf(ROOT)].reverse();
  while (stack.length > 0) {
    const id = stack.pop()!;
    order.set(id, order.size);
    stack.push(...[...tree.childrenOf(id)].reverse());
  }
  return order;
}

/** Index of the first target whose key sorts after `key` (binary search; targets are sorted). */
function firstAfter(targets: LinkTarget[], key: string): number {
  let lo = 0;
  let hi = targets.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (targets[mid].key <= key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
