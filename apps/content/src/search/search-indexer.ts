import { type Document, documentSections } from '@bindery/document';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type PageEntry, type PageTree, ROOT } from '../model/page-tree';
import { changedPageIds } from '../model/tree-diff';
import { ContentStore } from '../store/content-store';
import { changedReusable, type ReusableBodies, showsAny, withReusableContent } from '../model/reusable-text';
import { searchConfig } from '../model/search-config';
import { OpenApiOutlinesRepository, type StoredOutline } from '../computed/openapi-outlines.repository';
import { generatedIndexedPages } from './generated-text';
import { indexWords } from './search-text';
import {
  fitsOneStatement,
  type IndexedPage,
  type IndexedSpace,
  type IndexWrite,
  type RevisionContent,
  SearchRepository,
  type SpecOutlines,
} from './search.repository';

/** Optimistic attempts of a run (each lost to another run that wrote the index meanwhile) before it runs locked. */
const OPTIMISTIC_ATTEMPTS = 3;

/** A run computed from the index state and content as read: what it writes, and the state its write is guarded by. */
export interface IndexPlan {
  spaceId: string;
  run: IndexRun;
  /** Null: the index is already at the space's revision (or the space is gone). */
  write: (IndexWrite & { reset: boolean }) | null;
  /** The index state read, which a guarded write compares; null: this write must run locked (a reset, or too large). */
  guarded: IndexedSpace | null;
}

export interface IndexRun {
  revisionId: string | null;
  /** Pages written or removed: the pages the new revision changed, not the space. */
  pagesWritten: number;
  pagesRemoved: number;
}

/**
 * Brings a space's search index to its current main revision. The pages to look at come from a
 * Merkle diff of the indexed revision's tree and the current one (unchanged subtrees are skipped
 * whole), plus the descendants of a page whose title or slug changed (their path and ancestors
 * did); only pages whose indexed fields changed are written, over their rows (a section whose
 * text is the same is left as it is). Idempotent: a run writes in one statement (or one
 * transaction), so a run that dies leaves the index at the revision before, and the next run
 * starts from there.
 */
@Injectable()
export class SearchIndexer {
  constructor(
    private readonly db: DataSource,
    private readonly search: SearchRepository,
    private readonly store: ContentStore,
    private readonly outlines: OpenApiOutlinesRepository,
  ) {}

  /**
   * Reads and computes without a transaction (the index state with both revisions, then page nodes and
   * bodies, which never change), and writes in one statement guarded by the index state read: a
   * run that lost to another (the index moved meanwhile) starts again from fresh reads. The index
   * never goes backwards: a run computed from an older state writes nothing. A first index, a new
   * configuration, a run too large for one statement, or the last attempt, run locked as before.
   */
  async run(spaceId: string): Promise<IndexRun> {
    for (let attempt = 1; attempt <= OPTIMISTIC_ATTEMPTS; attempt++) {
      const plan = await this.read(spaceId);
      if (!plan.write) return plan.run;
      if (!plan.guarded) break;
      if (await this.writeUnlessChanged(plan)) return plan.run;
    }
    return this.db.transaction(async (manager) => {
      await this.search.lockSpace(manager, spaceId);
      const plan = await this.plan(manager, spaceId);
      const write = plan.write;
      if (write?.reset) {
        await this.search.markIndexed(manager, spaceId, write.state, true);
        await this.search.insertPages(manager, spaceId, write.state.config, write.pages);
      } else if (write) await this.search.writeIndexed(manager, spaceId, write);
      return plan.run;
    });
  }

  /** The optimistic run's first phase: what to write, from reads outside any transaction (see `run`). */
  read(spaceId: string): Promise<IndexPlan> {
    return this.plan(this.db.manager, spaceId);
  }

  /** The optimistic run's second phase: false, and nothing written, when the index moved since `plan` was read. */
  writeUnlessChanged(plan: IndexPlan): Promise<boolean> {
    if (!plan.write) return Promise.resolve(true);
    if (!plan.guarded) throw new Error('search index: this run must be written locked');
    return this.search.writeIndexedUnlessChanged(plan.spaceId, plan.guarded, plan.write);
  }

  private async plan(manager: EntityManager, spaceId: string): Promise<IndexPlan> {
    const nothing = (revisionId: string | null): IndexPlan => ({
      spaceId,
      run: { revisionId, pagesWritten: 0, pagesRemoved: 0 },
      write: null,
      guarded: null,
    });
    const state = await this.search.indexState(manager, spaceId);
    // A purged space: its rows went with it (cascade).
    if (!state) return nothing(null);
    const { space, indexed, revision } = state;
    if (!revision) throw new Error(`search index: the main revision ${space.revisionId} of space ${spaceId} is missing`);
    const config = searchConfig(space.language);
    // Indexed before outlines were recorded: its generated rows cannot be told apart, rebuild once.
    const reset = !indexed || indexed.config !== config || indexed.outlines === null;
    if (!reset && indexed.revisionId === space.revisionId) {
      const current = await this.outlines.find(space.organizationId, Object.keys(indexed.outlines!));
      if (outlinesChanged(indexed.outlines!, current).size === 0) return nothing(space.revisionId);
    }
    const tree = await this.store.snapshot(revision.pages, manager);
    const previousRevision = reset ? null : state.indexedRevision;
    const previous = previousRevision ? await this.store.snapshot(previousRevision.pages, manager) : null;

    const candidates = previous ? affectedPages(previous, tree) : new Set(tree.pages.keys());
    const changed = [...candidates].filter((id) => tree.pages.has(id) && (!previous || differs(previous, tree, id)));
    const removed = previous ? [...candidates].filter((id) => previous.pages.has(id) && !tree.pages.has(id)) : [];
    const reusable = await this.reusableBodies(revision, manager);
    // A reusable content edited: the pages showing it are indexed again (their own bodies did not change).
    if (previousRevision)
      changed.push(
        ...(await this.pagesShowing(
          tree,
          changedReusable(previousRevision.reusableContents, revision.reusableContents),
          new Set(changed),
          manager,
        )),
      );

    const bodies = await this.store.loadDocuments(
      changed.flatMap((id) => tree.pages.get(id)!.document ?? []),
      manager,
    );
    const pages = changed.map((id) => {
      const body = bodies.get(tree.pages.get(id)!.document ?? '');
      return toIndexedPage(tree, tree.pages.get(id)!, body && withReusableContent(body, reusable));
    });
    // Generated pages are indexed again for the computed pages the diff reached, and for those
    // whose spec's outline arrived or changed since the index last saw it (old ones removed).
    const sources = computedSources(tree);
    const outlines = await this.outlines.find(space.organizationId, [...new Set([...sources.values()])]);
    const newOutlines = reset ? new Set(outlines.keys()) : outlinesChanged(indexed.outlines!, outlines);
    const computed = [
      ...new Set([
        ...[...candidates].filter((id) => sources.has(id) || previous?.pages.get(id)?.type === 'computed'),
        ...[...sources].filter(([, slug]) => newOutlines.has(slug)).map(([id]) => id),
      ]),
    ];
    const generated = this.generated(tree, computed, sources, outlines);
    pages.push(...generated);
    const indexedState = { revisionId: revision.id, config, outlines: outlinesRecord(sources, outlines) };
    const write = { reset, state: indexedState, pages, removed, regenerated: computed };
    return {
      spaceId,
      run: { revisionId: revision.id, pagesWritten: pages.length, pagesRemoved: removed.length },
      write,
      guarded: indexed?.outlines && !reset && fitsOneStatement(write) ? { ...indexed, outlines: indexed.outlines } : null,
    };
  }

  /**
   * The generated pages of these computed pages of `tree`, from the outlines content holds (a
   * spec never read has none yet; when its outline arrives, `OpenApiOutlines` queues this space
   * again).
   */
  private generated(tree: PageTree, ids: string[], sources: Map<string, string>, outlines: Map<string, StoredOutline>): IndexedPage[] {
    return ids.flatMap((id) => {
      const page = tree.pages.get(id);
      const source = page?.meta.computed;
      const outline = outlines.get(sources.get(id) ?? '');
      if (!page || !source || !outline) return [];
      const at = { id: page.id, title: page.meta.title, path: tree.pathOf(page.id), ancestors: ancestorTitles(tree, page.id) };
      return generatedIndexedPages(outline.outline, source, at);
    });
  }

  private async reusableBodies(revision: RevisionContent, manager: EntityManager): Promise<ReusableBodies> {
    const items = revision.reusableContents.filter((item) => item.document !== null);
    if (items.length === 0) return new Map();
    const documents = await this.store.loadDocuments(
      items.map((item) => item.document!),
      manager,
    );
    return new Map(items.flatMap((item) => (documents.has(item.document!) ? [[item.id, documents.get(item.document!)!] as const] : [])));
  }

  /**
   * Pages not in `skip` whose body shows one of `ids`. Reads every body of the revision, which only
   * a change to reusable content costs (no index says which bodies show which reusable content).
   */
  private async pagesShowing(tree: PageTree, ids: Set<string>, skip: Set<string>, manager: EntityManager): Promise<string[]> {
    if (ids.size === 0) return [];
    const pages = [...tree.pages.values()].filter((page) => page.document !== null && !skip.has(page.id));
    const bodies = await this.store.loadDocuments(
      pages.map((page) => page.document!),
      manager,
    );
    return pages.filter((page) => showsAny(bodies.get(page.document!)!, ids)).map((page) => page.id);
  }
}

/** The computed pages of a tree, each with the slug of the spec it generates from. */
function computedSources(tree: PageTree): Map<string, string> {
  const out = new Map<string, string>();
  for (const page of tree.pages.values()) {
    if (page.type === 'computed' && page.meta.computed) out.set(page.id, page.meta.computed.dependencies.spec.ref.spec);
  }
  return out;
}

/** The outline hash of each spec the tree's computed pages use, as the index records it. */
function outlinesRecord(sources: Map<string, string>, outlines: Map<string, StoredOutline>): SpecOutlines {
  const record: SpecOutlines = {};
  for (const slug of sources.values()) record[slug] = outlines.get(slug)?.hash ?? null;
  return record;
}

/** The specs whose outline is not the one the index recorded (arrived, changed or gone). */
function outlinesChanged(recorded: SpecOutlines, current: Map<string, StoredOutline>): Set<string> {
  return new Set(Object.keys(recorded).filter((slug) => (current.get(slug)?.hash ?? null) !== recorded[slug]));
}

/** Pages the Merkle diff finds changed, with the subtrees under a retitled or renamed page. */
function affectedPages(previous: PageTree, tree: PageTree): Set<string> {
  const out = changedPageIds(previous, tree);
  for (const id of [...out]) {
    const before = previous.pages.get(id)?.meta;
    const after = tree.pages.get(id)?.meta;
    if (!before || !after || before.title !== after.title || before.slug !== after.slug) {
      const stack = [...tree.childrenOf(id)];
      while (stack.length > 0) {
        const child = stack.pop()!;
        out.add(child);
        stack.push(...tree.childrenOf(child));
      }
    }
  }
  return out;
}

/** Whether what the index holds of a page differs between two trees. */
function differs(previous: PageTree, tree: PageTree, id: string): boolean {
  const before = previous.pages.get(id);
  const after = tree.pages.get(id)!;
  if (!before) return true;
  return (
    before.document !== after.document ||
    before.meta.title !== after.meta.title ||
    (before.meta.description ?? '') !== (after.meta.description ?? '') ||
    previous.pathOf(id) !== tree.pathOf(id) ||
    ancestorTitles(previous, id).join('\u0001') !== ancestorTitles(tree, id).join('\u0001')
  );
}

function ancestorTitles(tree: PageTree, id: string): string[] {
  const titles: string[] = [];
  let parent = tree.pages.get(id)?.parent;
  for (let steps = 0; parent && parent !== ROOT && steps <= tree.pages.size; steps++) {
    const page = tree.pages.get(parent);
    if (!page) break;
    titles.unshift(page.meta.title);
    parent = page.parent;
  }
  return titles;
}

/** A page as the index holds it: one section per heading (a page without text still has one, its title is worth finding). */
export function toIndexedPage(tree: PageTree, page: PageEntry, body: unknown): IndexedPage {
  // Conditional (`if`) content is not indexed: published sites search this index, and a visitor
  // must not find text that the condition hides from them.
  const found = body ? documentSections(body as Document, { withoutConditional: true }) : [];
  const sections = found.map((s) => ({ heading: s.heading, anchor: s.anchor ?? null, body: s.text }));
  if (sections.length === 0) sections.push({ heading: '', anchor: null, body: '' });
  const title = page.meta.title;
  const description = page.meta.description ?? '';
  return {
    pageId: page.id,
    title,
    description,
    path: tree.pathOf(page.id),
    ancestors: ancestorTitles(tree, page.id).map((t) => ({ title: t })),
    sections,
    words: indexWords([title, description, ...sections.map((s) => `${s.heading} ${s.body}`)].join(' ')),
  };
}
