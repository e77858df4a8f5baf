// `.gitbook/includes/*.md` ↔ the revision's reusable contents. GitBook writes each reusable
// content as `.gitbook/includes/<slug>.md` (front matter `title:`, then its body) and each use of it
// as `{% include "<path relative to the page>" %}`; the document library reads that tag as a
// `reusable-content` block holding the path as written, which the import turns into the id.
import { posix } from 'node:path';
import type { ImportReusableContent, JsonDocument } from '@bindery/contracts';
import { parse as parseYaml } from 'yaml';
import type { PageConverter } from './page-parser';

export const INCLUDES_DIR = '.gitbook/includes/';

const FRONTMATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;
/** Read as a page, the body would lose a leading `# heading` as the page title: this one is lost instead. */
const PLACEHOLDER_TITLE = '# Include\n\n';

export const isIncludePath = (path: string): boolean => path.startsWith(INCLUDES_DIR) && /\.md$/i.test(path);

/** One include file read: its id (kept per path across imports), title and body. */
export async function readInclude(
  path: string,
  text: string,
  id: string,
  converter: PageConverter,
  report: string[],
): Promise<ImportReusableContent & { document: JsonDocument }> {
  const frontmatter = FRONTMATTER.exec(text);
  let title = posix.basename(path).replace(/\.md$/i, '');
  if (frontmatter) {
    try {
      const fields = parseYaml(frontmatter[1] ?? '') as { title?: unknown } | null;
      if (typeof fields?.title === 'string' && fields.title.trim()) title = fields.title.trim();
    } catch {
      report.push(`${path}: its front matter does not read as YAML; titled after the file`);
    }
  }
  const body = frontmatter ? text.slice(frontmatter[0].length) : text;
  const parsed = await converter.parse(PLACEHOLDER_TITLE + body.replace(/^\s*\n/, ''), path);
  const document = parsed.kind === 'page' ? parsed.document : ({ object: 'document', data: {}, nodes: [] } as unknown as JsonDocument);
  if (parsed.kind !== 'page')
    report.push(`${path}: could not be read (${parsed.kind === 'refused' ? parsed.message : 'timeout'}); imported empty`);
  return { id, title: title.slice(0, 255), document };
}

interface ReusableRef {
  kind?: string;
  reusableContent?: string;
  space?: string;
}

/**
 * The `{% include "…" %}` paths of a document (relative to `fromPath`) made reusable content ids.
 * An include of a file that is not among the includes is reported and keeps its path.
 */
export function resolveIncludes(
  document: JsonDocument,
  fromPath: string,
  idOf: ReadonlyMap<string, string>,
  resolvePath: (dir: string, href: string) => string | undefined,
  report: string[],
): JsonDocument {
  // In place, one walk: a JSON round trip with a replacer cost a second per thousand pages.
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    if (resolveInclude(node, fromPath, idOf, resolvePath, report)) return;
    for (const key in node) {
      const value = (node as Record<string, unknown>)[key];
      if (value && typeof value === 'object') visit(value);
    }
  };
  visit(document);
  return document;
}

/**
 * When `node` is a reference to an include of this space (`{ kind: 'reusable-content' }`): its
 * path (relative to `fromPath`) made the reusable content's id, in place, and true.
 */
export function resolveInclude(
  node: object,
  fromPath: string,
  idOf: ReadonlyMap<string, string>,
  resolvePath: (dir: string, href: string) => string | undefined,
  report: string[],
): boolean {
  const ref = node as ReusableRef;
  if (ref.kind !== 'reusable-content' || typeof ref.reusableContent !== 'string' || ref.space) return false;
  const path = resolvePath(posix.dirname(fromPath), ref.reusableContent);
  const id = path === undefined ? undefined : idOf.get(path);
  if (id === undefined) report.push(`${fromPath}: includes ${ref.reusableContent}, which is not a file of ${INCLUDES_DIR}`);
  else ref.reusableContent = id;
  return true;
}

/** Where each reusable content of a space is written: its path of the last import, else `.gitbook/includes/<slug>.md`. */
export function includePaths(
  contents: ReadonlyArray<{ id: string; title: string }>,
  previous: Record<string, { id: string }> | undefined,
  slugify: (text: string) => string,
): Map<string, string> {
  const known = new Map(Object.entries(previous ?? {}).map(([path, { id }]) => [id, path]));
  const used = new Set<string>();
  const paths = new Map<string, string>();
  for (const content of contents) {
    let path = known.get(content.id);
    if (!path || used.has(path)) {
      const base = slugify(content.title) || 'include';
      path = `${INCLUDES_DIR}${base}.md`;
      for (let n = 2; used.has(path); n++) path = `${INCLUDES_DIR}${base}-${n}.md`;
    }
    used.add(path);
    paths.set(content.id, path);
  }
  return paths;
}
