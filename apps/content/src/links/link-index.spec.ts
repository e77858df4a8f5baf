import type { JsonDocument } from '@bindery/contracts';
import { extractRefs } from '../store/document-refs';
import { buildLinkIndex } from './link-index';

const text = (t: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: t, marks: [] }] });
const link = (ref: Record<string, unknown>, t = 'link') => ({ object: 'inline', type: 'link', data: { ref }, nodes: [text(t)] });
const para = (...nodes: unknown[]) => ({ object: 'block', type: 'paragraph', data: {}, nodes });
const heading = (t: string, id?: string) => ({ object: 'block', type: 'heading-2', data: id ? { id } : {}, nodes: [text(t)] });
const doc = (...nodes: unknown[]) => ({ object: 'document', data: {}, nodes }) as unknown as JsonDocument;

describe('extractRefs', () => {
  it('finds every kind of reference once, and the anchors of headings', () => {
    const body = doc(
      heading('Getting started'),
      heading('Other', 'custom-id'),
      para(link({ kind: 'page', page: 'p2' }), link({ kind: 'page', page: 'p2' }), link({ kind: 'url', url: 'https://x.test' })),
      {
        object: 'block',
        type: 'images',
        data: {},
        nodes: [{ object: 'block', type: 'image', isVoid: true, data: { ref: { kind: 'file', file: 'f1' } } }],
      },
      { object: 'block', type: 'content-ref', isVoid: true, data: { ref: { kind: 'anchor', anchor: 'intro', page: 'p2' } } },
      { object: 'block', type: 'content-ref', isVoid: true, data: { ref: { kind: 'user', user: 'u1' } } },
    );
    const { refs, anchors } = extractRefs(body);
    expect(refs).toEqual([
      { kind: 'page', page: 'p2' },
      { kind: 'url', url: 'https://x.test' },
      { kind: 'file', file: 'f1' },
      { kind: 'anchor', anchor: 'intro', page: 'p2' },
    ]);
    expect(anchors).toEqual(['getting-started', 'custom-id']);
  });
});

describe('buildLinkIndex', () => {
  const bodies: Record<string, JsonDocument> = {
    a: doc(
      para(
        link({ kind: 'page', page: 'p2' }),
        link({ kind: 'page', page: 'gone' }),
        link({ kind: 'anchor', anchor: 'intro', page: 'p2' }),
        link({ kind: 'anchor', anchor: 'missing', page: 'p2' }),
        link({ kind: 'file', file: 'f1' }),
        link({ kind: 'file', file: 'f9' }),
        link({ kind: 'url', url: 'https://app.test/s/S1/page' }),
        link({ kind: 'url', url: 'https://elsewhere.test' }),
        link({ kind: 'page', page: 'p1', space: 'S2' }),
        link({ kind: 'page', page: 'p1', space: 'S1' }),
      ),
    ),
    b: doc(heading('Intro'), para(link({ kind: 'anchor', anchor: 'intro' }), link({ kind: 'page', page: 'p2' }))),
  };
  const index = buildLinkIndex({
    spaceId: 'S1',
    pages: [
      { id: 'p1', document: 'a' },
      { id: 'p2', document: 'b' },
      { id: 'p3', document: null },
    ],
    refsOf: (hash) => extractRefs(bodies[hash]),
    fileIds: new Set(['f1']),
    appBase: 'https://app.test/s/S1',
  });
  const statusOf = (match: (ref: Record<string, unknown>) => boolean) =>
    index.targets.filter((t) => match(t.ref as Record<string, unknown>)).map((t) => t.status);

  it('marks missing pages, anchors and files broken, app URLs in-app, other spaces external', () => {
    expect(statusOf((r) => r.page === 'p2' && r.kind === 'page')).toEqual(['ok']);
    expect(statusOf((r) => r.page === 'gone')).toEqual(['broken']);
    expect(statusOf((r) => r.anchor === 'intro')).toEqual(['ok']);
    expect(statusOf((r) => r.anchor === 'missing')).toEqual(['broken']);
    expect(statusOf((r) => r.file === 'f1')).toEqual(['ok']);
    expect(statusOf((r) => r.file === 'f9')).toEqual(['broken']);
    expect(statusOf((r) => typeof r.url === 'string' && r.url.startsWith('https://app.test'))).toEqual(['in-app']);
    expect(statusOf((r) => r.url === 'https://elsewhere.test')).toEqual(['ok']);
    expect(statusOf((r) => r.space === 'S2')).toEqual(['external']);
  });

  it('groups sources by target and lists backlinks by page and file', () => {
    const toP2 = index.targets.find((t) => t.ref.kind === 'page' && t.ref.page === 'p2')!;
    expect(toP2.sources).toEqual(['p1', 'p2']);
    // A reference naming this space is a local one; an anchor without a page is on the linking page.
    expect(index.byPage.get('p1')!.map((t) => t.sources)).toEqual([['p1']]);
    expect(index.byPage.get('p2')!.length).toBe(3);
    expect(index.byFile.get('f1')!.sources).toEqual(['p1']);
    expect(index.bySource.get('p3')).toBeUndefined();
    expect(index.targets.map((t) => t.key)).toEqual([...index.targets.map((t) => t.key)].sort());
  });
});

describe('buildLinkIndex with link pages', () => {
  it('counts a link page whose target is a page as a backlink of that page', () => {
    const index = buildLinkIndex({
      spaceId: 'S1',
      pages: [
        { id: 'guide', document: null },
        { id: 'shortcut', document: null, target: { kind: 'page', page: 'guide' } },
        { id: 'outside', document: null, target: { kind: 'url', url: 'https://elsewhere.test' } },
      ],
      refsOf: () => undefined,
      fileIds: new Set(),
      appBase: 'https://app.test/s/S1',
    });
    expect(index.byPage.get('guide')?.map((t) => [t.status, t.sources])).toEqual([['ok', ['shortcut']]]);
    expect(index.bySource.get('outside')?.map((t) => t.ref)).toEqual([{ kind: 'url', url: 'https://elsewhere.test' }]);
  });
});
