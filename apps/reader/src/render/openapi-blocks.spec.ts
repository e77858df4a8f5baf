import type { Document } from '@bindery/document';
import { renderDocument, renderDocumentWith, type RefResolver } from './document-html';
import { MAX_OPENAPI_BLOCKS_PER_PAGE } from './openapi-blocks';
import { InlinePageBlocks, type PageBlocksRenderer, type PageBlocksTask } from './page-blocks';
import * as openapiHtml from './openapi-html';
import { PageMarkdownPool } from './page-markdown-pool';

// This thread's operation renderer, counted (and still rendering): which thread rendered a block
// is then asked directly, not inferred from timing.
jest.mock('./openapi-html', () => {
  const actual = jest.requireActual<typeof import('./openapi-html')>('./openapi-html');
  return { ...actual, renderOperation: jest.fn(actual.renderOperation) };
});

const PETS = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  paths: { '/pets': { get: { summary: 'List pets', responses: { '200': { description: 'The pets' } } } } },
  components: { schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } } } } },
  webhooks: { adopted: { post: { summary: 'A pet was adopted', responses: {} } } },
};
const UNUSED = { openapi: '3.0.3', info: { title: 'Unused', version: '1' }, paths: {} };

const block = (type: string, data: Record<string, unknown>, nodes?: unknown[]) => ({ object: 'block', type, isVoid: !nodes, data, nodes });
const operation = (spec: string) => block('openapi-operation', { ref: { kind: 'openapi', spec }, path: '/pets', method: 'get' });
const doc = (nodes: unknown[]) => ({ object: 'document', data: {}, nodes }) as unknown as Document;
const paragraph = (text: string) => ({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ text }] }] });

const shared = doc([block('openapi-webhook', { ref: { kind: 'openapi', spec: 'pets' }, name: 'adopted', method: 'post' })]);
const refs: RefResolver = {
  page: () => undefined,
  file: () => undefined,
  openapi: (slug) => ({ pets: PETS, unused: UNUSED })[slug],
  reusableContent: (id) => (id === 'shared' ? shared : undefined),
};

/** A renderer that records what would cross to the worker thread. */
class Recording implements PageBlocksRenderer {
  readonly tasks: PageBlocksTask[] = [];
  renderBlocks(task: PageBlocksTask): Promise<string[]> {
    this.tasks.push(structuredClone(task));
    return new InlinePageBlocks().renderBlocks(task);
  }
}

// The reader renders a page's API reference blocks apart from the page (on its worker threads):
// the page must come out exactly as when everything is rendered in one pass.
describe('API reference blocks rendered apart from the page', () => {
  const page = doc([
    paragraph('Before'),
    operation('pets'),
    block('openapi-schemas', { ref: { kind: 'openapi', spec: 'pets' }, schemas: ['Pet'] }),
    block('reusable-content', { ref: { kind: 'reusable-content', reusableContent: 'shared' } }),
    operation('pets'),
    operation('missing'),
    paragraph('After'),
  ]);

  it('gives the same page as rendering it in one pass, anchors included', async () => {
    const together = renderDocument(page, refs);
    const apart = await renderDocumentWith(new Recording(), page, refs);
    expect(apart).toEqual(together);
    expect(apart.html).toContain('id="operation-2"');
    expect(apart.html).toContain('The API operation GET /pets is not available');
  });

  it('hands every block, in page order, and only the specs they use to the renderer', async () => {
    const recording = new Recording();
    await renderDocumentWith(recording, page, refs);
    expect(recording.tasks).toHaveLength(1);
    const [task] = recording.tasks;
    expect(task.blocks.map((b) => (b.kind === 'code' || b.kind === 'math' ? b.kind : `${b.kind}:${b.spec}:${b.id}`))).toEqual([
      'operation:pets:operation',
      'schemas:pets:schemas',
      'webhook:pets:webhook',
      'operation:pets:operation-2',
      'operation:missing:operation-3',
    ]);
    expect(Object.keys(task.specs)).toEqual(['pets']);
  });

  it('asks no renderer for a page without API reference blocks', async () => {
    const recording = new Recording();
    const plain = doc([paragraph('Only text')]);
    expect(await renderDocumentWith(recording, plain, refs)).toEqual(renderDocument(plain, refs));
    expect(recording.tasks).toHaveLength(0);
  });

  it(`renders at most ${MAX_OPENAPI_BLOCKS_PER_PAGE} blocks of a page and says so for the rest`, async () => {
    const recording = new Recording();
    const many = doc(Array.from({ length: MAX_OPENAPI_BLOCKS_PER_PAGE + 2 }, () => operation('pets')));
    const { html } = await renderDocumentWith(recording, many, refs);
    expect(recording.tasks[0].blocks).toHaveLength(MAX_OPENAPI_BLOCKS_PER_PAGE);
    expect(html.match(/too many API reference blocks/g)).toHaveLength(2);
  });
});

// (Runs the built worker script: `pnpm build` first.)
describe('PageMarkdownPool renders API reference blocks', () => {
  const pool = new PageMarkdownPool(1);
  afterAll(() => pool.close());

  it('on its worker thread, with the page coming out as in one pass', async () => {
    const page = doc([operation('pets'), paragraph('After')]);
    expect(await renderDocumentWith(pool, page, refs)).toEqual(renderDocument(page, refs));
  }, 30_000);

  it('off the calling thread: the page comes out whole and this thread renders no block', async () => {
    // Not "the loop turns before the answer": a fast worker can answer first, so that check was flaky.
    const onThisThread = jest.mocked(openapiHtml.renderOperation);
    onThisThread.mockClear();
    const many = doc(Array.from({ length: MAX_OPENAPI_BLOCKS_PER_PAGE }, () => operation('pets')));
    const { html } = await renderDocumentWith(pool, many, refs);
    expect(html.match(/id="operation(-\d+)?"/g)).toHaveLength(MAX_OPENAPI_BLOCKS_PER_PAGE);
    // With InlinePageBlocks (the calling thread) this is called once per block.
    expect(onThisThread).not.toHaveBeenCalled();
  }, 30_000);
});
