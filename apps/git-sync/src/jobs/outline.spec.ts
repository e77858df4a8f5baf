import { ContentSubjects, type ImportPage, type RequestContext } from '@bindery/contracts';
import type { ServiceClient } from '@bindery/platform';
import { planImport } from '../format/import-tree';
import { readGitbookConfig } from '../format/gitbook-config';
import { applyOutline } from './outline';

const ctx = { requestId: 'r1', caller: { userId: 'u1', tokenId: 't1' } } as RequestContext;

const memory = (sources: Record<string, string>) => ({
  files: new Map(Object.entries(sources).map(([p, text]) => [p, { oid: `${p}:${text.length}`, size: text.length }])),
  read: (paths: string[]) => Promise.resolve(new Map(paths.map((p) => [p, Buffer.from(sources[p])]))),
});
const flat = (pages: ImportPage[]): ImportPage[] => pages.flatMap((p) => [p, ...flat(p.pages)]);

describe('the outline a first import shows before its bodies', () => {
  it('hides the pages whose front matter hides them, as the import then does', async () => {
    const { files, read } = memory({
      'SUMMARY.md': '* [Home](README.md)\n* [Secret](secret.md)\n  * [Under](under.md)\n* [Quoted](quoted.md)\n* [Said no](no.md)\n',
      'README.md': '# Home\n',
      'secret.md': '---\ndescription: Not for everyone\nhidden: true\n---\n\n# Secret\n',
      'under.md': '# Under\n',
      // YAML 1.2, as the parser reads it: only `true` hides.
      'quoted.md': '---\nhidden: "true"\n---\n# Quoted\n',
      'no.md': '---\nhidden: false\n---\n# Said no\n',
    });
    const sent: ImportPage[][] = [];
    const content = {
      send: jest.fn((subject: string, _ctx: RequestContext, data: { pages: ImportPage[]; onlyIfEmpty?: boolean }) => {
        expect(subject).toBe(ContentSubjects.importApply);
        expect(data.onlyIfEmpty).toBe(true);
        sent.push(data.pages);
        return Promise.resolve({ revisionId: 'r', changed: true, pagesWritten: 0 });
      }),
    } as unknown as ServiceClient;
    let outlined: Promise<void> | undefined;
    const plan = await planImport(files, read, readGitbookConfig(undefined, ''), { pages: {}, files: {} }, 's1', undefined, {
      onTree: (pages, hidden) => {
        outlined = applyOutline(content, ctx, 's1', pages, hidden);
      },
      onBody: () => undefined,
    });
    await outlined;
    const outline = flat(sent[0]).map((page) => [page.title, page.hidden === true]);
    expect(outline).toEqual([
      ['Home', false],
      ['Secret', true],
      ['Under', false],
      ['Quoted', false],
      ['Said no', false],
    ]);
    // The same pages the import hides once it has read them.
    expect(flat(plan.pages).map((page) => [page.title, page.hidden === true])).toEqual(outline);
  });
});
