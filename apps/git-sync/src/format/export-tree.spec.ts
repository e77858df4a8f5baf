import { execFileSync } from 'node:child_process';
import { blobOid, planExport } from './export-tree';

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

  it('renders again only the pages that changed since the last export, when the branch did not move', () => {
    const first = planExport(read('Start.'), { pages: {}, files: {} });
    expect([...first.texts.keys()].sort()).toEqual(['README.md', 'SUMMARY.md', 'guide.md']);
    expect(first.ids.pages['guide.md'].oid).toBe(blobOid(first.texts.get('guide.md')!));

    const same = planExport(read('Start.'), first.ids, true);
    expect([...same.texts.keys()]).toEqual(['SUMMARY.md']);
    expect([...same.kept].sort()).toEqual(['README.md', 'guide.md']);
    expect(same.ids).toEqual(first.ids);

    const edited = planExport(read('Start, edited.'), first.ids, true);
    expect([...edited.texts.keys()].sort()).toEqual(['SUMMARY.md', 'guide.md']);
    expect(edited.texts.get('guide.md')).toContain('Start, edited.');
    // The branch moved (someone pushed): every page is written again.
    expect([...planExport(read('Start.'), first.ids, false).texts.keys()].sort()).toEqual(['README.md', 'SUMMARY.md', 'guide.md']);
  });
});
