import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { type PageTree, ROOT } from '../model/page-tree';
import { ContentStore } from './content-store';
import { type RevisionRow, RevisionsRepository } from './revisions.repository';

/** How many revisions back (first parents) old page paths are remembered. */
export const PATH_HISTORY_DEPTH = 20;

/**
 * Old page paths of a space: for a revision, every path a page had in one of the revisions before
 * it (first parents, PATH_HISTORY_DEPTH deep) that no page has now, mapped to that page's current
 * path. Built once per revision when a reader first asks about a path it does not know (a 404 is
 * rare), then answered from memory: revisions never change, so neither does their map.
 */
@Injectable()
export class PathHistory {
  private readonly moved = new LRUCache<string, Promise<Map<string, string>>>({ max: 64 });

  constructor(
    private readonly revisions: RevisionsRepository,
    private readonly store: ContentStore,
  ) {}

  /** The current path of the page that was at `path`, if the content still knows it. */
  async currentPath(revision: RevisionRow, path: string): Promise<string | undefined> {
    let map = this.moved.get(revision.id);
    if (!map) {
      map = this.build(revision);
      map.catch(() => this.moved.delete(revision.id));
      this.moved.set(revision.id, map);
    }
    return (await map).get(path);
  }

  private async build(revision: RevisionRow): Promise<Map<string, string>> {
    const current = await this.store.snapshot(revision.pages);
    const now = pathsOf(current);
    const taken = new Set(now.values());
    const moved = new Map<string, string>();
    let parentId = revision.parents[0];
    for (let depth = 0; parentId && depth < PATH_HISTORY_DEPTH; depth++) {
      const older = await this.revisions.find(parentId);
      if (!older || older.spaceId !== revision.spaceId) break;
      // The newest old path wins: revisions are walked from the newest back.
      for (const [id, oldPath] of pathsOf(await this.store.snapshot(older.pages))) {
        const newPath = now.get(id);
        if (newPath !== undefined && oldPath !== newPath && !taken.has(oldPath) && !moved.has(oldPath)) moved.set(oldPath, newPath);
      }
      parentId = older.parents[0];
    }
    return moved;
  }
}

/** Every page's path in a tree, by page id. */
export function pathsOf(tree: PageTree): Map<string, string> {
  const paths = new Map<string, string>();
  const visit = (parent: string, prefix: string): void => {
    for (const id of tree.childrenOf(parent)) {
      const page = tree.pages.get(id);
      if (!page) continue;
      const path = prefix ? `${prefix}/${page.meta.slug}` : page.meta.slug;
      paths.set(id, path);
      visit(id, path);
    }
  };
  visit(ROOT, '');
  return paths;
}
