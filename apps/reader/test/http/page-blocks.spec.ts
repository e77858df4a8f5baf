import { ReaderService } from '../../src/http/reader.service';
import { InlinePageBlocks, type PageBlocksRenderer, type PageBlocksTask } from '../../src/render/page-blocks';
import { DEMO_ORG, demoContents, demoSite } from '../fixtures/demo-site';
import { MemoryContentSource } from '../fixtures/memory-content';
import { MemorySiteDirectory } from '../fixtures/memory-directory';
import { testClient } from './client';

/** Fails (as the pool does past its time limit, or with its queue full) until told to work. */
class FailingUntilFixed implements PageBlocksRenderer {
  failing = true;
  tasks = 0;
  renderBlocks(task: PageBlocksTask): Promise<string[]> {
    this.tasks += 1;
    if (this.failing) return Promise.reject(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    return new InlinePageBlocks().renderBlocks(task);
  }
}

describe('a page whose costly blocks (code, math, API reference) the worker threads cannot render', () => {
  it('answers 503, uncached, and renders the page on the next request once they can', async () => {
    const blocks = new FailingUntilFixed();
    const client = testClient(
      new ReaderService(new MemorySiteDirectory([demoSite()]), new MemoryContentSource(demoContents()), {
        cacheBytes: 1 << 20,
        pageBlocks: blocks,
      }),
    );
    const request = { method: 'GET', host: 'localhost:8090', url: `/${DEMO_ORG}/docs/welcome`, headers: {}, secure: false };
    const failed = await client.handle(request);
    expect(failed.status).toBe(503);
    expect(failed.headers['cache-control']).toBe('no-store');
    // The demo's welcome page has highlighted code: it went to the renderer.
    expect(blocks.tasks).toBe(1);

    blocks.failing = false;
    const served = await client.handle(request);
    expect(served.status).toBe(200);
    expect(served.body).toContain('hljs-keyword');
    expect(blocks.tasks).toBe(2);
  });
});
