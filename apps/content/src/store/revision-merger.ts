import { conflict, type WriteBatch } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { JsonDocument } from '@bindery/contracts';
import { contentHash } from '../model/content-hash';
import { mergeDocuments } from '../model/document-merge';
import { type FileConflict, mergeFiles, type StoredFile } from '../model/file-list';
import { emptyDocument } from '../model/page-tree';
import { mergeReusableContents, type ReusableConflict, type StoredReusableContent } from '../model/reusable-contents';
import { type MergeConflict, mergeTrees } from '../model/tree-merge';
import { ContentStore } from './content-store';
import type { RevisionRow } from './revisions.repository';

/**
 * Three-way merge of two revisions against their common base, down to page bodies. Conflicts
 * throw a 409 naming the pages before anything is written.
 */
@Injectable()
export class RevisionMerger {
  constructor(private readonly store: ContentStore) {}

  /**
   * Merged pages and files; one 409 names every conflicting page and file. With `batch`, the new
   * bodies and page nodes are written when the batch runs.
   */
  async merge(
    manager: EntityManager,
    base: RevisionRow,
    ours: RevisionRow,
    theirs: RevisionRow,
    batch?: WriteBatch,
  ): Promise<{ pages: string[]; files: StoredFile[]; reusableContents: StoredReusableContent[] }> {
    const files = mergeFiles(base.files, ours.files, theirs.files);
    const pages = await this.mergePages(manager, base, ours, theirs, batch);
    const reusable = await mergeReusableContents(
      base.reusableContents,
      ours.reusableContents,
      theirs.reusableContents,
      (hash) => (hash ? this.store.loadDocument(hash, manager) : Promise.resolve(emptyDocument())),
      (document) => (document.nodes.length > 0 ? contentHash(document) : null),
    );
    if (pages.conflicts.length > 0 || files.conflicts.length > 0 || reusable.conflicts.length > 0)
      throw conflictError(pages.conflicts, files.conflicts, reusable.conflicts);
    await this.store.saveDocuments(manager, reusable.documents, batch);
    return { pages: await pages.save(), files: files.files, reusableContents: reusable.list };
  }

  /** Top-level page node hashes of the merged tree (`ours` is the side the result builds on). */
  private async mergePages(
    manager: EntityManager,
    base: RevisionRow,
    ours: RevisionRow,
    theirs: RevisionRow,
    batch: WriteBatch | undefined,
  ): Promise<PagesMerge> {
    // A side that changed nothing yields the other side as it is: no tree is loaded at all.
    if (sameList(ours.pages, base.pages)) return { conflicts: [], save: () => Promise.resolve(theirs.pages) };
    if (sameList(theirs.pages, base.pages) || sameList(ours.pages, theirs.pages))
      return { conflicts: [], save: () => Promise.resolve(ours.pages) };

    // Sequential, not Promise.all: these queries run on the transaction's one connection (see inSequence).
    const [baseTree, oursTree, theirsTree] = await inSequence([base, ours, theirs], (r) => this.store.snapshot(r.pages, manager));
    const { tree, conflicts, documents } = mergeTrees(baseTree, oursTree, theirsTree);
    const mergedBodies: JsonDocument[] = [];
    for (const doc of documents) {
      const [b, o, t] = await inSequence([doc.base, doc.ours, doc.theirs], (h) =>
        h ? this.store.loadDocument(h, manager) : Promise.resolve(emptyDocument()),
      );
      const merged = mergeDocuments(b, o, t);
      const page = tree.pages.get(doc.pageId)!;
      if (!merged.ok)
        conflicts.push({ pageId: doc.pageId, title: page.meta.title, reason: 'the same part of its content was edited on both sides' });
      else {
        page.document = contentHash(merged.document);
        mergedBodies.push(merged.document);
        tree.touch(doc.pageId);
      }
    }
    // Nothing is written until the caller knows there is no conflict at all (pages or files).
    return {
      conflicts,
      save: async () => {
        await this.store.saveDocuments(manager, mergedBodies, batch);
        return this.store.saveTree(manager, tree, batch);
      },
    };
  }
}

interface PagesMerge {
  conflicts: MergeConflict[];
  save(): Promise<string[]>;
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

function conflictError(conflicts: MergeConflict[], fileConflicts: FileConflict[], reusableConflicts: ReusableConflict[]) {
  const parts: string[] = [];
  if (conflicts.length > 0)
    parts.push(`${conflicts.length} page(s): ${conflicts.map((c) => `"${c.title}" (${c.pageId}): ${c.reason}`).join('; ')}`);
  if (fileConflicts.length > 0)
    parts.push(`${fileConflicts.length} file(s): ${fileConflicts.map((c) => `"${c.name}" (${c.fileId}): ${c.reason}`).join('; ')}`);
  if (reusableConflicts.length > 0)
    parts.push(
      `${reusableConflicts.length} reusable content(s): ${reusableConflicts.map((c) => `"${c.title}" (${c.reusableContentId}): ${c.reason}`).join('; ')}`,
    );
  return conflict(`Merge conflicts on ${parts.join('; ')}`, { conflicts, fileConflicts, reusableConflicts });
}

/**
 * Runs `load` on each item, one after another. Queries inside a transaction share one pg client,
 * and pg does not allow a query on a client that is still running one (deprecated, an error in pg 9).
 */
async function inSequence<T, R>(items: readonly T[], load: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) out.push(await load(item));
  return out;
}
