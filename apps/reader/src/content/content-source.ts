import type { Document } from '@bindery/document';

/** A page of a published revision, as the reader renders it. */
export interface ReaderPage {
  id: string;
  title: string;
  /** Full path inside the space (`getting-started/install`); groups have none of their own content. */
  path: string;
  type: 'document' | 'group' | 'link';
  description?: string;
  emoji?: string;
  hidden?: boolean;
  noIndex?: boolean;
  document?: Document;
  /** When the page last changed (ISO 8601), shown as "Last updated". */
  updatedAt?: string;
  /** For `link` pages: where it points. */
  href?: string;
  /** For `link` pages that point at a page of this space (no `href`): that page's id. */
  linkTo?: string;
  pages: ReaderPage[];
}

export interface ReaderFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
  downloadURL: string;
  dimensions?: { width: number; height: number };
}

/** One space's published content at one revision. Revisions never change, so this is cacheable by `revisionId`. */
export interface SpaceContent {
  spaceId: string;
  revisionId: string;
  pages: ReaderPage[];
  files: ReaderFile[];
  /** Bodies of the space's reusable contents by id, which `reusable-content` blocks show. */
  reusableContents?: Record<string, Document>;
  /** Old page paths the content still knows → current path (301). */
  redirects?: Record<string, string>;
}

export interface SearchHit {
  title: string;
  path: string;
  snippet: string;
  /** The heading of the best matching section, when the match is in one. */
  anchor?: string;
}

export interface ContentSource {
  /** The space's current published content (the space must belong to the organization); throws for an unknown space. */
  content(organizationId: string, spaceId: string): Promise<SpaceContent>;
  /** Full-text search of a space, or `null` when no search service is available. */
  search(organizationId: string, spaceId: string, query: string): Promise<SearchHit[] | null>;
  /** Where a page that was at `path` in earlier revisions is now (a 301), when the content knows; else undefined. */
  movedPath(organizationId: string, content: SpaceContent, path: string): Promise<string | undefined>;
}
