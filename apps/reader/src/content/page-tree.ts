// A published revision's page tree, from the raw JSON content sends (`{"pages":[…]}`) to the
// reader's pages. A large space's tree is tens of megabytes, almost all of it page documents:
// parsed on the event loop it held every visitor for seconds after each merge. So the tree is
// parsed on a worker thread (page-tree.worker.ts), which sends back the pages without their
// documents plus each document's JSON, and a page's document is parsed when first read.
import type { RevisionPage } from '@bindery/contracts';
import type { Document } from '@bindery/document';
import type { ReaderPage } from './content-source';

/** A page as the worker sends it: `documentAt` indexes the documents' JSON. */
export type PageSkeleton = Omit<ReaderPage, 'document' | 'pages'> & { documentAt?: number; pages: PageSkeleton[] };

export interface SplitTree {
  pages: PageSkeleton[];
  documents: string[];
}

/** What reads a revision's page tree (inline in tests, on a worker thread in the reader). */
export type PageTreeParser = (rawJson: string) => Promise<ReaderPage[]>;

/** Parses on the calling thread (tests, small trees). */
export const parseInline: PageTreeParser = (rawJson) => {
  const { pages } = JSON.parse(rawJson) as { pages: RevisionPage[] };
  return Promise.resolve(pages.map((page) => toReaderPage(page)));
};

/** The worker's half: the tree without documents, and the documents as JSON. */
export function splitTree(rawJson: string): SplitTree {
  const { pages } = JSON.parse(rawJson) as { pages: RevisionPage[] };
  const documents: string[] = [];
  const skeleton = (page: RevisionPage): PageSkeleton => {
    const { document, pages: children, ...rest } = toReaderPage(page, true);
    const at = document === undefined ? undefined : documents.push(JSON.stringify(document)) - 1;
    return { ...rest, ...(at === undefined ? {} : { documentAt: at }), pages: (page.pages ?? []).map(skeleton) };
  };
  return { pages: pages.map(skeleton), documents };
}

/** The event loop's half: pages whose document is parsed from its JSON when first read. */
export function joinTree(tree: SplitTree): ReaderPage[] {
  const join = (skeleton: PageSkeleton): ReaderPage => {
    const { documentAt, pages, ...rest } = skeleton;
    const page: ReaderPage = { ...rest, pages: pages.map(join) };
    if (documentAt !== undefined) {
      const json = tree.documents[documentAt]!;
      Object.defineProperty(page, 'document', {
        enumerable: true,
        configurable: true,
        get(): Document {
          const document = JSON.parse(json) as Document;
          Object.defineProperty(page, 'document', { value: document, enumerable: true, writable: true });
          return document;
        },
      });
    }
    return page;
  };
  return tree.pages.map(join);
}

/** A page of content's tree as the reader reads it; `shallow`: without its children (the caller maps them). */
export function toReaderPage(page: RevisionPage, shallow = false): ReaderPage {
  const p = page as RevisionPage & {
    path?: string;
    description?: string;
    emoji?: string;
    hidden?: boolean;
    noIndex?: boolean;
    document?: Document;
    href?: string;
    target?: { kind: string; page?: string; space?: string };
  };
  const type = p.type === 'group' || p.type === 'link' ? p.type : 'document';
  // A link to a page of this space has no href on the wire: the reader resolves it to the page.
  const linkTo = type === 'link' && p.target?.kind === 'page' && p.target.space === undefined ? p.target.page : undefined;
  return {
    id: p.id,
    title: p.title,
    path: p.path ?? p.id,
    type,
    description: p.description || undefined,
    emoji: p.emoji || undefined,
    hidden: p.hidden,
    noIndex: p.noIndex,
    updatedAt: typeof p.updatedAt === 'string' ? p.updatedAt : undefined,
    document: p.document,
    href: p.href,
    linkTo,
    pages: shallow ? [] : (p.pages ?? []).map((child) => toReaderPage(child)),
  };
}
