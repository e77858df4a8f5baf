// A published revision's page tree, from content's reply (`{"response":{…"pages":{"rawJson":…}}}`)
// to the reader's pages. A large space's tree is tens of megabytes, almost all of it page
// documents: parsed on the event loop (the reply, then the tree in it) it held every visitor for
// seconds after each merge. So the reply is parsed on a worker thread (page-tree.worker.ts), which
// sends back the pages without their documents plus the documents' JSON in one moved buffer, and
// a page's document is parsed when first read.
import type { RevisionGetResult, RevisionPage } from '@bindery/contracts';
import type { NestReplyPacket } from '@bindery/platform';
import type { Document } from '@bindery/document';
import type { ReaderPage } from './content-source';

/** A page as the worker sends it: `documentAt` indexes the documents. */
export type PageSkeleton = Omit<ReaderPage, 'document' | 'pages'> & { documentAt?: number; pages: PageSkeleton[] };

/** The tree without its documents, and the documents' JSON as UTF-8 in one buffer (moved, not copied, between threads). */
export interface SplitTree {
  pages: PageSkeleton[];
  documents: Uint8Array;
  /** Document i is bytes `ends[i - 1] ?? 0` to `ends[i]` of `documents`. */
  ends: Uint32Array;
}

/** Content's answer for a revision as the reader keeps it: `pages` when content sent a tree (not for an unchanged tag). */
export interface LoadedRevision {
  result: RevisionGetResult;
  pages?: ReaderPage[];
}

/** Reads content's reply packet (bytes) into a loaded revision: inline in tests, on a worker thread in the reader. */
export type RevisionReader = (packet: Uint8Array) => Promise<NestReplyPacket<LoadedRevision>>;

/** The worker's answer: the reply with the tree split out of the result. */
export type SplitReply = NestReplyPacket<{ result: RevisionGetResult; tree?: SplitTree }>;

/** Parses content's page tree on the calling thread (tests, the `send` path). */
export function parseTree(rawJson: string): ReaderPage[] {
  const { pages } = JSON.parse(rawJson) as { pages: RevisionPage[] };
  return pages.map((page) => toReaderPage(page));
}

/** The worker's half: the reply packet parsed, the tree without documents, the documents as JSON. */
export function splitReply(packet: Uint8Array): SplitReply {
  const reply = JSON.parse(
    Buffer.from(packet.buffer, packet.byteOffset, packet.byteLength).toString('utf8'),
  ) as NestReplyPacket<RevisionGetResult>;
  if (reply.err !== undefined && reply.err !== null) return { err: reply.err, response: undefined as never };
  const result = reply.response;
  const rawJson = result.pages.rawJson;
  if (rawJson === undefined) return { response: { result } };
  return { response: { result: { ...result, pages: { ...result.pages, rawJson: undefined } }, tree: splitTree(rawJson) } };
}

export function splitTree(rawJson: string): SplitTree {
  const { pages } = JSON.parse(rawJson) as { pages: RevisionPage[] };
  const documents: Buffer[] = [];
  const skeleton = (page: RevisionPage): PageSkeleton => {
    const { document, pages: _children, ...rest } = toReaderPage(page, true);
    const at = document === undefined ? undefined : documents.push(Buffer.from(JSON.stringify(document))) - 1;
    return { ...rest, ...(at === undefined ? {} : { documentAt: at }), pages: (page.pages ?? []).map(skeleton) };
  };
  const tree = pages.map(skeleton);
  // One plain buffer (not Buffer's shared pool), so it can be moved to the event loop's thread.
  const bytes = new Uint8Array(documents.reduce((sum, d) => sum + d.length, 0));
  const ends = new Uint32Array(documents.length);
  let offset = 0;
  documents.forEach((document, i) => {
    bytes.set(document, offset);
    ends[i] = offset += document.length;
  });
  return { pages: tree, documents: bytes, ends };
}

/** The event loop's half: pages whose document is parsed from its JSON when first read. */
export function joinTree(tree: SplitTree): ReaderPage[] {
  const bytes = Buffer.from(tree.documents.buffer, tree.documents.byteOffset, tree.documents.byteLength);
  const join = (skeleton: PageSkeleton): ReaderPage => {
    const { documentAt, pages, ...rest } = skeleton;
    const page: ReaderPage = { ...rest, pages: pages.map(join) };
    if (documentAt !== undefined) {
      const start = documentAt === 0 ? 0 : tree.ends[documentAt - 1];
      const end = tree.ends[documentAt];
      Object.defineProperty(page, 'document', {
        enumerable: true,
        configurable: true,
        get(): Document {
          const document = JSON.parse(bytes.toString('utf8', start, end)) as Document;
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
