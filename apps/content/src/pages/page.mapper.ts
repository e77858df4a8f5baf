import type { JsonDocument, RevisionPage } from '@bindery/contracts';
import { type PageEntry, type PageTree, ROOT } from '../model/page-tree';

/** Defaults of the official layout object, which the official document requires in full. */
export const DEFAULT_LAYOUT = {
  width: 'default',
  cover: true,
  coverSize: 'hero',
  coverMask: 'none',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
};

/** Where a page's app and API links point. */
export interface PageUrlBase {
  app: string;
}

/** Bodies of the pages being shown, by document hash. */
export type DocumentLookup = (hash: string | null) => JsonDocument;

/** The generated children of a computed page (none when its spec has no processed version). */
export type ComputedChildren = (page: PageEntry) => RevisionPage[];
const noComputedChildren: ComputedChildren = () => [];

/**
 * One page as the API shows it, with its body as a JSON document (the official page schema
 * requires a body); nested pages when `deep`.
 */
export function toWirePage(
  tree: PageTree,
  page: PageEntry,
  urls: PageUrlBase,
  deep: boolean,
  body: DocumentLookup,
  computed: ComputedChildren = noComputedChildren,
): RevisionPage {
  if (page.type === 'group') return toWireGroup(tree, page, urls, deep, body, computed);
  if (page.type === 'link') return toWireLink(page);
  if (page.type === 'computed') return toWireComputed(tree, page, deep, computed);
  const { meta } = page;
  const out: RevisionPage = {
    id: page.id,
    title: meta.title,
    kind: 'sheet',
    type: 'document',
    urls: { app: `${urls.app}/${tree.pathOf(page.id)}` },
    slug: meta.slug,
    path: tree.pathOf(page.id),
    pages: deep ? tree.childrenOf(page.id).map((id) => toWirePage(tree, tree.pages.get(id)!, urls, true, body, computed)) : [],
    layout: { ...DEFAULT_LAYOUT, ...meta.layout },
    tags: [],
    createdAt: meta.createdAt,
    updatedAt: meta.updatedAt,
    hidden: meta.hidden ?? false,
    noIndex: meta.noIndex ?? false,
    noRobotsIndex: meta.noRobotsIndex ?? false,
    document: body(page.document),
  };
  for (const key of ['emoji', 'icon', 'description', 'cover', 'variables'] as const) if (meta[key] !== undefined) out[key] = meta[key];
  return out;
}

/** A group (official RevisionPageGroup): a heading of the table of contents, with pages and no body. */
function toWireGroup(
  tree: PageTree,
  page: PageEntry,
  urls: PageUrlBase,
  deep: boolean,
  body: DocumentLookup,
  computed: ComputedChildren,
): RevisionPage {
  const { meta } = page;
  const out: RevisionPage = {
    id: page.id,
    title: meta.title,
    kind: 'group',
    type: 'group',
    slug: meta.slug,
    path: tree.pathOf(page.id),
    pages: deep ? tree.childrenOf(page.id).map((id) => toWirePage(tree, tree.pages.get(id)!, urls, true, body, computed)) : [],
    createdAt: meta.createdAt,
    updatedAt: meta.updatedAt,
    hidden: meta.hidden ?? false,
    noIndex: meta.noIndex ?? false,
    noRobotsIndex: meta.noRobotsIndex ?? false,
  };
  for (const key of ['emoji', 'icon'] as const) if (meta[key] !== undefined) out[key] = meta[key];
  return out;
}

/** A link (official RevisionPageLink): its target, and `href` when the target is a URL. */
function toWireLink(page: PageEntry): RevisionPage {
  const { meta } = page;
  const target = meta.target ?? { kind: 'url' as const, url: '' };
  const out: RevisionPage = {
    id: page.id,
    title: meta.title,
    kind: 'link',
    type: 'link',
    target,
    createdAt: meta.createdAt,
    updatedAt: meta.updatedAt,
    hidden: meta.hidden ?? false,
  };
  if (target.kind === 'url') out.href = target.url;
  for (const key of ['emoji', 'icon'] as const) if (meta[key] !== undefined) out[key] = meta[key];
  return out;
}

/**
 * A computed page (official RevisionPageComputed): its source, and (Bindery extension, like the
 * official computed revision's pages) its generated pages under `pages`, with `slug` and `path`.
 */
function toWireComputed(tree: PageTree, page: PageEntry, deep: boolean, computed: ComputedChildren): RevisionPage {
  const { meta } = page;
  const out: RevisionPage = {
    id: page.id,
    title: meta.title,
    type: 'computed',
    computed: meta.computed,
    slug: meta.slug,
    path: tree.pathOf(page.id),
    pages: deep ? computed(page) : [],
    createdAt: meta.createdAt,
    updatedAt: meta.updatedAt,
    hidden: meta.hidden ?? false,
  };
  for (const key of ['emoji', 'icon', 'description'] as const) if (meta[key] !== undefined) out[key] = meta[key];
  return out;
}

/** The whole nested page tree. */
export function toWirePages(tree: PageTree, urls: PageUrlBase, body: DocumentLookup, computed?: ComputedChildren): RevisionPage[] {
  return tree.childrenOf(ROOT).map((id) => toWirePage(tree, tree.pages.get(id)!, urls, true, body, computed));
}
