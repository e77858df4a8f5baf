import { randomUUID } from 'node:crypto';
import { badRequest, workerScript } from '@bindery/platform';
import { Piscina } from 'piscina';
import type { PageConverter, PageReader, ParsedPage } from './page-parser';
import type { PageThreadResult, PageThreadTask, SharedContext } from './page.worker';
import type { PageContext, PageRead } from './read-page';

/**
 * The git-sync worker's page threads: imports read page files on them whole (parse, front matter,
 * links, source hash, body serialised: see `readPage`), exports write Markdown on them. Each page
 * is read within `deadlineMs` from the moment a thread takes it (the importer runs at most
 * `concurrency` at once, so no page waits in the queue on its own clock); a page past its deadline
 * is answered `timeout` and its thread ended (piscina starts another).
 */
export class PagePool implements PageConverter {
  private readonly pool: Piscina<PageThreadTask, PageThreadResult>;

  constructor(
    readonly concurrency: number,
    readonly deadlineMs: number,
  ) {
    this.pool = new Piscina({
      filename: workerScript(__dirname, 'page.worker.js'),
      // Every thread starts with the worker: loading the ESM-only Markdown writer takes a moment.
      minThreads: concurrency,
      maxThreads: concurrency,
    });
  }

  async parse(markdown: string): Promise<ParsedPage> {
    const result = await this.run({ kind: 'parse', markdown }, AbortSignal.timeout(this.deadlineMs));
    return result === undefined ? { kind: 'timeout' } : (result as ParsedPage);
  }

  pages(context: PageContext): PageReader {
    // Sent once, shared by every thread and task of the import (copied, it would be per page).
    const bytes = Buffer.from(JSON.stringify(context));
    const json = new SharedArrayBuffer(bytes.length);
    new Uint8Array(json).set(bytes);
    const shared: SharedContext = { id: randomUUID(), json };
    return {
      read: async (task) => {
        const result = await this.run({ kind: 'read', context: shared, task }, AbortSignal.timeout(this.deadlineMs));
        return result === undefined ? { kind: 'timeout' } : (result as PageRead);
      },
    };
  }

  async write(document: Parameters<PageConverter['write']>[0], path: string, refs: Parameters<PageConverter['write']>[2]): Promise<string> {
    // Writing is linear in the document and the page was read within its deadline: no per-page clock.
    const result = await this.run({ kind: 'write', document, refs }, AbortSignal.timeout(Math.max(this.deadlineMs, 60_000)));
    if (result?.kind === 'markdown') return result.markdown;
    if (result?.kind === 'refused') throw badRequest(`${path}: ${result.message}`);
    throw badRequest(`${path}: took too long to write as Markdown`);
  }

  /** The thread's answer; undefined when the deadline passed first. */
  private async run(task: PageThreadTask, signal: AbortSignal): Promise<PageThreadResult | undefined> {
    try {
      return await this.pool.run(task, { signal });
    } catch (error) {
      if (signal.aborted) return undefined;
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
