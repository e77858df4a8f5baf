import type { List, PageQuery } from '../pagination';
import type { ContentRef } from './revisions';
import type { ContentSubjects } from './subjects';

/** Official `ContentReferenceStatus`: `in-app` is a URL pointing into this server's app. */
export type LinkStatus = 'ok' | 'broken' | 'in-app';
export const LINK_STATUSES: readonly LinkStatus[] = ['ok', 'broken', 'in-app'];

/** Official `ContentLocation` (page, file, space, url): embedded wire objects, shaped by content. */
export type ContentLocation = Record<string, unknown> & { kind: string };

/** Official `ContentReferenceUsage`: one link target and the pages pointing at it. */
export interface LinkItem {
  status: LinkStatus;
  relation: 'reference' | 'dependsOn';
  /** Absent when the target is missing (broken): there is nothing to show. */
  targetReference?: ContentLocation;
  locationReferences: ContentLocation[];
}

/** Official `ContentReferencesStats`; `broken.changeRequest` counts links the change request broke. */
export interface LinkStats {
  total: number;
  broken: { total: number; changeRequest?: number };
}

export interface LinkList extends List<LinkItem> {
  stats: LinkStats;
}

/** `…/links` of a space or a change request. `brokenContext: change-request` keeps the links the change request broke. */
export interface LinksListInput extends ContentRef, PageQuery {
  status?: LinkStatus;
  brokenContext?: 'change-request' | 'space';
}

export interface PageLinksListInput extends ContentRef, PageQuery {
  pageId: string;
  status?: LinkStatus;
}

export interface PageBacklinksInput extends ContentRef, PageQuery {
  pageId: string;
}

export interface FileBacklinksInput extends ContentRef, PageQuery {
  fileId: string;
}

export interface LinksRpc {
  [ContentSubjects.linksList]: { input: LinksListInput; result: LinkList };
  [ContentSubjects.pageLinksList]: { input: PageLinksListInput; result: LinkList };
  [ContentSubjects.pageBacklinksList]: { input: PageBacklinksInput; result: List<ContentLocation> };
  [ContentSubjects.fileBacklinksList]: { input: FileBacklinksInput; result: List<ContentLocation> };
}
