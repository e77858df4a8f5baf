import { workerScript } from '@bindery/platform';
import { Piscina } from 'piscina';
import { joinTree, type PageTreeParser, type SplitTree } from './page-tree';

/**
 * Revisions' page trees parsed on one worker thread, off the event loop (see page-tree.ts). The
 * thread starts when a tree arrives and ends after a minute idle: an idle reader holds none.
 */
export class PageTreePool {
  private readonly pool = new Piscina<string, SplitTree>({
    filename: workerScript(__dirname, 'page-tree.worker.js'),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
  });

  readonly parse: PageTreeParser = async (rawJson) => joinTree(await this.pool.run(rawJson));

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
