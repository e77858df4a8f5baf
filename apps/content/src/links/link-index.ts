import type { LinkStatus } from '@bindery/contracts';
import type { DocumentRefs, StoredRef } from '../store/document-refs';

/** A target's status; `external` until the service resolves a reference into another space. */
export type TargetStatus = LinkStatus | 'external';

/** One link target of a revision and the pages pointing at it (in tree order). */
export interface LinkTarget {
  /** Stable sort and cursor key, unique per target. */
  key: string;
  /** The reference, resolved: an anchor names its page; a reference into this space names no space. */
  ref: StoredRef;
  status: TargetStatus;
  sources: string[];
}

/** A revision's links, derived from its pages' body references: built from cached per-body extracts, never from bodies. */
export interface RevisionLinks {
  /** Sorted by key. */
  targets: LinkTarget[];
  /** The targets each page links to. */
  bySource: Map<string, LinkTarget[]>;
  /** Targets that are a page of this space (page links and anchors into it), by page id. */
  byPage: Map<string, LinkTarget[]>;
  /** Targets that are a file of this space, by file id. */
  byFile: Map<string, LinkTarget>;
  /** Each page's position in reading order. */
  order: Map<string, number>;
}

export interface LinkIndexInput {
  spaceId: string;
  /** Pages in tree order with their body hash, and a link page's target (a reference like those of a body). */
  pages: Array<{ id: string; document: string | null; target?: StoredRef }>;
  refsOf: (documentHash: string) => DocumentRefs | undefined;
  fileIds: ReadonlySet<string>;
  /** URLs under this prefix point into the app: `in-app`. */
  appBase: string;
}

const SEP = '\u0001';

export function buildLinkIndex(input: LinkIndexInput): RevisionLinks {
  const anchorsOf = new Map<string, ReadonlySet<string>>();
  const byKey = new Map<string, LinkTarget>();
  const bySource = new Map<string, LinkTarget[]>();
  const pageIds = new Set(input.pages.map((p) => p.id));
  for (const page of input.pages) {
    if (page.document) anchorsOf.set(page.id, new Set(input.refsOf(page.document)?.anchors ?? []));
  }
  for (const page of input.pages) {
    const bodyRefs = page.document ? (input.refsOf(page.document)?.refs ?? []) : [];
    // A link page links to its target: it is one of the target's backlinks, as an inline link would be.
    const refs = page.target ? [page.target, ...bodyRefs] : bodyRefs;
    const own: LinkTarget[] = [];
    for (const raw of refs) {
      const ref = resolve(raw, input.spaceId, page.id);
      const key = keyOf(ref);
      let target = byKey.get(key);
      if (!target) {
        target = { key, ref, status: statusOf(ref, input, pageIds, anchorsOf), sources: [] };
        byKey.set(key, target);
      }
      if (target.sources[target.sources.length - 1] !== page.id) target.sources.push(page.id);
      if (!own.includes(target)) own.push(target);
    }
    if (own.length > 0) bySource.set(page.id, own);
  }
  const targets = [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const byPage = new Map<string, LinkTarget[]>();
  const byFile = new Map<string, LinkTarget>();
  for (const target of targets) {
    const { ref } = target;
    if ('space' in ref && ref.space !== undefined) continue;
    if (ref.kind === 'page' || (ref.kind === 'anchor' && ref.page)) {
      const pageId = ref.kind === 'page' ? ref.page : ref.page!;
      byPage.set(pageId, [...(byPage.get(pageId) ?? []), target]);
    } else if (ref.kind === 'file') byFile.set(ref.file, target);
  }
  return { targets, bySource, byPage, byFile, order: new Map(input.pages.map((p, i) => [p.id, i])) };
}

/** Drops a space that names this one and gives an anchor its page (the linking page when none). */
function resolve(ref: StoredRef, spaceId: string, sourcePage: string): StoredRef {
  let local: StoredRef = ref;
  if (ref.kind !== 'space' && ref.kind !== 'url' && ref.space === spaceId) {
    const { space: _, ...rest } = ref;
    local = rest;
  }
  if (local.kind === 'anchor' && !local.page && local.space === undefined) return { ...local, page: sourcePage };
  return local;
}

export function keyOf(ref: StoredRef): string {
  switch (ref.kind) {
    case 'page':
      return ['page', ref.space ?? '', ref.page].join(SEP);
    case 'anchor':
      return ['anchor', ref.space ?? '', ref.page ?? '', ref.anchor].join(SEP);
    case 'file':
      return ['file', ref.space ?? '', ref.file].join(SEP);
    case 'url':
      return ['url', ref.url].join(SEP);
    case 'space':
      return ['space', ref.space].join(SEP);
  }
}

function statusOf(
  ref: StoredRef,
  input: LinkIndexInput,
  pageIds: ReadonlySet<string>,
  anchorsOf: ReadonlyMap<string, ReadonlySet<string>>,
): TargetStatus {
  if (ref.kind === 'url') return ref.url === input.appBase || ref.url.startsWith(`${input.appBase}/`) ? 'in-app' : 'ok';
  if (ref.kind === 'space' || ('space' in ref && ref.space !== undefined)) return 'external';
  if (ref.kind === 'page') return pageIds.has(ref.page) ? 'ok' : 'broken';
  if (ref.kind === 'anchor') return pageIds.has(ref.page!) && (anchorsOf.get(ref.page!)?.has(ref.anchor) ?? false) ? 'ok' : 'broken';
  return input.fileIds.has(ref.file) ? 'ok' : 'broken';
}
