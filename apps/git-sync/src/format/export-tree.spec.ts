import { execFileSync } from 'node:child_process';
import { blobOid, planExport } from './export-tree';
import { readGitbookConfig } from './gitbook-config';
import { type ImportPlan, planImport } from './import-tree';

describe('blobOid', () => {
  it('is the id git gives the file, so the next import keeps exported pages unparsed', () => {
    for (const text of ['', '# Title\n', '# Ünïcode — 标题\n\nBody.\n']) {
      expect(blobOid(text)).toBe(execFileSync('git', ['hash-object', '--stdin'], { input: text, encoding: 'utf8' }).trim());
    }
  });
});

describe('planExport', () => {
  const doc = (text: string) => ({
    object: 'document',
    data: {},
    nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }],
  });
  const read = (second: string) =>
    ({
      revisionId: 'r',
      files: [],
      pages: [
        { id: 'p1', title: 'Home', slug: 'home', document: doc('Welcome.'), pages: [] },
        { id: 'p2', title: 'Guide', slug: 'guide', document: doc(second), pages: [] },
      ],
    }) as unknown as Parameters<typeof planExport>[0];

  it('renders again only the pages that changed since the last export, when the branch did not move', async () => {
    const first = await planExport(read('Start.'), { pages: {}, files: {} });
    expect([...first.texts.keys()].sort()).toEqual(['README.md', 'SUMMARY.md', 'guide.md']);
    expect(first.ids.pages['guide.md'].oid).toBe(blobOid(first.texts.get('guide.md')!));

    const same = await planExport(read('Start.'), first.ids, true);
    expect([...same.texts.keys()]).toEqual(['SUMMARY.md']);
    expect([...same.kept].sort()).toEqual(['README.md', 'guide.md']);
    expect(same.ids).toEqual(first.ids);

    const edited = await planExport(read('Start, edited.'), first.ids, true);
    expect([...edited.texts.keys()].sort()).toEqual(['SUMMARY.md', 'guide.md']);
    expect(edited.texts.get('guide.md')).toContain('Start, edited.');
    // The branch moved (someone pushed): every page is written again.
    expect([...(await planExport(read('Start.'), first.ids, false)).texts.keys()].sort()).toEqual(['README.md', 'SUMMARY.md', 'guide.md']);
  });
});

describe('planExport of groups and links', () => {
  it('writes groups as ## headings with their anchor and links as external entries, and imports them back alike', async () => {
    const doc = { object: 'document', data: {}, nodes: [] };
    const read = {
      revisionId: 'r',
      files: [],
      pages: [
        {
          id: 'g1',
          type: 'group',
          title: 'Getting started',
          slug: 'start',
          document: null,
          pages: [
            { id: 'p1', title: 'Welcome', slug: 'welcome', document: doc, pages: [] },
            {
              id: 'l1',
              type: 'link',
              target: { kind: 'url', url: 'https://status.example.com' },
              title: 'Status',
              slug: 'status',
              document: null,
              pages: [],
            },
          ],
        },
        {
          id: 'g2',
          type: 'group',
          title: 'More',
          slug: 'more',
          document: null,
          pages: [{ id: 'p2', title: 'Second', slug: 'second', document: doc, pages: [] }],
        },
      ],
    } as unknown as Parameters<typeof planExport>[0];
    const plan = await planExport(read, { pages: {}, files: {} });
    expect(plan.texts.get('SUMMARY.md')).toBe(
      [
        '# Table of contents',
        '',
        '',
        '## Getting started <a href="#start" id="start"></a>',
        '',
        '* [Welcome](README.md)',
        '* [Status](https://status.example.com)',
        '',
        '## More <a href="#more" id="more"></a>',
        '',
        '* [Second](more/second.md)',
        '',
      ].join('\n'),
    );
    expect([...plan.texts.keys()].sort()).toEqual(['README.md', 'SUMMARY.md', 'more/second.md']);
    // The next import reads the same structure back, with the same ids.
    const sources = Object.fromEntries(plan.texts);
    const files = new Map(Object.entries(sources).map(([p, text]) => [p, { oid: blobOid(text), size: text.length }]));
    const again = await planImport(
      files,
      (paths) => Promise.resolve(new Map(paths.map((p) => [p, Buffer.from(sources[p])]))),
      readGitbookConfig(undefined, ''),
      plan.ids,
    );
    const outline = (pages: ImportPlan['pages']): unknown[] => pages.map((p) => [p.id, p.type ?? 'document', p.slug, outline(p.pages)]);
    expect(outline(again.pages)).toEqual([
      [
        'g1',
        'group',
        'start',
        [
          ['p1', 'document', 'readme', []],
          ['l1', 'link', 'status', []],
        ],
      ],
      ['g2', 'group', 'more', [['p2', 'document', 'second', []]]],
    ]);
  });
});
