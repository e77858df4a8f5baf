import type { PageFields } from '@bindery/contracts';
import { badRequest } from '@bindery/platform';
import { SLUG_PATTERN } from '../model/slugs';

type TextField = 'title' | 'slug' | 'emoji' | 'icon' | 'description';
type FlagField = 'hidden' | 'noIndex' | 'noRobotsIndex';

/** The page metadata a frontmatter may set (the official RevisionPageUpdate fields Bindery stores), with their API limits. */
const TEXT_LIMITS: Record<TextField, [min: number, max: number]> = {
  title: [1, 255],
  slug: [1, 100],
  emoji: [0, 50],
  icon: [0, 50],
  description: [0, 1000],
};
const FLAGS: FlagField[] = ['hidden', 'noIndex', 'noRobotsIndex'];

/**
 * Page metadata from a Markdown page's frontmatter, checked like the same fields of the request
 * body. Other keys (Git Sync's `layout`, `cover`, ...) are not page metadata Bindery keeps and are
 * left alone. `field` names the markdown in errors (changes[i].document.markdown).
 */
export function pageFieldsFromFrontmatter(frontmatter: Record<string, unknown>, field: string): PageFields {
  const fields: PageFields = {};
  for (const [key, [min, max]] of Object.entries(TEXT_LIMITS) as Array<[TextField, [number, number]]>) {
    let value = frontmatter[key];
    if (value === undefined || value === null) continue;
    // `title: 2024` is a number to YAML but plainly meant as text.
    if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
    if (typeof value !== 'string') throw badRequest(`${field}: frontmatter "${key}" must be a string`);
    const text = key === 'title' ? value.trim() : value;
    if (text.length < min || text.length > max)
      throw badRequest(`${field}: frontmatter "${key}" must be ${min === 0 ? 'at most' : `${min} to`} ${max} characters`);
    if (key === 'slug' && !SLUG_PATTERN.test(text))
      throw badRequest(`${field}: frontmatter "slug" must contain only letters, digits, ".", "-" and "_"`);
    fields[key] = text;
  }
  for (const key of FLAGS) {
    const value = frontmatter[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'boolean') throw badRequest(`${field}: frontmatter "${key}" must be true or false`);
    fields[key] = value;
  }
  return fields;
}
