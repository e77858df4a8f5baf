import type { ContentLocation, JsonDocument, LinkItem, LinkStatus, Organization, Space } from '@bindery/contracts';
import type { ChangeRequest } from '@bindery/contracts';
import type { StoredFile } from '../model/file-list';
import { emptyDocument, type PageTree } from '../model/page-tree';
import { type PageUrlBase, toWirePage } from '../pages/page.mapper';
import type { LinkTarget } from './link-index';

/** Pages listed per link target: a target every page links to would otherwise carry the whole space. */
export const MAX_LOCATIONS_PER_LINK = 50;

/** What the official `ContentLocation` objects embed, loaded once per answer. */
export interface LocationContext {
  organization: Organization;
  space: Space;
  tree: PageTree;
  urls: PageUrlBase;
  bodies: Map<string, JsonDocument>;
  changeRequest?: ChangeRequest;
  file: (file: StoredFile) => Record<string, unknown>;
  files: Map<string, StoredFile>;
  /** Other spaces the caller can see, for `space` targets. */
  otherSpaces: Map<string, Space>;
}

/** A page of this revision as a location (official `ContentLocationPage`). */
export function pageLocation(ctx: LocationContext, pageId: string, anchor?: string): ContentLocation | undefined {
  const entry = ctx.tree.pages.get(pageId);
  if (!entry) return undefined;
  const page = toWirePage(ctx.tree, entry, ctx.urls, false, (hash) => (hash && ctx.bodies.get(hash)) || emptyDocument());
  return {
    kind: 'page',
    organization: ctx.organization,
    space: ctx.space,
    page,
    ...versionContext(ctx),
    ...(anchor !== undefined ? { internalLocation: { type: 'anchor', anchor } } : {}),
  };
}

function versionContext(ctx: LocationContext): Record<string, unknown> {
  return ctx.changeRequest ? { versionContext: { type: 'changeRequest', changeRequest: ctx.changeRequest } } : {};
}

/** Where a target points, when there is something to show (a broken target has nothing). */
export function targetLocation(ctx: LocationContext, target: LinkTarget, status: LinkStatus): ContentLocation | undefined {
  const { ref } = target;
  if (ref.kind === 'url') return { kind: 'url', url: ref.url };
  if (status === 'broken') return undefined;
  if (ref.kind === 'space') {
    const space = ctx.otherSpaces.get(ref.space);
    return space ? { kind: 'space', organization: ctx.organization, space } : undefined;
  }
  // References into other spaces are checked but not described: their page and file objects are that space's.
  if (ref.space !== undefined) return undefined;
  if (ref.kind === 'page') return pageLocation(ctx, ref.page);
  if (ref.kind === 'anchor') return pageLocation(ctx, ref.page!, ref.anchor);
  const file = ctx.files.get(ref.file);
  return file
    ? { kind: 'file', organization: ctx.organization, space: ctx.space, file: ctx.file(file), ...versionContext(ctx) }
    : undefined;
}

/** One official `ContentReferenceUsage`. */
export function linkItem(ctx: LocationContext, target: LinkTarget, status: LinkStatus, sources: string[]): LinkItem {
  const item: LinkItem = {
    status,
    relation: 'reference',
    locationReferences: sources
      .slice(0, MAX_LOCATIONS_PER_LINK)
      .map((id) => pageLocation(ctx, id))
      .filter((l): l is ContentLocation => l !== undefined),
  };
  const location = targetLocation(ctx, target, status);
  if (location) item.targetReference = location;
  return item;
}
