import {
  ContentSubjects,
  IMPORT_STORE_DOCUMENTS_MAX,
  type ImportReadPage,
  type ImportReadResult,
  type JsonDocument,
  type RequestContext,
} from '@bindery/contracts';
import type { ServiceClient } from '@bindery/platform';
import type { ExportPage, ExportRead } from '../format/export-tree';
import { inTurns } from './store-batches';

const READ_CONCURRENCY = 2;

/**
 * The bodies of a space's tree and reusable contents, read in bounded batches (`content.import.read-documents` answers
 * with as many as fit one reply; the rest are asked for again), joined into the tree. One reply
 * with every body outgrows NATS's message limit on a 1,000-page space.
 */
export async function readWithBodies(
  content: Pick<ServiceClient, 'send'>,
  ctx: RequestContext,
  spaceId: string,
  read: ImportReadResult,
): Promise<ExportRead> {
  const hashes = new Set<string>();
  const walk = (pages: ImportReadPage[]): void => {
    for (const page of pages) {
      if (page.documentHash) hashes.add(page.documentHash);
      walk(page.pages);
    }
  };
  walk(read.pages);
  for (const content of read.reusableContents ?? []) if (content.documentHash) hashes.add(content.documentHash);
  const bodies = new Map<string, JsonDocument>();
  const all = [...hashes];
  const batches: string[][] = [];
  for (let i = 0; i < all.length; i += IMPORT_STORE_DOCUMENTS_MAX) batches.push(all.slice(i, i + IMPORT_STORE_DOCUMENTS_MAX));
  await inTurns(batches, READ_CONCURRENCY, async (batch) => {
    let wanted = batch;
    while (wanted.length > 0) {
      const { documents } = await content.send(ContentSubjects.importReadDocuments, ctx, { spaceId, hashes: wanted });
      // Content answers at least one body per request, so this ends.
      if (documents.length === 0) throw new Error('content answered no body for a read-documents request');
      for (const { hash, document } of documents) bodies.set(hash, document);
      wanted = wanted.filter((hash) => !bodies.has(hash));
    }
  });
  const join = (pages: ImportReadPage[]): ExportPage[] =>
    pages.map(({ documentHash, pages: children, ...page }) => ({
      ...page,
      document: documentHash ? bodies.get(documentHash)! : null,
      pages: join(children),
    }));
  return {
    ...read,
    pages: join(read.pages),
    reusableContents: read.reusableContents?.map(({ documentHash, ...content }) => ({
      ...content,
      document: documentHash ? bodies.get(documentHash)! : null,
    })),
  };
}
