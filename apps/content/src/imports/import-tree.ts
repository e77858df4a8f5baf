import type { ImportPage, ImportReusableContent, JsonDocument } from '@bindery/contracts';
import { badRequest } from '@bindery/platform';
import { documentInputError } from '@bindery/document';
import { contentHash } from '../model/content-hash';
import { type PageMeta, PageTree, ROOT } from '../model/page-tree';
import { linkTargetOf, pageTypeOf } from '../model/page-types';
import { SLUG_PATTERN } from '../model/slugs';
import type { StoredReusableContent } from '../model/reusable-contents';

/**
 * The page tree of an import, built against the current tree: a page keeps its id, dates and
 * stored node when nothing about it changed, so saving the tree writes only the changed pages
 * and their ancestors (content-addressed nodes).
 */
export function buildImportTree(
  current: PageTree,
  pages: ImportPage[],
  now: string,
): { tree: PageTree; documents: JsonDocument[]; storedHashes: string[] } {
  const tree = new PageTree();
  const documents: JsonDocument[] = [];
  /** Bodies the importer stored before (`documentHash`): the apply checks they are still there. */
  const storedHashes: string[] = [];
  const seen = new Set<string>();
  const add = (list: ImportPage[], parent: string, field: string) => {
    const slugs = new Set<string>();
    list.forEach((page, index) => {
      const at = `${field}[${index}]`;
      if (typeof page.id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(page.id)) throw badRequest(`${at}.id: must be an id`);
      if (seen.has(page.id)) throw badRequest(`${at}.id: "${page.id}" appears twice in the tree`);
      seen.add(page.id);
      if (!SLUG_PATTERN.test(page.slug) || slugs.has(page.slug)) throw badRequest(`${at}.slug: must be a unique slug among siblings`);
      slugs.add(page.slug);
      const type = pageTypeOf(page.type, `${at}.type`) ?? 'document';
      if (type === 'group' && parent !== ROOT) throw badRequest(`${at}.type: a group page can only be at the root`);
      if (type === 'link' && (page.pages ?? []).length > 0) throw badRequest(`${at}.pages: a link page cannot have child pages`);
      const target = type === 'link' ? linkTargetOf({ target: page.target }, at) : undefined;
      if (type === 'link' && !target) throw badRequest(`${at}.target: a link page needs a target`);
      const before = current.pages.get(page.id);
      let documentHash: string | null;
      let kept: Partial<PageMeta> = {};
      if (type !== 'document') {
        if (page.document !== undefined || page.documentHash !== undefined || page.keepDocument)
          throw badRequest(`${at}.document: a ${type} page has no document`);
        documentHash = null;
      } else if (page.keepDocument) {
        if (!before) throw badRequest(`${at}.keepDocument: no page "${page.id}" in the current revision`);
        documentHash = before.document;
        // Front matter lives in the same file as the body: unchanged file, unchanged fields.
        const { description, icon, emoji, hidden, layout } = before.meta;
        kept = { description, icon, emoji, hidden, layout };
      } else if (page.documentHash !== undefined) {
        if (page.document !== undefined) throw badRequest(`${at}.documentHash: give a document or its hash, not both`);
        if (typeof page.documentHash !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(page.documentHash))
          throw badRequest(`${at}.documentHash: must be a content hash`);
        documentHash = page.documentHash;
        storedHashes.push(documentHash);
      } else {
        const document = checkedDocument(page.document ?? { object: 'document', data: {}, nodes: [] }, `${at}.document`);
        documentHash = document.nodes.length > 0 ? contentHash(document) : null;
        if (documentHash) documents.push(document);
      }
      const fields: Partial<PageMeta> = page.keepDocument
        ? kept
        : { description: page.description, icon: page.icon, emoji: page.emoji, hidden: page.hidden, layout: page.layout };
      const meta: PageMeta = clean({ ...fields, target, title: page.title, slug: page.slug, createdAt: now, updatedAt: now });
      const same =
        before &&
        before.type === type &&
        before.document === documentHash &&
        before.parent === parent &&
        JSON.stringify({ ...before.meta, createdAt: '', updatedAt: '' }) === JSON.stringify({ ...meta, createdAt: '', updatedAt: '' });
      if (before) meta.createdAt = before.meta.createdAt;
      if (same) meta.updatedAt = before.meta.updatedAt;
      tree.pages.set(page.id, { id: page.id, type, meta: same ? before.meta : meta, document: documentHash, parent });
      tree.childrenOf(parent).push(page.id);
      add(page.pages ?? [], page.id, `${at}.pages`);
    });
  };
  add(pages, ROOT, 'pages');
  reuseNodeHashes(current, tree);
  return { tree, documents, storedHashes };
}

/** A page body as the importer sent it, refused (400) when it is not a valid document. */
export function checkedDocument(document: JsonDocument, field: string): JsonDocument {
  const problem = documentInputError(document);
  if (problem) throw badRequest(`${field}: ${problem}`);
  return document;
}

/** A page whose whole subtree is as before keeps its stored node: nothing below it is written again. */
function reuseNodeHashes(current: PageTree, tree: PageTree): void {
  const visit = (id: string): boolean => {
    const page = tree.pages.get(id)!;
    const before = current.pages.get(id);
    const children = tree.childrenOf(id);
    let same = children.map(visit).every(Boolean);
    same =
      same &&
      before !== undefined &&
      before.nodeHash !== undefined &&
      before.meta === page.meta &&
      before.type === page.type &&
      before.document === page.document &&
      sameList(current.childrenOf(id), children);
    if (same) page.nodeHash = before!.nodeHash;
    return same;
  };
  for (const id of tree.childrenOf(ROOT)) visit(id);
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

function clean<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * The revision's reusable contents after an import: the importer's list when it sends one (Git
 * Sync's `.gitbook/includes`), else the current revision's. Bodies arrive by hash (stored before)
 * or inline; the ids are the importer's, so a re-import keeps every `{% include %}` pointing home.
 * With `sourceIds` (what the source held when last synced), current ones the source never held
 * are kept after the importer's (see `ImportApplyInput.sourceReusableContentIds`).
 */
export function importedReusableContents(
  input: ImportReusableContent[] | undefined,
  current: StoredReusableContent[],
  sourceIds?: unknown,
): { list: StoredReusableContent[]; documents: JsonDocument[]; storedHashes: string[] } {
  if (input === undefined) return { list: current, documents: [], storedHashes: [] };
  const heldBySource = checkedIds(sourceIds);
  if (!Array.isArray(input)) throw badRequest('reusableContents: must be a list');
  const documents: JsonDocument[] = [];
  const storedHashes: string[] = [];
  const seen = new Set<string>();
  const list = input.map((item, i): StoredReusableContent => {
    const at = `reusableContents[${i}]`;
    if (typeof item?.id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(item.id)) throw badRequest(`${at}.id: must be an id`);
    if (seen.has(item.id)) throw badRequest(`${at}.id: "${item.id}" is given twice`);
    seen.add(item.id);
    if (typeof item.title !== 'string' || !item.title.trim()) throw badRequest(`${at}.title: a reusable content needs a title`);
    let document: string | null = null;
    if (item.documentHash !== undefined) {
      if (item.document !== undefined) throw badRequest(`${at}.documentHash: give a document or its hash, not both`);
      if (typeof item.documentHash !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(item.documentHash))
        throw badRequest(`${at}.documentHash: must be a content hash`);
      document = item.documentHash;
      storedHashes.push(document);
    } else if (item.document !== undefined) {
      const checked = checkedDocument(item.document, `${at}.document`);
      if (checked.nodes.length > 0) {
        document = contentHash(checked);
        documents.push(checked);
      }
    }
    return { id: item.id, title: item.title.slice(0, 255), document };
  });
  if (heldBySource === undefined) return { list, documents, storedHashes };
  const madeHere = current.filter((item) => !seen.has(item.id) && !heldBySource.has(item.id));
  return { list: [...list, ...madeHere], documents, storedHashes };
}

function checkedIds(ids: unknown): Set<string> | undefined {
  if (ids === undefined) return undefined;
  if (!Array.isArray(ids) || ids.length > 100_000 || !ids.every((id) => typeof id === 'string' && id.length <= 64))
    throw badRequest('sourceReusableContentIds: must be a list of ids');
  return new Set(ids as string[]);
}
