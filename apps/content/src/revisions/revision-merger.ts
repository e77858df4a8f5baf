import { conflict } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { mergeDocuments } from '../model/document-merge';
import { emptyDocument } from '../model/page-tree';
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

  /** Top-level page node hashes of the merged tree (`ours` is the side the result builds on). */
  async merge(manager: EntityManager, base: RevisionRow, ours: RevisionRow, theirs: RevisionRow): Promise<string[]> {
    // A side that changed nothing yields the other side as it is: no tree is loaded at all.
    if (sameList(ours.pages, base.pages)) return theirs.pages;
    if (sameList(theirs.pages, base.pages) || sameList(ours.pages, theirs.pages)) return ours.pages;

    const [baseTree, oursTree, theirsTree] = await Promise.all([base, ours, theirs].map((r) => this.store.loadTree(r.pages, manager)));
    const { tree, conflicts, documents } = mergeTrees(baseTree, oursTree, theirsTree);
    for (const doc of documents) {
      const [b, o, t] = await Promise.all(
        [doc.base, doc.ours, doc.theirs].map(async (h) => (h ? this.store.loadDocument(h, manager) : emptyDocument())),
      );
      const merged = mergeDocuments(b, o, t);
      const page = tree.pages.get(doc.pageId)!;
      if (!merged.ok)
        conflicts.push({ pageId: doc.pageId, title: page.meta.title, reason: 'the same part of its content was edited on both sides' });
      else {
        page.document = await this.store.saveDocument(manager, merged.document);
        tree.touch(doc.pageId);
      }
    }
    if (conflicts.length > 0) throw conflictError(conflicts);
    return this.store.saveTree(manager, tree);
  }
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

function conflictError(conflicts: MergeConflict[]) {
  const names = conflicts.map((c) => `"${c.title}" (${c.pageId}): ${c.reason}`).join('; ');
  return conflict(`Merge conflicts on ${conflicts.length} page(s): ${names}`, { conflicts });
}
