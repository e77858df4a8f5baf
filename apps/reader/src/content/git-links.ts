// "Edit on Git": where a published space keeps each page in its repository, from git-sync
// (`git-sync.published.edit-links`). Kept per space for the revalidation interval and dropped by
// the space's change events (an import or export is a new revision); a space without Git Sync is
// remembered as such. Git-sync being away only leaves the link out: the page is still served.
import { type GitEditLinks, GitSyncSubjects, type RequestContext } from '@bindery/contracts';
import { AppError, type ServiceClient } from '@bindery/platform';
import { LRUCache } from 'lru-cache';

export interface GitLinkSource {
  /** The space's edit links, or null when it is not synced with a repository. */
  editLinks(organizationId: string, spaceId: string): Promise<GitEditLinks | null>;
}

/** The edit address of one page and what to call it ("Edit on GitHub"), when the space has one. */
export interface PageEditLink {
  url: string;
  label: string;
}

export async function pageEditLink(
  source: GitLinkSource,
  organizationId: string,
  spaceId: string,
  pageId: string,
): Promise<PageEditLink | undefined> {
  const links = await source.editLinks(organizationId, spaceId);
  const path = links?.pages[pageId];
  if (!links || path === undefined) return undefined;
  return { url: `${links.editBase}${path}`, label: links.provider === 'gitlab' ? 'Edit on GitLab' : 'Edit on GitHub' };
}

export class MemoryGitLinks implements GitLinkSource {
  constructor(private readonly bySpace: Record<string, GitEditLinks> = {}) {}
  editLinks(_organizationId: string, spaceId: string): Promise<GitEditLinks | null> {
    return Promise.resolve(this.bySpace[spaceId] ?? null);
  }
}

export class NatsGitLinks implements GitLinkSource {
  private readonly held: LRUCache<string, { links: GitEditLinks | null }>;
  private readonly inFlight = new Map<string, Promise<GitEditLinks | null>>();

  constructor(
    private readonly client: ServiceClient,
    private readonly context: () => RequestContext,
    ttlMs: number,
    maxSpaces = 1000,
  ) {
    this.held = new LRUCache({ max: maxSpaces, ttl: Math.max(ttlMs, 1) });
  }

  editLinks(organizationId: string, spaceId: string): Promise<GitEditLinks | null> {
    const key = `${organizationId}/${spaceId}`;
    const held = this.held.get(key);
    if (held) return Promise.resolve(held.links);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.fetch(key, organizationId, spaceId).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /** The space changed (an import or export makes a revision): ask git-sync again next time. */
  invalidate(spaceId: string): void {
    for (const key of this.held.keys()) if (key.endsWith(`/${spaceId}`)) this.held.delete(key);
  }

  private async fetch(key: string, organizationId: string, spaceId: string): Promise<GitEditLinks | null> {
    try {
      const links = await this.client.send(GitSyncSubjects.editLinks, this.context(), { organizationId, spaceId });
      this.held.set(key, { links });
      return links;
    } catch (error) {
      // Not synced (a 4xx) is an answer worth keeping; an outage is not (asked again next time).
      if (error instanceof AppError && error.code < 500) this.held.set(key, { links: null });
      return null;
    }
  }
}
