import type { ExportRead } from './export-tree';
import { planExport } from './export-tree';
import { readGitbookConfig } from './gitbook-config';
import { planImport } from './import-tree';
import { inProcessConverter, mapConcurrently, type PageConverter } from './page-parser';
import { PagePool } from './page-pool';

const memory = (sources: Record<string, string>) => {
  const files = new Map(Object.entries(sources).map(([p, text]) => [p, { oid: `${p}:${text.length}`, size: text.length }]));
  const read = (paths: string[]) => Promise.resolve(new Map(paths.map((p) => [p, Buffer.from(sources[p])])));
  return { files, read };
};
const config = readGitbookConfig(undefined, '');
const empty = () => ({ pages: {}, files: {} });
// About 200 KB of ordinary Markdown: still converting a moment after it starts, on any machine.
const large = '# Large\n\n' + '## Section\n\nSome *emphasis*, a [link](https://example.com) and `code`.\n\n- a\n- b\n\n'.repeat(2_500);

// Runs the built thread script (`pnpm build` first).
describe('pages converted on the page pool', () => {
  const pool = new PagePool(2, 60_000);
  afterAll(() => pool.close());

  it('parses off the caller event loop: the loop turns before the import plan arrives', async () => {
    const { files, read } = memory({ 'README.md': large, 'SUMMARY.md': '* [Large](README.md)\n' });
    const order: string[] = [];
    const planning = planImport(files, read, config, empty(), '', pool).then((plan) => {
      order.push('planned');
      return plan;
    });
    await new Promise((resolve) => setImmediate(resolve));
    order.push('loop turned');
    const plan = await planning;
    // Parsed on the caller's thread, the plan would be ready before the loop could turn.
    expect(order).toEqual(['loop turned', 'planned']);
    expect(plan.pages[0].title).toBe('Large');
    expect(JSON.stringify(plan.pages[0].document)).toContain('emphasis');
  }, 60_000);

  it('gives the same pages and Markdown as converting in process, links included', async () => {
    const { files, read } = memory({
      'README.md': '# Home\n\nSee [the guide](guide.md#install) and ![logo](.gitbook/assets/logo.png).\n',
      'SUMMARY.md': '* [Home](README.md)\n* [Guide](guide.md)\n* [Broken](broken.md)\n',
      'guide.md': '---\ndescription: How to start\n---\n\n# Guide\n\n## Install\n\nBack [home](README.md).\n',
      'broken.md': '---\n: [\n---\n# Broken\n',
      '.gitbook/assets/logo.png': 'png',
    });
    const converter = pool;
    const pooled = await planImport(files, read, config, empty(), 'salt', converter);
    const local = await planImport(files, read, config, empty(), 'salt');
    // Node keys are random: the rest is the same.
    const keyless = (pages: unknown): unknown =>
      JSON.parse(JSON.stringify(pages, (name, value: unknown) => (name === 'key' ? undefined : value)));
    expect(keyless(pooled.pages)).toEqual(keyless(local.pages));
    expect(pooled.report).toEqual(local.report);
    expect(pooled.report.join('\n')).toMatch(/^broken\.md: .+; imported without front matter$/m);
    const asRead: ExportRead = {
      revisionId: 'r',
      pages: pooled.pages as unknown as ExportRead['pages'],
      files: [{ id: pooled.ids.files['.gitbook/assets/logo.png'].id, name: 'logo.png', contentType: 'image/png', size: 3, hash: 'h' }],
    };
    const written = await planExport(asRead, pooled.ids, false, new Map(), converter);
    const writtenLocally = await planExport(asRead, pooled.ids, false);
    expect([...written.texts]).toEqual([...writtenLocally.texts]);
    expect(written.texts.get('README.md')).toContain('[the guide](guide.md#install)');
    expect(written.texts.get('README.md')).toContain('.gitbook/assets/logo.png');
  }, 60_000);

  it('reports a page still parsing past its deadline as a timeout', async () => {
    const hurried = new PagePool(1, 1);
    try {
      await expect(hurried.parse(large)).resolves.toEqual({ kind: 'timeout' });
      const context = { salt: '', files: ['large.md'], pages: {}, includes: {}, fileIds: {} };
      await expect(hurried.pages(context).read({ path: 'large.md', title: 'Large', markdown: large, hash: true })).resolves.toEqual({
        kind: 'timeout',
      });
    } finally {
      await hurried.close();
    }
    // A thread an abort ended is replaced: the next page parses.
    await expect(pool.parse('# Again\n')).resolves.toMatchObject({ kind: 'page' });
  }, 60_000);
});

describe('planImport with a page past its deadline', () => {
  it('imports that page as a code block of its source, with a note, and parses the others', async () => {
    const { files, read } = memory({
      'README.md': '# Home\n\nHello.\n',
      'SUMMARY.md': '* [Home](README.md)\n* [Slow](slow.md)\n',
      'slow.md': '# Slow\n\n{% hint %}\nnever parsed\n{% endhint %}\n',
    });
    const slow: PageConverter = {
      ...inProcessConverter,
      concurrency: 2,
      deadlineMs: 10_000,
      pages: (context) => {
        const reader = inProcessConverter.pages(context);
        return { read: (task) => (task.path === 'slow.md' ? Promise.resolve({ kind: 'timeout' }) : reader.read(task)) };
      },
    };
    const plan = await planImport(files, read, config, empty(), '', slow);
    const [home, page] = plan.pages;
    expect(JSON.stringify(home.document)).toContain('Hello.');
    expect(page.title).toBe('Slow');
    expect(page.document?.nodes).toMatchObject([{ type: 'code', data: { syntax: 'markdown' } }]);
    expect(JSON.stringify(page.document)).toContain('never parsed');
    expect(plan.report).toContain(
      'slow.md: still parsing after 10000 ms, the time a page may take; imported unparsed, as a code block of its Markdown',
    );
  });
});

describe('mapConcurrently', () => {
  it('runs at most `concurrency` at once and keeps the order of the items', async () => {
    let running = 0;
    let most = 0;
    const results = await mapConcurrently([1, 2, 3, 4, 5], 2, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      running--;
      return n * 10;
    });
    expect(results).toEqual([10, 20, 30, 40, 50]);
    expect(most).toBe(2);
  });
});
