import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { MovedPaths } from '../model/moved-paths';
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
    const moved = new MovedPaths(await this.store.snapshot(revision.pages));
    let parentId = revision.parents[0];
    for (let depth = 0; parentId && depth < PATH_HISTORY_DEPTH; depth++) {
      const older = await this.revisions.find(parentId);
      if (!older || older.spaceId !== revision.spaceId) break;
      moved.add(await this.store.snapshot(older.pages));
      parentId = older.parents[0];
    }
    return moved.moved;
  }
}
