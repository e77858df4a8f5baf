import { workerScript } from '@bindery/platform';
import { Piscina } from 'piscina';
import { joinTree, type RevisionReader, type SplitReply } from './page-tree';

/**
 * Content's revision replies read on one worker thread, off the event loop (see page-tree.ts). The
 * thread starts when a reply arrives and ends after a minute idle: an idle reader holds none.
 */
export class PageTreePool {
  private readonly pool = new Piscina<Uint8Array, SplitReply>({
    filename: workerScript(__dirname, 'page-tree.worker.js'),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
  });

  readonly read: RevisionReader = async (packet) => {
    // A copy of the message's bytes, moved to the worker (NATS may share the buffer under them).
    const copy = packet.slice();
    const reply = await this.pool.run(copy, { transferList: [copy.buffer] });
    if (reply.err !== undefined && reply.err !== null) return reply;
    const { result, tree } = reply.response;
    return { response: tree ? { result, pages: joinTree(tree) } : { result } };
  };

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
