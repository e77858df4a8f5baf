import type { ImportPage } from '@bindery/contracts';
import type { ExportRead } from './export-tree';
import { planExport } from './export-tree';
import { readGitbookConfig } from './gitbook-config';
import { planImport } from './import-tree';
import { canonicalJson } from './canonical-json';
import { bodyAndSourceHash, pageSourceHash } from './page-source';

// Written by hand, not as the Markdown writer would write it: `-` bullets, `*` emphasis, a
// trailing blank line, no front matter folding. An export must give these bytes back untouched.
const SOURCES: Record<string, string> = {
  'README.md': '# Welcome\n\n- one *item*\n- see [the guide](guide.md)\n\n',
  'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide.md)\n',
  'guide.md': '---\ndescription: How to start\n---\n\n# Guide\n\nBack [home](README.md)  \nand ![logo](.gitbook/assets/logo.png).\n',
  '.gitbook/assets/logo.png': 'png',
};

async function imported() {
  const files = new Map(Object.entries(SOURCES).map(([p, text]) => [p, { oid: `oid-${p}`, size: text.length }]));
  const read = (paths: string[]) => Promise.resolve(new Map(paths.map((p) => [p, Buffer.from(SOURCES[p])])));
  return planImport(files, read, readGitbookConfig(undefined, ''), { pages: {}, files: {} }, 'space');
}

/** What content gives an export back: the imported tree, with each document as stored (keys reordered, as jsonb does). */
function asRead(pages: ImportPage[], files: ExportRead['files']): ExportRead {
  const reorder = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(reorder)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .reverse()
              .map(([k, v]) => [k, reorder(v)]),
          )
        : value;
  const strip = (page: ImportPage): ExportRead['pages'][number] => {
    const { keepDocument: _keep, document, pages: children, ...rest } = page;
    return { ...rest, document: document ? (reorder(document) as typeof document) : null, pages: children.map(strip) };
  };
  return { revisionId: 'r', pages: pages.map(strip), files };
}

describe('page sources: an import followed by an export leaves untouched files alone', () => {
  it('remembers each parsed page and writes it back byte for byte while the page is unchanged', async () => {
    const plan = await imported();
    expect([...plan.sources.keys()].sort()).toEqual(['README.md', 'guide.md']);
    const files = plan.files.map((path) => ({
      id: plan.ids.files[path].id,
      name: 'logo.png',
      contentType: 'image/png',
      size: 3,
      hash: 'h',
    }));
    const exported = await planExport(asRead(plan.pages, files), plan.ids, false, plan.sources);
    expect(exported.texts.get('README.md')).toBe(SOURCES['README.md']);
    expect(exported.texts.get('guide.md')).toBe(SOURCES['guide.md']);
    expect([...exported.fromSource].sort()).toEqual(['README.md', 'guide.md']);
    // The asset the page links to is still known as used.
    expect(exported.ids.pages['guide.md'].files).toEqual(['.gitbook/assets/logo.png']);
  });

  it('renders a page again when its document, its fields or where its links point changed', async () => {
    const plan = await imported();
    const read = asRead(plan.pages, []);
    const [readme, guide] = read.pages;
    // An edit of the guide's text.
    const leaf = JSON.stringify(guide.document).replace('Back ', 'Go back ');
    const edited = { ...read, pages: [readme, { ...guide, document: JSON.parse(leaf) as typeof guide.document }] };
    const afterEdit = await planExport(edited, plan.ids, false, plan.sources);
    expect([...afterEdit.fromSource]).toEqual(['README.md']);
    expect(afterEdit.texts.get('guide.md')).toContain('Go back');
    // A new description.
    const described = await planExport({ ...read, pages: [readme, { ...guide, description: 'Changed' }] }, plan.ids, false, plan.sources);
    expect([...described.fromSource]).toEqual(['README.md']);
    // The guide moves (its id no longer has a path): the readme's link to it would be stale.
    const { 'guide.md': _moved, ...others } = plan.ids.pages;
    const moved = await planExport(
      { ...read, pages: [readme, { ...guide, slug: 'start' }] },
      { ...plan.ids, pages: others },
      false,
      plan.sources,
    );
    expect([...moved.texts.keys()].sort()).toEqual(['README.md', 'SUMMARY.md', 'start.md']);
    expect(moved.fromSource.size).toBe(0);
    expect(moved.texts.get('README.md')).toContain('(start.md)');
  });
});

describe('pageSourceHash', () => {
  // Integer-like keys (a cards table's records), escapes, references by path: the hash the first
  // implementation gave, so the hashes stored by earlier imports stay valid.
  const document = {
    object: 'document',
    data: {},
    nodes: [
      {
        object: 'block',
        type: 'paragraph',
        key: 'k1',
        data: {},
        nodes: [{ object: 'text', key: 'k2', leaves: [{ object: 'leaf', text: 'Hé "quoted"', marks: [] }] }],
      },
      {
        object: 'block',
        type: 'table',
        key: 'k3',
        data: { records: { '10': { values: { '2': 'a', b: 1 } }, '9': {} }, view: { type: 'cards' } },
        nodes: [],
      },
      { object: 'inline', type: 'link', key: 'k4', data: { ref: { kind: 'page', page: 'P1' } }, nodes: [] },
      { object: 'block', type: 'image', key: 'k5', data: { ref: { kind: 'file', file: 'F1' } }, nodes: [] },
    ],
  } as unknown as ImportPage['document'];
  const paths = {
    page: (id: string) => (id === 'P1' ? 'guide/start.md' : undefined),
    file: (id: string) => (id === 'F1' ? '.gitbook/assets/logo.png' : undefined),
  };

  it('gives the same hash as before, whatever the order of keys and the node keys', () => {
    const expected = 'e3a6b97fbf45f07c34f8686560e80266d9531baeffe762c38d20a7f30dad1829';
    expect(pageSourceHash({ title: 'Start', description: 'How', document }, 'guide/start.md', paths)).toBe(expected);
    const reordered = JSON.parse(
      JSON.stringify(document, (_name, value: unknown) =>
        value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).reverse()) : value,
      ),
    ) as ImportPage['document'];
    expect(pageSourceHash({ description: 'How', title: 'Start', document: reordered }, 'guide/start.md', paths)).toBe(expected);
  });

  it("is given with the body's canonical text by one walk (bodyAndSourceHash), the same as the two apart", () => {
    const page = { title: 'Start', description: 'How', document: document! };
    const withoutIntegerKeys = JSON.parse(JSON.stringify(document).replace(/"(10|9|2)":/g, '"r$1":')) as typeof page.document;
    const emptyData = { ...document!, nodes: [{ object: 'block', type: 'divider', key: 'k', data: {}, isVoid: true }, ...document!.nodes] };
    for (const body of [document!, withoutIntegerKeys, emptyData]) {
      expect(bodyAndSourceHash({ ...page, document: body }, 'guide/start.md', paths)).toEqual({
        body: canonicalJson(body),
        hash: pageSourceHash({ ...page, document: body }, 'guide/start.md', paths),
      });
    }
    expect(bodyAndSourceHash(page, 'guide/start.md', paths).hash).toBe('e3a6b97fbf45f07c34f8686560e80266d9531baeffe762c38d20a7f30dad1829');
  });
});
