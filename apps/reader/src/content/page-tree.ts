// A published revision's page tree, from content's reply (`{"response":{…"pages":{"rawJson":…}}}`)
// to the reader's pages. A large space's tree is tens of megabytes, almost all of it page
// documents: parsed on the event loop (the reply, then the tree in it) it held every visitor for
// seconds after each merge. So the reply is parsed on a worker thread (page-tree.worker.ts), which
// sends back the pages without their documents plus the documents' JSON in one moved buffer, and
// a page's document is parsed when first read.
import type { RevisionGetResult, RevisionPage } from '@bindery/contracts';
import type { NestReplyPacket, TreePart } from '@bindery/platform';
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

/** Content's first reply as read: for a tree sent in parts, its first part as UTF-8 (the caller reads the others). */
export type LoadedReply = LoadedRevision & { firstPart?: Uint8Array };

/** A later part's reply as read: the tag it was cut under and its bytes as UTF-8. */
export type PartReply = NestReplyPacket<TreePart<Uint8Array>>;

/**
 * Reads content's reply packets (bytes) for a published revision: on a worker thread in the reader
 * (PageTreePool), on the calling thread in tests (`inlineTrees`). A tree over one NATS message
 * (`treePartStarts`) comes in parts, whose bytes are joined and parsed where the others are.
 */
export interface PageTreeThread {
  reply(packet: Uint8Array): Promise<NestReplyPacket<LoadedReply>>;
  part(packet: Uint8Array): Promise<PartReply>;
  join(parts: Uint8Array[]): Promise<ReaderPage[]>;
}

/** The worker's answer for a first reply: the result without its raw tree, with the tree split or its first part. */
export type SplitReply = NestReplyPacket<{ result: RevisionGetResult; tree?: SplitTree; firstPart?: Uint8Array }>;

/** Parses content's page tree on the calling thread (tests, the `send` path). */
export function parseTree(rawJson: string): ReaderPage[] {
  const { pages } = JSON.parse(rawJson) as { pages: RevisionPage[] };
  return pages.map((page) => toReaderPage(page));
}

/** The worker's half: the reply packet parsed, the tree without documents, the documents as JSON. */
export function splitReply(packet: Uint8Array): SplitReply {
  const reply = parsePacket(packet);
  if (reply.err !== undefined && reply.err !== null) return { err: reply.err, response: undefined as never };
  const result = reply.response;
  const rawJson = result.pages.rawJson;
  if (rawJson === undefined) return { response: { result } };
  const withoutTree = { ...result, pages: { ...result.pages, rawJson: undefined } };
  // Only a part of the tree: no JSON on its own, parsed once every part is in (`splitParts`).
  if ((result.pages.parts ?? 1) > 1) return { response: { result: withoutTree, firstPart: utf8(rawJson) } };
  return { response: { result: withoutTree, tree: splitTree(rawJson) } };
}

/** A later part's reply packet (`part` of `content.published.get-revision`) read into its tag and bytes. */
export function partReply(packet: Uint8Array): PartReply {
  const reply = parsePacket(packet);
  if (reply.err !== undefined && reply.err !== null) return { err: reply.err, response: undefined as never };
  const { tag, rawJson } = reply.response.pages;
  return { response: { tag, ...(rawJson === undefined ? {} : { part: utf8(rawJson) }) } };
}

/** Every part's bytes, in order, joined into the tree and split as a tree sent whole is. */
export function splitParts(parts: Uint8Array[]): SplitTree {
  // Content never cuts inside a surrogate pair, so the parts' UTF-8 bytes join into the tree's.
  return splitTree(Buffer.concat(parts).toString('utf8'));
}

/** `PageTreeThread` on the calling thread: the worker's functions, without the thread. */
export const inlineTrees: PageTreeThread = {
  reply: (packet) => Promise.resolve(loadedReply(splitReply(packet))),
  part: (packet) => Promise.resolve(partReply(packet)),
  join: (parts) => Promise.resolve(joinTree(splitParts(parts))),
};

/** The event loop's half of a first reply: the split tree joined into pages. */
export function loadedReply(reply: SplitReply): NestReplyPacket<LoadedReply> {
  if (reply.err !== undefined && reply.err !== null) return { err: reply.err, response: undefined as never };
  const { result, tree, firstPart } = reply.response;
  return { response: { result, ...(tree ? { pages: joinTree(tree) } : {}), ...(firstPart ? { firstPart } : {}) } };
}

function parsePacket(packet: Uint8Array): NestReplyPacket<RevisionGetResult> {
  return JSON.parse(Buffer.from(packet.buffer, packet.byteOffset, packet.byteLength).toString('utf8')) as NestReplyPacket<RevisionGetResult>;
}

/** Text as UTF-8 in its own buffer (not Buffer's shared pool), so it can be moved between threads. */
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

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
