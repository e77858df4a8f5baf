import { ContentSubjects, type ImportPage, type RequestContext } from '@bindery/contracts';
import type { ServiceClient } from '@bindery/platform';
import type { GitJobPayload } from '../sync/git-job';

/**
 * Whether an import shows its page tree before the bodies: only the first sync into a space (no
 * revision of an earlier sync to keep; not a standalone revision). A thousand pages take seconds
 * to parse and store; the tree is known as soon as the summary and the files are read, so the
 * space shows its structure at once and the bodies follow in the import's own revision. A
 * re-import does not: its readers see the last import whole until the new one is.
 */
export function outlineFirst(
  payload: Pick<GitJobPayload, 'standalone'>,
  state: { lastRevisionId?: string | null } | null | undefined,
): boolean {
  return !payload.standalone && !state?.lastRevisionId;
}

/**
 * The tree without its bodies, copied now: parsing fills the plan's pages in meanwhile. Pages
 * their front matter hides (`hidden`, by id) are hidden already: the outline must not show, even
 * briefly, a page the import then hides.
 */
export function outlineOf(pages: ImportPage[], hidden: ReadonlySet<string> = new Set()): ImportPage[] {
  return pages.map((page) => ({
    id: page.id,
    ...(page.type ? { type: page.type } : {}),
    ...(page.target ? { target: page.target } : {}),
    title: page.title,
    slug: page.slug,
    ...(hidden.has(page.id) ? { hidden: true } : {}),
    pages: outlineOf(page.pages, hidden),
  }));
}

/**
 * Applies the outline as a revision of the space: its pages with their titles and places, empty
 * until the import's apply, which then writes the bodies and the files over it (the same page
 * ids). No file yet: an empty page references none, and the import replaces the space's files.
 */
export async function applyOutline(
  content: ServiceClient,
  ctx: RequestContext,
  spaceId: string,
  pages: ImportPage[],
  hidden: ReadonlySet<string> = new Set(),
): Promise<void> {
  // Content applies it only to an empty space: a failed import then leaves nothing replaced.
  await content.send(ContentSubjects.importApply, ctx, { spaceId, pages: outlineOf(pages, hidden), files: [], onlyIfEmpty: true });
}
