import { AppError, badRequest } from '@bindery/platform';
import type { PageTree } from './page-tree';

/** What a page slug may contain (a path segment of the page's URL). */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9._-]*$/i;

/** An explicit slug must be free among the siblings; a derived one gets a numeric suffix. */
export function chooseSlug(tree: PageTree, parent: string, given: string | undefined, title: string, field: string, self?: string): string {
  if (given !== undefined) {
    if (!SLUG_PATTERN.test(given)) throw badRequest(`${field}: must contain only letters, digits, ".", "-" and "_"`);
    if (tree.slugTaken(parent, given, self)) throw new AppError(400, `${field}: "${given}" is already used by a sibling page`);
    return given;
  }
  const stem = slugify(title);
  let slug = stem;
  for (let n = 2; tree.slugTaken(parent, slug, self); n++) slug = `${stem.slice(0, 95)}-${n}`;
  return slug;
}

/** URL-safe slug from a title: lower case, runs of other characters become "-". */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug || 'page';
}
