import type { GitEditLinks } from '@bindery/contracts';
import { branchOf } from '../jobs/checkout';
import type { SyncState } from './sync-state.repository';

type Linked = Pick<SyncState, 'repoUrl' | 'provider' | 'ref' | 'projectDir' | 'contentRoot' | 'paths'>;

/**
 * The "Edit on Git" addresses of a synced space: the repository's web view (its URL without
 * `.git`), the branch, and the content root, then each page's file. GitHub and GitLab spell the
 * editor differently; only http(s) repository URLs are ever stored (parseRemoteUrl).
 */
export function editLinksOf(state: Linked): GitEditLinks | null {
  if (!state.ref) return null;
  const repo = new URL(state.repoUrl);
  repo.search = '';
  repo.pathname = repo.pathname.replace(/\/+$/, '').replace(/\.git$/, '');
  const provider = state.provider === 'gitlab' ? 'gitlab' : 'github';
  const root = (state.contentRoot ?? state.projectDir).replace(/^\/+|\/+$/g, '');
  const segments = [provider === 'gitlab' ? '-/edit' : 'edit', branchOf(state.ref), ...(root ? root.split('/') : [])];
  const editBase = `${repo.toString().replace(/\/+$/, '')}/${segments.map(encodePath).join('/')}/`;
  const pages: Record<string, string> = {};
  for (const [key, entry] of Object.entries(state.paths.pages)) {
    // Keys with `:` are not files (groups, links); `#n` tells apart pages sharing one file.
    if (key.includes(':')) continue;
    const path = key.replace(/#\d+$/, '');
    pages[entry.id] ??= path.split('/').map(encodeURIComponent).join('/');
  }
  return { provider, editBase, pages };
}

/** A branch or directory name as URL path segments (a branch may hold `/`). */
const encodePath = (value: string): string => value.split('/').map(encodeURIComponent).join('/');
