import { workerScript } from '@bindery/platform';
import { Piscina } from 'piscina';
import type { ReaderPage } from './content-source';
import { joinTree, loadedReply, type PageTreeThread, type PartReply, type SplitReply, type SplitTree } from './page-tree';

/**
 * Content's revision replies read on one worker thread, off the event loop (see page-tree.ts). The
 * thread starts when a reply arrives and ends after a minute idle: an idle reader holds none.
 */
export class PageTreePool implements PageTreeThread {
  private readonly pool = new Piscina({
    filename: workerScript(__dirname, 'page-tree.worker.js'),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
  });

  readonly reply: PageTreeThread['reply'] = async (packet) => {
    // A copy of the message's bytes, moved to the worker (NATS may share the buffer under them).
    const copy = packet.slice();
    return loadedReply((await this.pool.run(copy, { transferList: [copy.buffer] })) as SplitReply);
  };

  readonly part: PageTreeThread['part'] = async (packet) => {
    const copy = packet.slice();
    return (await this.pool.run(copy, { name: 'part', transferList: [copy.buffer] })) as PartReply;
  };

  readonly join: PageTreeThread['join'] = async (parts): Promise<ReaderPage[]> => {
    // Each part owns its buffer (the worker made it): moved back, not copied.
    const tree = (await this.pool.run(parts, { name: 'join', transferList: parts.map((part) => part.buffer as ArrayBuffer) })) as SplitTree;
    return joinTree(tree);
  };

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
