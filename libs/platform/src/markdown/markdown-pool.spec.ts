import { MarkdownPool } from './markdown-pool';

// The conversion itself runs in the worker thread (plain Node, the built document library); here,
// only the pool's own module is loaded, without the ESM-only Markdown writer jest cannot require.
jest.mock('@bindery/document', () => ({ markdownInputError: () => undefined }));

// The pool's promises, as a service sees them: a conversion past its deadline is a 400 naming the
// field, the thread it ended is replaced, and no conversion ever runs on the caller's event loop.
// (Runs the built worker script: `pnpm build` first, as for the service-alone tier.)
describe('MarkdownPool', () => {
  const pool = new MarkdownPool({ workers: 1, budgetMs: 50, name: 'test', budgetNote: 'a test budget' });
  // About 200 KB of ordinary Markdown: long enough to still be converting a moment after it starts.
  const large = '## Section\n\nSome *emphasis*, a [link](https://example.com) and `code`.\n\n- a\n- b\n\n'.repeat(2_500);

  afterAll(() => pool.close());

  it('answers a conversion that outruns its deadline with a 400 naming the field, then converts again', async () => {
    const deadline = new AbortController();
    const converting = pool.toDocument(large, 'body.markdown', deadline.signal);
    setImmediate(() => deadline.abort());
    await expect(converting).rejects.toMatchObject({
      code: 400,
      message: 'body.markdown: took longer than 50 ms to convert (a test budget); simplify or split it',
    });
    const document = await pool.toDocument('# again', 'body.markdown', new AbortController().signal);
    expect(JSON.stringify(document)).toContain('again');
  }, 30_000);

  it('converts off the event loop: the loop turns while a large conversion runs', async () => {
    const order: string[] = [];
    const converting = pool.toDocument(large, 'body.markdown', new AbortController().signal).then(() => order.push('converted'));
    await new Promise((resolve) => setImmediate(resolve));
    order.push('loop turned');
    await converting;
    // On the caller's thread, the conversion would have finished before the loop could turn.
    expect(order).toEqual(['loop turned', 'converted']);
  }, 30_000);
});
